import type { AskUserQuestionItem } from '@parley/seam'
import type { ComposerLabels } from './composer.anatomy.ts'
import {
  enterSubmits,
  isLastQuestion,
  type QuestionStatus,
  questionIssues,
} from './composer.selectors.ts'
import type {
  AnnounceMessage,
  ComposerFeedback,
  ComposerState,
  TransportFailure,
} from './composer.types.ts'

/** Fills a template's `{name}` placeholders. */
export type FormatLabel = (template: string, values: Record<string, string | number>) => string

/** The tone of the status region, rendered as its `data-state`. */
export type StatusTone = 'error' | 'info' | 'success' | 'idle'

/** What the primary button does: go on, send, or send again after a failure. */
export type PrimaryAction = 'next' | 'submit' | 'retry'

/** The primary button's action in `state`. */
export function primaryAction(state: ComposerState): PrimaryAction {
  // A failed send or a failed dismissal: the main button tries it again.
  if (state.phase === 'failed' && state.attempt !== null) return 'retry'
  return isLastQuestion(state) ? 'submit' : 'next'
}

/** The primary button's label: Next, Submit, Try again, or Submitting… while busy. */
export function primaryLabel(labels: ComposerLabels, state: ComposerState): string {
  if (state.phase === 'submitting') return labels.submitting
  return { retry: labels.retry, submit: labels.submit, next: labels.next }[primaryAction(state)]
}

/**
 * The key hint: what Enter does in the question on screen, "Enter to submit"
 * when every other question is answered or skipped, else "Enter for the next
 * question" (touch: use the buttons).
 */
export function keyHintText(labels: ComposerLabels, state: ComposerState, touch: boolean): string {
  if (touch) return labels.keyboardHintTouch
  return enterSubmits(state) ? labels.keyboardHintSubmit : labels.keyboardHint
}

const FEEDBACK = {
  incomplete: 'feedbackIncomplete',
  unanswered: 'feedbackUnanswered',
  rejected: 'feedbackRejected',
  'not-pending': 'feedbackNotPending',
  required: 'feedbackRequired',
  invalid: 'feedbackRejected',
  skipped: 'feedbackSkipped',
} as const

const FORMAT_TEXT = {
  email: 'constraintEmail',
  uri: 'constraintUri',
  date: 'constraintDate',
  'date-time': 'constraintDateTime',
} as const

/** A broken constraint of `question`, in words (`rule` as `checkAnswerItem` names it). */
function constraintText(
  labels: ComposerLabels,
  format: FormatLabel,
  question: AskUserQuestionItem,
  rule: string,
): string {
  const input = question.input
  switch (rule) {
    case 'not-a-number':
      return labels.constraintNumber
    case 'not-an-integer':
      return labels.constraintInteger
    case 'below-minimum':
      return format(labels.constraintMinimum, { minimum: input?.minimum ?? '' })
    case 'above-maximum':
      return format(labels.constraintMaximum, { maximum: input?.maximum ?? '' })
    case 'too-short':
      return format(labels.constraintMinLength, { count: input?.minLength ?? '' })
    case 'too-long':
      return format(labels.constraintMaxLength, { count: input?.maxLength ?? '' })
    case 'bad-format':
      return input?.format ? labels[FORMAT_TEXT[input.format]] : labels.constraintPattern
    case 'too-few-selections':
      return format(labels.constraintTooFew, { count: question.minSelected ?? '' })
    case 'too-many-selections':
      return format(labels.constraintTooMany, { count: question.maxSelected ?? '' })
    case 'custom-not-allowed':
      return labels.constraintCustomNotAllowed
    case 'required':
      return labels.feedbackRequired
    default:
      return labels.constraintPattern
  }
}

/** What the answer on screen breaks, in words; '' when it breaks nothing. */
function currentConstraintText(
  labels: ComposerLabels,
  format: FormatLabel,
  state: ComposerState,
): string {
  const question = state.request.questions[state.index]
  const [rule] = questionIssues(state, state.index)
  return question && rule ? constraintText(labels, format, question, rule) : ''
}

/** Why sending failed, in words: translated by kind, never the raw (English) error text. */
export function failureText(
  labels: ComposerLabels,
  format: FormatLabel,
  failure: TransportFailure | undefined,
): string {
  switch (failure?.kind) {
    case 'network':
      return labels.transportNetwork
    case 'http':
      return format(labels.transportHttp, { status: failure.status })
    case 'bad-receipt':
      return labels.transportBadReceipt
    default:
      return labels.transportUnknown
  }
}

/** Feedback held as data, translated. A transport failure shows its kind, not its raw text. */
export function feedbackText(
  labels: ComposerLabels,
  format: FormatLabel,
  feedback: ComposerFeedback,
): string {
  if (!feedback) return ''
  if (feedback.kind === 'text')
    return format(labels.feedbackTransport, {
      message: failureText(labels, format, feedback.failure),
    })
  return labels[FEEDBACK[feedback.key]]
}

const OUTCOME = {
  answered: 'settledAnswered',
  cancelled: 'settledCancelled',
  aborted: 'settledAborted',
  'timed-out': 'settledTimedOut',
} as const

/** What the status region says, and its tone. */
export function statusText(
  labels: ComposerLabels,
  format: FormatLabel,
  state: ComposerState,
): { text: string; tone: StatusTone } {
  if (state.feedback?.kind === 'message' && state.feedback.key === 'invalid') {
    const text = currentConstraintText(labels, format, state)
    if (text) return { text, tone: 'error' }
  }
  if (state.feedback) {
    const text = feedbackText(labels, format, state.feedback)
    // The host's reasons for a refused answer, where they apply: this question's, and the batch's.
    const here = state.request.questions[state.index]?.id
    const reasons =
      state.feedback.kind === 'message'
        ? (state.feedback.issues ?? [])
            .filter((issue) => issue.questionId === undefined || issue.questionId === here)
            .map((issue) => issue.message)
        : []
    const skipped = state.feedback.kind === 'message' && state.feedback.key === 'skipped'
    return { text: [text, ...reasons].join(' '), tone: skipped ? 'info' : 'error' }
  }
  // While the answer on screen breaks a constraint, say which (Next waits for it).
  if (state.phase === 'answering' || state.phase === 'failed') {
    const text = currentConstraintText(labels, format, state)
    if (text) return { text, tone: 'error' }
  }
  if (state.phase === 'awaiting-resolution') return { text: labels.sent, tone: 'success' }
  if (state.phase === 'settled' && state.outcome)
    return {
      text: labels[OUTCOME[state.outcome]],
      tone: state.outcome === 'answered' ? 'success' : 'info',
    }
  return { text: '', tone: 'idle' }
}

/** The live region's text for an announce effect (only the position is spoken there). */
export function announcementText(
  labels: ComposerLabels,
  format: FormatLabel,
  message: AnnounceMessage | undefined,
): string {
  if (message?.key !== 'question-position') return ''
  return format(labels.questionPosition, { index: message.index + 1, total: message.total })
}

/** A progress marker's accessible name, e.g. "Question 2: answered". */
export function markerLabel(
  labels: ComposerLabels,
  format: FormatLabel,
  index: number,
  status: QuestionStatus,
): string {
  const word = {
    answered: labels.statusAnswered,
    skipped: labels.statusSkipped,
    open: labels.statusOpen,
  }
  return format(labels.markerLabel, { index: index + 1, status: word[status] })
}
