/**
 * The schemas of the host ↔ browser wire contract (see docs/protocol.md):
 * the one source of the wire's types, and what both sides parse with
 * (through `wire-parse.ts`).
 */
import * as v from 'valibot'
import { AskUserQuestionAnswerSchema, AskUserQuestionItemSchema } from './schemas.ts'

/** @internal Frame types an application may not use. */
export const RESERVED_FRAME_TYPE = /^(?:question|mux)\//

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200))
/** Milliseconds since the epoch. */
const epochMs = v.pipe(v.number(), v.finite())

/** A question was asked; `rpcId` is minted by the host once per ask. */
export const QuestionRequestedFrameSchema = v.object({
  type: v.literal('question/requested'),
  rpcId: id,
  sessionId: id,
  callId: v.optional(v.string()),
  questions: v.array(AskUserQuestionItemSchema),
  /** Milliseconds since the epoch when the host registered the ask. */
  requestedAt: epochMs,
  /**
   * When the host stops waiting (ms since the epoch), for an ask with a
   * `timeoutMs`; a later `question/deadline` frame moves it. Absent: no deadline.
   */
  deadlineAt: v.optional(epochMs),
})

/** How a question was settled. */
export const QuestionOutcomeSchema = v.picklist(['answered', 'cancelled', 'aborted', 'timed-out'])

/**
 * Where and when a tab ended a question, as a person reads it: a short client
 * label the host derives from the User-Agent ("Chrome on macOS"; empty when
 * it cannot tell), never an identifier, and the host's time.
 */
export const QuestionEndedBySchema = v.object({
  label: v.pipe(v.string(), v.maxLength(80)),
  at: epochMs,
})

/** A question is no longer pending. */
export const QuestionResolvedFrameSchema = v.object({
  type: v.literal('question/resolved'),
  rpcId: id,
  sessionId: id,
  outcome: QuestionOutcomeSchema,
  /**
   * Why an `aborted` question ended, when the host knows more than "the
   * agent stopped": `server-gone` — the host process whose agent awaited the
   * question stopped (cluster mode), so no answer can reach it.
   */
  reason: v.optional(v.picklist(['server-gone'])),
  /** For `answered` and `cancelled`: the tab that ended it. */
  by: v.optional(QuestionEndedBySchema),
})

/** Why a deadline moved: the user asked for more time, or their typing and choosing did (a host policy). */
export const DeadlineReasonSchema = v.picklist(['user', 'activity'])

/** A pending question's deadline moved; every tab shows the new one. */
export const QuestionDeadlineFrameSchema = v.object({
  type: v.literal('question/deadline'),
  rpcId: id,
  sessionId: id,
  deadlineAt: epochMs,
  reason: DeadlineReasonSchema,
})

/** Sent once per connection after the replay: the client's view is complete. */
export const MuxReadyFrameSchema = v.object({ type: v.literal('mux/ready') })

/** An application's own frame: any `type` outside the `question/` and `mux/` namespaces. */
export const AppFrameSchema = v.looseObject({
  type: v.pipe(
    v.string(),
    v.minLength(1),
    v.check((type) => !RESERVED_FRAME_TYPE.test(type), 'reserved frame type'),
  ),
})

export type QuestionRequestedFrame = v.InferOutput<typeof QuestionRequestedFrameSchema>
export type QuestionResolvedFrame = v.InferOutput<typeof QuestionResolvedFrameSchema>
export type QuestionOutcome = v.InferOutput<typeof QuestionOutcomeSchema>
export type QuestionEndedBy = v.InferOutput<typeof QuestionEndedBySchema>
export type DeadlineReason = v.InferOutput<typeof DeadlineReasonSchema>
export type QuestionDeadlineFrame = v.InferOutput<typeof QuestionDeadlineFrameSchema>
export type MuxReadyFrame = v.InferOutput<typeof MuxReadyFrameSchema>
export type AppFrame = v.InferOutput<typeof AppFrameSchema>
export type DownlinkFrame =
  | QuestionRequestedFrame
  | QuestionResolvedFrame
  | QuestionDeadlineFrame
  | MuxReadyFrame
  | AppFrame

