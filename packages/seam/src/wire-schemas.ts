/**
 * The schemas of the host ↔ browser wire contract (see docs/protocol.md)
 * that a browser parses: the downlink frames, the receipts of its POSTs, the
 * mux probe's reply and the host's refusals. The one source of the wire's
 * types, parsed through `wire-parse.ts`; the bodies only the host parses are
 * in `wire-bodies.ts`.
 */
import * as v from 'valibot'
import { revision } from './revision.ts'
import {
  AskUserQuestionAnswerSchema,
  AskUserQuestionAskerSchema,
  AskUserQuestionItemSchema,
} from './schemas.ts'

/** @internal Frame types an application may not use. */
export const RESERVED_FRAME_TYPE = /^(?:question|mux)\//

/** @internal An id on the wire (`rpcId`, `sessionId`, …): 1 to 200 characters. */
export const wireId = v.pipe(v.string(), v.minLength(1), v.maxLength(200))
/** Milliseconds since the epoch. */
const epochMs = v.pipe(v.number(), v.finite())

/** A question was asked; `rpcId` is minted by the host once per ask. */
export const QuestionRequestedFrameSchema = v.object({
  type: v.literal('question/requested'),
  rpcId: wireId,
  sessionId: wireId,
  callId: v.optional(v.string()),
  questions: v.array(AskUserQuestionItemSchema),
  /** Milliseconds since the epoch when the host registered the ask. */
  requestedAt: epochMs,
  /**
   * When the host stops waiting (ms since the epoch), for an ask with a
   * `timeoutMs`; a later `question/deadline` frame moves it. Absent: no deadline.
   */
  deadlineAt: v.optional(epochMs),
  /** Who is asking (the request's `asker`), when the agent said. */
  asker: v.optional(AskUserQuestionAskerSchema),
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
  rpcId: wireId,
  sessionId: wireId,
  outcome: QuestionOutcomeSchema,
  /**
   * Why an `aborted` question ended, when the host knows more than "the
   * agent stopped": `server-gone` — the host process whose agent awaited the
   * question stopped (cluster mode), so no answer can reach it.
   */
  reason: v.optional(v.picklist(['server-gone'])),
  /** For `answered` and `cancelled`: the tab that ended it. */
  by: v.optional(QuestionEndedBySchema),
  /**
   * For `answered`: the answer that counted, when the host has it at hand (an
   * in-memory host always; a cluster node when the answer was small enough to
   * ride in its doorbell). The session's other tabs show it.
   */
  answer: v.optional(AskUserQuestionAnswerSchema),
})

/** Why a deadline moved: the user asked for more time, or their typing and choosing did (a host policy). */
export const DeadlineReasonSchema = v.picklist(['user', 'activity'])

/** A pending question's deadline moved; every tab shows the new one. */
export const QuestionDeadlineFrameSchema = v.object({
  type: v.literal('question/deadline'),
  rpcId: wireId,
  sessionId: wireId,
  deadlineAt: epochMs,
  reason: DeadlineReasonSchema,
})

/**
 * The standing answer of an answered question the user may change (the
 * host's amendment window): sent after its `question/resolved`, again after
 * every accepted amendment (a higher `revision`), and once more with
 * `closed` when it can no longer be changed. A client keeps the highest
 * revision it saw; `closed` is final.
 */
export const QuestionAnswerFrameSchema = v.object({
  type: v.literal('question/answer'),
  rpcId: wireId,
  sessionId: wireId,
  /** The questions, as they were asked (a UI reopens them with the answer as the draft). */
  questions: v.array(AskUserQuestionItemSchema),
  asker: v.optional(AskUserQuestionAskerSchema),
  /** The answer as it now stands. */
  answer: AskUserQuestionAnswerSchema,
  /** 0 for the answer that was sent, then one more per accepted amendment. */
  revision,
  /** Host time (ms since the epoch) when the window to change it ends, or ended. */
  until: v.pipe(v.number(), v.finite()),
  /** Set once it can no longer be changed: the window passed, or the agent moved on. */
  closed: v.optional(v.picklist(['window', 'moved-on'])),
})

/** Sent once per connection after the replay: the client's view is complete. */
export const MuxReadyFrameSchema = v.object({ type: v.literal('mux/ready') })

