/**
 * What the demo's chat shows, sent to the browser as application frames on
 * the Parley mux (`chat/event`, `chat/session`).
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

export type TranscriptEvent =
  | { kind: 'message'; id: string; role: 'user' | 'agent'; text: string; at: number }
  | {
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

export type SessionStatus = 'idle' | 'waiting-for-answer' | 'plan-review'

export interface SessionSummary {
  id: string
  title: string
  status: SessionStatus
  createdAt: number
  updatedAt: number
}

export type ChatFrame =
  | { type: 'chat/event'; event: TranscriptEvent }
  | { type: 'chat/session'; session: SessionSummary }