/** The body of `POST /api/respond`. `cancelled` is the only error code. */
export const RespondBodySchema = v.object({
  rpcId: id,
  sessionId: id,
  /**
   * The client's id for this response, the same on every retry of it. A host
   * that accepted a response with this id answers a retry `accepted` again
   * instead of `not-pending` (a reply lost after the commit stays a success).
   */
  responseId: v.optional(id),
  result: v.variant('ok', [
    v.object({ ok: v.literal(true), answer: AskUserQuestionAnswerSchema }),
    v.object({ ok: v.literal(false), error: v.object({ code: v.literal('cancelled') }) }),
  ]),
})
export type RespondBody = v.InferOutput<typeof RespondBodySchema>

/** Why a response was not accepted. */
export type RespondRejection = 'not-pending' | 'bad-response'

/** One problem a `bad-response` receipt names. */
const ReceiptIssueSchema = v.object({
  rule: v.string(),
  message: v.string(),
  questionId: v.optional(v.string()),
  path: v.optional(v.array(v.union([v.string(), v.number()]))),
  code: v.optional(v.string()),
})

/** The host's reply to a respond POST. */
export const RespondReceiptSchema = v.variant('accepted', [
  v.object({ accepted: v.literal(true) }),
  v.variant('reason', [
    v.object({ accepted: v.literal(false), reason: v.literal('not-pending') }),
    v.object({
      accepted: v.literal(false),
      reason: v.literal('bad-response'),
      issues: v.array(ReceiptIssueSchema),
      /** How many further issues were found but not listed (the host lists at most 20). */
      omittedIssues: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
    }),
  ]),
])
export type RespondReceipt = v.InferOutput<typeof RespondReceiptSchema>

/** The body of `POST /api/extend`: more time for a pending question. */
export const ExtendBodySchema = v.object({
  rpcId: id,
  sessionId: id,
  reason: DeadlineReasonSchema,
})
export type ExtendBody = v.InferOutput<typeof ExtendBodySchema>

/**
 * Why the host did not move a deadline: the question is not pending (or not
 * this session's), it has no deadline, it is as late as the host allows, the
 * host does not extend on activity, or it is not close enough to extend yet.
 */
export const ExtendRefusalSchema = v.picklist([
  'not-pending',
  'no-deadline',
  'at-limit',
  'activity-off',
  'not-due',
])
export type ExtendRefusal = v.InferOutput<typeof ExtendRefusalSchema>

/** The host's reply to an extend POST: the new deadline, or why not (with the current one when there is one). */
export const ExtendReceiptSchema = v.variant('extended', [
  v.object({ extended: v.literal(true), deadlineAt: epochMs }),
  v.object({
    extended: v.literal(false),
    reason: ExtendRefusalSchema,
    deadlineAt: v.optional(epochMs),
  }),
])
export type ExtendReceipt = v.InferOutput<typeof ExtendReceiptSchema>

/** A downlink transport the host offers. */
export const MuxTransportSchema = v.picklist(['websocket', 'sse'])
export type MuxTransport = v.InferOutput<typeof MuxTransportSchema>

/**
 * The host's reply to a mux probe (`POST /api/mux`): this request would be
 * admitted, and these transports are served. Clients probe after a downlink
 * failed before `mux/ready`, to learn why (a WebSocket hides the status).
 */
export const MuxProbeReplySchema = v.object({
  ok: v.literal(true),
  transports: v.array(MuxTransportSchema),
})
export type MuxProbeReply = v.InferOutput<typeof MuxProbeReplySchema>

/** The body of every refusal the host writes: a sentence and its stable code. */
export const HostRefusalSchema = v.object({
  error: v.string(),
  code: v.pipe(v.string(), v.regex(/^[A-Z][A-Z_]*$/)),
})
export type HostRefusal = v.InferOutput<typeof HostRefusalSchema>
