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

/** A question was asked; `rpcId` is minted by the host once per ask. */
export const QuestionRequestedFrameSchema = v.object({
  type: v.literal('question/requested'),
  rpcId: id,
  sessionId: id,
  callId: v.optional(v.string()),
  questions: v.array(AskUserQuestionItemSchema),
  /** Milliseconds since the epoch when the host registered the ask. */
  requestedAt: v.pipe(v.number(), v.finite()),
})

/** How a question was settled. */
export const QuestionOutcomeSchema = v.picklist(['answered', 'cancelled', 'aborted', 'timed-out'])

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
export type MuxReadyFrame = v.InferOutput<typeof MuxReadyFrameSchema>
export type AppFrame = v.InferOutput<typeof AppFrameSchema>
export type DownlinkFrame =
  | QuestionRequestedFrame
  | QuestionResolvedFrame
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
