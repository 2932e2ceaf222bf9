import {
  type ComposerFeedback,
  type ComposerState,
  isLastQuestion,
  questionStatus,
  selectCurrentQuestion,
} from '@parley/machine'
import type { ComposerMessages } from '../locales/index.ts'
import { format } from '../locales/index.ts'

/** The machine's rule for when the user may edit and navigate; here it greys the controls out. */
export { isEditable } from '@parley/machine'

/** True while a transport action is in flight. */
export function isBusy(state: ComposerState): boolean {
  return state.phase === 'submitting' || state.phase === 'cancelling'
}

/** What the primary button says and does. */
export function primaryAction(state: ComposerState): 'next' | 'submit' | 'retry' {
  if (state.phase === 'failed' && state.attempt === 'submit') return 'retry'
  return isLastQuestion(state) ? 'submit' : 'next'
}

/** Status of the question on screen. */
export function currentStatus(state: ComposerState) {
  const question = selectCurrentQuestion(state)
  return question ? questionStatus(state, question.id) : 'open'
}

const FEEDBACK_KEYS = {
  incomplete: 'feedbackIncomplete',
  unanswered: 'feedbackUnanswered',
  rejected: 'feedbackRejected',
  'not-pending': 'feedbackNotPending',
} as const

/** Translates feedback held as data. */
export function feedbackText(messages: ComposerMessages, feedback: ComposerFeedback): string {
  if (!feedback) return ''
  if (feedback.kind === 'text')
    return format(messages.feedbackTransport, { message: feedback.text })
  return messages[FEEDBACK_KEYS[feedback.key]]
}

const OUTCOME_KEYS = {
  answered: 'settledAnswered',
  cancelled: 'settledCancelled',
  aborted: 'settledAborted',
  'timed-out': 'settledTimedOut',
} as const

/** What the status region shows, and its tone. */
export function statusOf(
  messages: ComposerMessages,
  state: Pick<ComposerState, 'feedback' | 'phase' | 'outcome'>,
): { text: string; tone: 'error' | 'info' | 'success' | 'idle' } {
  if (state.feedback) return { text: feedbackText(messages, state.feedback), tone: 'error' }
  if (state.phase === 'awaiting-resolution') return { text: messages.sent, tone: 'success' }
  if (state.phase === 'settled' && state.outcome)
    return {
      text: messages[OUTCOME_KEYS[state.outcome]],
      tone: state.outcome === 'answered' ? 'success' : 'info',
    }
  return { text: '', tone: 'idle' }
}
