/**
 * The demo host's chat vocabulary. Copied from apps/host/src/transcript.ts
 * (apps never import each other); `frames.ts` checks data against it.
 */

/** One answered question, as the transcript's expandable tool row shows it. */
export interface ToolAnswerLine {
  id: string
  question: string
  /** Human-readable answer: labels, custom text, or "Skipped". */
  answer: string
  skipped: boolean
}

export type ToolCallStatus = 'running' | 'answered' | 'cancelled' | 'interrupted' | 'failed'

export interface MessageEvent {
  kind: 'message'
  id: string
  role: 'user' | 'agent'
  text: string
  at: number
}

export interface ToolEvent {
  kind: 'tool'
  id: string
  name: 'ask_user_question'
  status: ToolCallStatus
  /** Number of questions in the batch. */
  total: number
  /** Questions answered (not skipped), once answered. */
  answered?: number
  answers?: ToolAnswerLine[]
  /** The error code when the call failed. */
  code?: string
  at: number
}

export type TranscriptEvent = MessageEvent | ToolEvent

export type SessionStatus = 'idle' | 'waiting-for-answer' | 'plan-review'

export interface SessionSummary {
  id: string
  title: string
  status: SessionStatus
  createdAt: number
  updatedAt: number
}

/** The application frames the host broadcasts on the Parley mux. */
export type ChatFrame =
  | { type: 'chat/event'; sessionId: string; event: TranscriptEvent }
  | { type: 'chat/session'; sessionId: string; session: SessionSummary }

export interface SessionDetail {
  session: SessionSummary
  events: TranscriptEvent[]
}
