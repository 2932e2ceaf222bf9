/**
 * The demo chat's vocabulary, shared by the demo host (which sends it) and
 * the web app (which parses everything it receives with these schemas).
 */
import * as v from 'valibot'

const time = v.pipe(v.number(), v.finite())

/** One answered question, as the transcript's expandable tool row shows it. */
export const ToolAnswerLineSchema = v.object({
  id: v.string(),
  question: v.string(),
  /** Human-readable answer: labels, custom text, or "Skipped". */
  answer: v.string(),
  skipped: v.boolean(),
})
export type ToolAnswerLine = v.InferOutput<typeof ToolAnswerLineSchema>

export const ToolCallStatusSchema = v.picklist([
  'running',
  'answered',
  'cancelled',
  'interrupted',
  'failed',
])
export type ToolCallStatus = v.InferOutput<typeof ToolCallStatusSchema>

/** A chat message of the user or the agent. */
export const MessageEventSchema = v.object({
  kind: v.literal('message'),
  id: v.string(),
  role: v.picklist(['user', 'agent']),
  text: v.string(),
  at: time,
})
export type MessageEvent = v.InferOutput<typeof MessageEventSchema>

/** One `ask_user_question` tool call and how it ended. */
export const ToolEventSchema = v.object({
  kind: v.literal('tool'),
  id: v.string(),
  name: v.literal('ask_user_question'),
  status: ToolCallStatusSchema,
  /** Number of questions in the batch. */
  total: time,
  /** Questions answered (not skipped), once answered. */
  answered: v.optional(time),
  answers: v.optional(v.array(ToolAnswerLineSchema)),
  /** The error code when the call failed. */
  code: v.optional(v.string()),
  /** Who asked, when it was not the agent of the chat itself ("Planner › Test writer"). */
  asker: v.optional(v.string()),
  /** The host's id of the question, once it was asked: its address is `/s/:sessionId?q=:rpcId`. */
  rpcId: v.optional(v.string()),
  at: time,
})
export type ToolEvent = v.InferOutput<typeof ToolEventSchema>

export const TranscriptEventSchema = v.variant('kind', [MessageEventSchema, ToolEventSchema])
export type TranscriptEvent = v.InferOutput<typeof TranscriptEventSchema>

export const SessionStatusSchema = v.picklist(['idle', 'waiting-for-answer', 'plan-review'])
export type SessionStatus = v.InferOutput<typeof SessionStatusSchema>

export const SessionSummarySchema = v.object({
  id: v.string(),
  title: v.string(),
  status: SessionStatusSchema,
  createdAt: time,
  updatedAt: time,
})
export type SessionSummary = v.InferOutput<typeof SessionSummarySchema>

/** The application frames the host broadcasts on the Parley mux (it stamps `sessionId`). */
export const ChatFrameSchema = v.variant('type', [
  v.object({ type: v.literal('chat/event'), sessionId: v.string(), event: TranscriptEventSchema }),
  v.object({
    type: v.literal('chat/session'),
    sessionId: v.string(),
    session: SessionSummarySchema,
  }),
  /**
   * The transcript changed in a way the live frames did not carry (in a
   * cluster, a frame too large for the relay to other nodes): reload it.
   */
  v.object({ type: v.literal('chat/stale'), sessionId: v.string() }),
])
export type ChatFrame = v.InferOutput<typeof ChatFrameSchema>

/** A chat frame as the host hands it to `broadcast` (before the host stamps `sessionId`). */
export type ChatFrameBody =
  | { type: 'chat/event'; event: TranscriptEvent }
  | { type: 'chat/session'; session: SessionSummary }
  | { type: 'chat/stale' }

/** `GET /api/sessions/:id`. Events that do not parse are dropped one by one, not the whole reply. */
export const SessionDetailSchema = v.object({
  session: SessionSummarySchema,
  events: v.array(v.unknown()),
})
export interface SessionDetail {
  session: SessionSummary
  events: TranscriptEvent[]
}

/** `GET /api/sessions`. */
export const SessionListSchema = v.object({ sessions: v.array(v.unknown()) })

/** `POST /api/sessions`. */
export const CreatedSchema = v.object({ sessionId: v.string(), session: SessionSummarySchema })

/** Every error body of the demo API. */
export const ErrorBodySchema = v.object({
  error: v.object({ code: v.string(), message: v.string() }),
})

/** The items of `list` that `schema` accepts, in order; the rest are dropped. */
export function parseEach<S extends v.GenericSchema>(
  schema: S,
  list: readonly unknown[],
): v.InferOutput<S>[] {
  const parsed: v.InferOutput<S>[] = []
  for (const item of list) {
    const result = v.safeParse(schema, item)
    if (result.success) parsed.push(result.output)
  }
  return parsed
}