/**
 * Sent first on every connection, before the replay: the host's clock (ms
 * since the epoch) and, for a host that keeps its questions in its own
 * memory, `instance`, minted when the process started. Every other time on
 * the wire (`requestedAt`, `deadlineAt`, `by.at`, `until`) is host time; a
 * client whose own clock differs reads them through the difference, and a
 * client that reconnects to another `instance` knows the host restarted and
 * that what it held is lost (see `@parley/client`). A cluster sends no
 * `instance`: its questions outlive any one node.
 */
export const MuxHelloFrameSchema = v.object({
  type: v.literal('mux/hello'),
  now: epochMs,
  instance: v.optional(wireId),
})

const appFrameType = v.pipe(
  v.string(),
  v.minLength(1),
  v.check((type) => !RESERVED_FRAME_TYPE.test(type), 'reserved frame type'),
)

/**
 * An application's own frame: any `type` outside the `question/` and `mux/`
 * namespaces, its other keys kept (but `__proto__`, `prototype` and
 * `constructor`).
 */
export const AppFrameSchema = v.looseObject({ type: appFrameType })

/** A question for the session's tabs to show (`question/requested`), parsed by {@link QuestionRequestedFrameSchema}. */
export type QuestionRequestedFrame = v.InferOutput<typeof QuestionRequestedFrameSchema>
/** A question that ended (`question/resolved`): its outcome, and who ended it when known. */
export type QuestionResolvedFrame = v.InferOutput<typeof QuestionResolvedFrameSchema>
/** The answer that stands for a question whose answer may still change (`question/answer`). */
export type QuestionAnswerFrame = v.InferOutput<typeof QuestionAnswerFrameSchema>
/** How a question ended: `answered`, `cancelled`, `aborted` or `timed-out`. */
export type QuestionOutcome = v.InferOutput<typeof QuestionOutcomeSchema>
/** Where and when a tab ended a question: a short client label and the host's time. */
export type QuestionEndedBy = v.InferOutput<typeof QuestionEndedBySchema>
/** Why a deadline moved: the person asked for more time (`user`) or was active (`activity`). */
export type DeadlineReason = v.InferOutput<typeof DeadlineReasonSchema>
/** A question's deadline moved (`question/deadline`): where it is now, and why. */
export type QuestionDeadlineFrame = v.InferOutput<typeof QuestionDeadlineFrameSchema>
/** Sent once per connection after the replay (`mux/ready`): the client's view is complete. */
export type MuxReadyFrame = v.InferOutput<typeof MuxReadyFrameSchema>
/** The host's first frame on a downlink (`mux/hello`): its clock, and the instance that serves it. */
export type MuxHelloFrame = v.InferOutput<typeof MuxHelloFrameSchema>
/** An application's own frame on the mux (see {@link AppFrameSchema}). */
export type AppFrame = v.InferOutput<typeof AppFrameSchema>
/** Any frame the host sends down a tab's connection. */
export type DownlinkFrame =
  | QuestionRequestedFrame
  | QuestionResolvedFrame
  | QuestionDeadlineFrame
  | QuestionAnswerFrame
  | MuxReadyFrame
  | MuxHelloFrame
  | AppFrame

/** Why a response was not accepted. */
export type RespondRejection = 'not-pending' | 'bad-response'

export {
  type AmendReceipt,
  AmendReceiptSchema,
  type AmendRefusalCode,
  AmendRefusalCodeSchema,
} from './amend-receipt-schema.ts'
export {
  type ExtendReceipt,
  ExtendReceiptSchema,
  type ExtendRefusal,
  ExtendRefusalSchema,
} from './extend-receipt-schema.ts'
export { type RespondReceipt, RespondReceiptSchema } from './receipt-schema.ts'

/** A downlink transport the host offers. */
export const MuxTransportSchema = v.picklist(['websocket', 'sse'])
/** A downlink transport the host offers: `websocket` or `sse`. */
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
/** The host's reply to a mux probe (see {@link MuxProbeReplySchema}). */
export type MuxProbeReply = v.InferOutput<typeof MuxProbeReplySchema>

/** The body of every refusal the host writes: a sentence and its stable code. */
export const HostRefusalSchema = v.object({
  error: v.string(),
  code: v.pipe(v.string(), v.regex(/^[A-Z][A-Z_]*$/)),
})
/** The body of every refusal the host writes: a sentence and its stable code. */
export type HostRefusal = v.InferOutput<typeof HostRefusalSchema>
