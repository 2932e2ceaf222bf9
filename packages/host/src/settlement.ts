import type { AskUserQuestionAnswer } from '@parley/seam'
import type { QuestionEndedBy, QuestionOutcome } from '@parley/seam/wire'

/** How an ask ends: an answer, or an outcome that rejects it. */
export type Settlement = (
  | { outcome: 'answered'; answer: AskUserQuestionAnswer }
  | {
      outcome: Exclude<QuestionOutcome, 'answered'>
      cause?: unknown
      /** For `timed-out` in a cluster: the deadline that passed. */
      deadlineAt?: number | undefined
      /** For `aborted`: the host whose agent awaited it stopped (disposed, or a cluster node gone). */
      reason?: 'server-gone' | undefined
    }
) & {
  /** The tab that ended it (an answer or a cancel), for the others to say so. */ by?: QuestionEndedBy
}
