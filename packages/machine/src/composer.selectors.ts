import {
  type AskUserQuestionAnswer,
  type AskUserQuestionAnswerItem,
  type AskUserQuestionItem,
  checkAnswerItem,
  isApprovalEdit,
  isBlankText,
  parseRecommendedLabel,
} from '@parley/seam'
import { draftOf, isMultiSelect } from './composer.state.ts'
import type { ComposerState, QuestionDraft } from './composer.types.ts'

/** Where one question stands. */
export type QuestionStatus = 'answered' | 'skipped' | 'open'

/** Progress through the batch. */
export interface ComposerProgress {
  /** Index of the question on screen (0-based). */
  index: number
  /** `index + 1`, for "2 / 5". */
  position: number
  /** Number of questions. */
  total: number
  /** Questions holding an answer. */
  answered: number
  /** Questions deliberately skipped. */
  skipped: number
  /** Questions neither answered nor skipped. */
  open: number
}

/**
 * True when a draft holds an answer: a label, or custom text that is not blank
 * (not only whitespace and invisible characters, per `isBlankText`).
 */
export function draftHasAnswer(draft: QuestionDraft): boolean {
  return draft.selected.length > 0 || !isBlankText(draft.custom)
}

/** The question on screen. */
export function selectCurrentQuestion(state: ComposerState): AskUserQuestionItem | undefined {
  return state.request.questions[state.index]
}

/** The custom text of the question on screen, as the machine has it. */
export function selectCustomText(state: ComposerState): string {
  const question = selectCurrentQuestion(state)
  return (question && state.drafts[question.id]?.custom) ?? ''
}

/** True when the question `id` holds an answer. */
export function isAnswered(state: ComposerState, id: string): boolean {
  return draftHasAnswer(draftOf(state, id))
}

/** True when the question `id` is answered or skipped. */
export function isCompleted(state: ComposerState, id: string): boolean {
  return isAnswered(state, id) || draftOf(state, id).skipped
}

/** `answered`, `skipped` or `open`. */
export function questionStatus(state: ComposerState, id: string): QuestionStatus {
  if (isAnswered(state, id)) return 'answered'
  return draftOf(state, id).skipped ? 'skipped' : 'open'
}

/**
 * A memoised selector of every question's status, in question order, for one
 * subscriber. It re-evaluates only the questions whose draft object changed
 * (the transition replaces just the edited draft) and returns the previous
 * array, same identity, while no status changed.
 */
export function createStatusesSelector(): (state: ComposerState) => readonly QuestionStatus[] {
  let last: ComposerState | undefined
  let statuses: QuestionStatus[] = []
  return (state) => {
    const previous = last?.request === state.request ? last.drafts : undefined
    last = state
    let next = previous ? statuses : []
    for (const [at, { id }] of state.request.questions.entries()) {
      if (previous?.[id] === state.drafts[id]) continue
      const status = questionStatus(state, id)
      if (status === next[at]) continue
      if (next === statuses) next = statuses.slice()
      next[at] = status
    }
    statuses = next
    return statuses
  }
}

/** Counts of answered, skipped and open questions, and the position. */
export function selectProgress(state: ComposerState): ComposerProgress {
  let answered = 0
  let skipped = 0
  for (const question of state.request.questions) {
    const status = questionStatus(state, question.id)
    if (status === 'answered') answered += 1
    else if (status === 'skipped') skipped += 1
  }
  const total = state.request.questions.length
  return {
    index: state.index,
    position: state.index + 1,
    total,
    answered,
    skipped,
    open: total - answered - skipped,
  }
}

/** Index of the first question neither answered nor skipped, or -1. */
export function firstOpenIndex(state: ComposerState): number {
  return state.request.questions.findIndex((question) => !isCompleted(state, question.id))
}

/**
 * True when an Enter now would send the batch: every question but the one on
 * screen is answered or skipped (the key hint says "Enter to submit").
 */
export function enterSubmits(state: ComposerState): boolean {
  return state.request.questions.every(
    (question, index) => index === state.index || isCompleted(state, question.id),
  )
}

/**
 * True once the request left the user's hands: the host accepted the answer
 * (`awaiting-resolution`) or settled the request. Saved drafts are no longer
 * needed from here on.
 */
export function isFinished(state: ComposerState): boolean {
  return state.phase === 'awaiting-resolution' || state.phase === 'settled'
}

/** True when the question on screen is the last one. */
export function isLastQuestion(state: ComposerState): boolean {
  return state.index === state.request.questions.length - 1
}

/** True when any draft holds an answer (a cancel then asks for confirmation). */
export function hasAnyAnswer(state: ComposerState): boolean {
  return state.request.questions.some((question) => isAnswered(state, question.id))
}

/** True when the batch can be sent: editable phase and every question answered or skipped. */
export function canSubmit(state: ComposerState): boolean {
  if (state.phase !== 'answering' && state.phase !== 'failed') return false
  return state.request.questions.length > 0 && firstOpenIndex(state) === -1
}

/** True when `question` carries typed answer constraints the composer checks while it is answered. */
export function hasAnswerConstraints(question: AskUserQuestionItem | undefined): boolean {
  if (!question) return false
  return (
    question.input !== undefined ||
    question.minSelected !== undefined ||
    question.maxSelected !== undefined ||
    question.allowCustom === false
  )
}

/**
 * The constraint rules the draft of question `index` breaks (`rule` names as
 * `checkAnswerItem` gives them: `below-minimum`, `too-long`, …); none for a
 * question not answered yet.
 */
export function questionIssues(state: ComposerState, index: number): string[] {
  const question = state.request.questions[index]
  if (!question || !hasAnswerConstraints(question) || !isAnswered(state, question.id)) return []
  return checkAnswerItem(question, toAnswerItem(question, draftOf(state, question.id))).map(
    (issue) => issue.rule,
  )
}

/** Index of the first answered question whose answer breaks its constraints, or -1. */
export function firstInvalidIndex(state: ComposerState): number {
  return state.request.questions.findIndex((_, index) => questionIssues(state, index).length > 0)
}

function toAnswerItem(
  question: AskUserQuestionItem,
  draft: QuestionDraft,
): AskUserQuestionAnswerItem {
  const custom = isBlankText(draft.custom) ? '' : draft.custom.trim()
  if (draft.skipped && !draftHasAnswer(draft)) return { id: question.id, selected: [] }
  if (isMultiSelect(question)) {
    const item: AskUserQuestionAnswerItem = { id: question.id, selected: [...draft.selected] }
    if (custom.length > 0) item.custom = custom
    return item
  }
  // Single-select: the chosen option is the answer (typed text kept beside it is not);
  // typing again clears the choice, so the text is the answer when nothing is chosen.
  if (draft.selected.length > 0) {
    const item: AskUserQuestionAnswerItem = {
      id: question.id,
      selected: draft.selected.slice(0, 1),
    }
    // An approval's edit is the one choice that carries text: the edited arguments.
    if (custom && isApprovalEdit(question, item)) item.custom = custom
    return item
  }
  if (custom.length > 0) return { id: question.id, selected: [], custom }
  return { id: question.id, selected: [] }
}

/**
 * The batch encoded per the seam's rules, in question order: a skip is
 * `{ id, selected: [] }`, custom text is trimmed (blank text, only whitespace
 * and invisible characters, counts as none), a single-select custom answer
 * replaces the labels, multi-select keeps both. Open questions encode like skips; check {@link canSubmit} first.
 */
export function toAnswer(state: ComposerState): AskUserQuestionAnswer {
  return {
    answers: state.request.questions.map((question) =>
      toAnswerItem(question, draftOf(state, question.id)),
    ),
  }
}

/** One question's draft as text: what a settled card keeps visible and copyable. */
export interface DraftLine {
  id: string
  /** The question as the agent wrote it. */
  question: string
  /** The chosen labels (without a "(Recommended)" suffix) and the typed text, joined. */
  answer: string
}

/** Chosen labels (without "(Recommended)") and typed text (trimmed), joined. */
function lineText(selected: readonly string[], custom: string | undefined): string {
  const parts = selected.map((label) => parseRecommendedLabel(label).display)
  if (custom !== undefined && !isBlankText(custom)) parts.push(custom.trim())
  return parts.join(', ')
}

/**
 * The drafts the user entered, in question order, as text: one line per
 * question that holds a choice or typed text (skipped and open ones are left
 * out). Typed text is kept as typed, only trimmed.
 */
export function draftLines(state: ComposerState): DraftLine[] {
  const lines: DraftLine[] = []
  for (const question of state.request.questions) {
    const draft = draftOf(state, question.id)
    const answer = lineText(draft.selected, draft.custom)
    if (answer) lines.push({ id: question.id, question: question.question, answer })
  }
  return lines
}

/**
 * An answer to `questions` (another tab's, the one that counted) as text, in
 * question order: one line per question, its `answer` empty when it was skipped.
 */
export function answerLines(
  questions: readonly AskUserQuestionItem[],
  answer: AskUserQuestionAnswer,
): DraftLine[] {
  return questions.map((question) => {
    const item = answer.answers.find((candidate) => candidate.id === question.id)
    return {
      id: question.id,
      question: question.question,
      answer: lineText(item?.selected ?? [], item?.custom),
    }
  })
}

/** The drafts as one plain-text message ("question\nanswer" blocks), for "Send as a message". */
export function draftsAsText(state: ComposerState): string {
  return draftLines(state)
    .map((line) => `${line.question}\n${line.answer}`)
    .join('\n\n')
}
