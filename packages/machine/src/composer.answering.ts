import { isBlankText } from '@parley/seam'
import {
  firstInvalidIndex,
  firstOpenIndex,
  isCompleted,
  isLastQuestion,
  questionIssues,
  toAnswer,
} from './composer.selectors.ts'
import {
  draftOf,
  emptyDraft,
  initialActiveOption,
  isMultiSelect,
  optionLabels,
} from './composer.state.ts'
import { type ToolbarMove, toolbarTarget } from './composer.toolbar.ts'
import type {
  ComposerEffect,
  ComposerFeedback,
  ComposerState,
  FocusTarget,
  QuestionDraft,
} from './composer.types.ts'

/** What `transition` returns. */
export type TransitionResult = [ComposerState, ComposerEffect[]]

/** Nothing happens: the same state object and no effects. */
export function unchanged(state: ComposerState): TransitionResult {
  return [state, []]
}

/** Editing and navigation are open in `answering` and `failed`, outside the cancel confirmation. */
export function isEditable(state: ComposerState): boolean {
  return (state.phase === 'answering' || state.phase === 'failed') && !state.confirmingCancel
}

/** Editable and the batch has at least one question. */
export function hasEditableQuestion(state: ComposerState): boolean {
  return isEditable(state) && state.request.questions.length > 0
}

function focusTargetFor(state: ComposerState, index: number, activeOption: number): FocusTarget {
  const question = state.request.questions[index]
  return optionLabels(question).length > 0
    ? { part: 'option', index: activeOption }
    : { part: 'custom-answer' }
}

/** Shows question `index`: roving focus reset, focus effect, position announced. */
function arrive(
  state: ComposerState,
  index: number,
  extra: ComposerEffect[] = [],
): TransitionResult {
  const activeOption = initialActiveOption(state, index)
  const next: ComposerState = { ...state, index, activeOption }
  const total = state.request.questions.length
  return [
    next,
    [
      { type: 'focus', target: focusTargetFor(state, index, activeOption) },
      { type: 'announce', message: { key: 'question-position', index, total } },
      ...extra,
    ],
  ]
}

/** Replaces the draft of the current question; an edit in `failed` returns to `answering`. */
function edit(
  state: ComposerState,
  draft: QuestionDraft,
  activeOption = state.activeOption,
): ComposerState {
  const question = state.request.questions[state.index]
  if (!question) return state
  return {
    ...state,
    drafts: { ...state.drafts, [question.id]: draft },
    phase: 'answering',
    feedback: null,
    activeOption,
  }
}

/**
 * Shows `feedback` and announces it; with `at`, on question `at`, arriving
 * there first (the feedback is announced after the position).
 */
export function withFeedback(
  state: ComposerState,
  feedback: Exclude<ComposerFeedback, null>,
  at?: number,
): TransitionResult {
  const next = { ...state, feedback }
  const announce: ComposerEffect = { type: 'announce', message: { key: 'feedback', feedback } }
  return at === undefined ? [next, [announce]] : arrive(next, at, [announce])
}

/** Says why question `index`'s answer breaks its constraints, on that question. */
function explainInvalid(state: ComposerState, index: number): TransitionResult {
  const feedback = { kind: 'message', key: 'invalid' } as const
  return withFeedback(state, feedback, index === state.index ? undefined : index)
}

/**
 * Submits when every question is answered or skipped and every answer meets
 * its question's constraints; else jumps to the first open (or invalid) one.
 */
export function submit(state: ComposerState): TransitionResult {
  const open = firstOpenIndex(state)
  if (open >= 0) return withFeedback(state, { kind: 'message', key: 'incomplete' }, open)
  const invalid = firstInvalidIndex(state)
  if (invalid >= 0) return explainInvalid(state, invalid)
  const next: ComposerState = {
    ...state,
    phase: 'submitting',
    attempt: 'submit',
    feedback: null,
    confirmingCancel: false,
  }
  return [next, [{ type: 'submit', rpcId: state.rpcId, answer: toAnswer(next) }]]
}

/** Toggles `label` (multi-select), or selects / clears it (single-select, no advance). */
export function toggleOption(state: ComposerState, label: string): TransitionResult {
  const question = state.request.questions[state.index]
  const labels = optionLabels(question)
  const at = labels.indexOf(label)
  if (!isEditable(state) || !question || at < 0) return unchanged(state)
  const draft = draftOf(state, question.id)
  const had = draft.selected.includes(label)
  if (isMultiSelect(question)) {
    const selected = labels.filter((l) => (l === label ? !had : draft.selected.includes(l)))
    return [edit(state, { ...draft, selected, skipped: false }, at), []]
  }
  // The typed "Other" text is kept (never erased by a click); the choice is the answer
  // until the user types again.
  const next: QuestionDraft = had
    ? { ...draft, selected: [], skipped: false }
    : { selected: [label], custom: draft.custom, skipped: false }
  return [edit(state, next, at), []]
}

/** Single-select: select and advance (never submits). Multi-select: toggle. */
export function chooseOption(state: ComposerState, label: string): TransitionResult {
  const question = state.request.questions[state.index]
  const at = optionLabels(question).indexOf(label)
  if (!isEditable(state) || !question || at < 0) return unchanged(state)
  if (isMultiSelect(question)) return toggleOption(state, label)
  const { custom } = draftOf(state, question.id)
  const next = edit(state, { selected: [label], custom, skipped: false }, at)
  return isLastQuestion(next) ? [next, []] : arrive(next, next.index + 1)
}

/** Sets the custom text; on single-select, non-blank text replaces the selection. */
export function setCustomText(state: ComposerState, text: string): TransitionResult {
  const question = state.request.questions[state.index]
  if (!isEditable(state) || !question) return unchanged(state)
  const draft = draftOf(state, question.id)
  if (draft.custom === text && !draft.skipped) return unchanged(state)
  const replaces = !isMultiSelect(question) && !isBlankText(text)
  // Keep the labels array's identity when it does not change, so views keyed on it skip typing.
  const selected = replaces && draft.selected.length > 0 ? [] : draft.selected
  return [edit(state, { selected, custom: text, skipped: false }), []]
}

/** On the last question: focus goes to Submit, which the user must press; nothing is sent. */
function toSubmit(state: ComposerState): TransitionResult {
  return [state, [{ type: 'focus', target: { part: 'submit' } }]]
}

/**
 * Marks the current question skipped (dropping its answer) and advances; on
 * the last one focus moves to Submit. A skip never sends the batch.
 */
export function skipQuestion(state: ComposerState): TransitionResult {
  const question = state.request.questions[state.index]
  if (!isEditable(state) || !question) return unchanged(state)
  if (question.required === true) return withFeedback(state, { kind: 'message', key: 'required' })
  const next = edit(state, { ...emptyDraft(), skipped: true })
  if (!isLastQuestion(next)) return arrive(next, next.index + 1)
  // Said, and announced: the skip sent nothing, Submit does.
  const [said, effects] = withFeedback(next, { kind: 'message', key: 'skipped' })
  return [said, [...toSubmit(said)[1], ...effects]]
}

/**
 * Leaves the question on screen with `go` once it is answered (or skipped)
 * and meets its constraints; otherwise says why, where it is.
 */
function leave(state: ComposerState, go: (state: ComposerState) => TransitionResult) {
  const question = state.request.questions[state.index]
  if (!isEditable(state) || !question) return unchanged(state)
  if (!isCompleted(state, question.id))
    return withFeedback(state, { kind: 'message', key: 'unanswered' })
  if (questionIssues(state, state.index).length > 0) return explainInvalid(state, state.index)
  return go(state)
}

/** The Next button: advance, or on the last question move focus to Submit (never submits). */
export function continueOn(state: ComposerState): TransitionResult {
  return leave(state, (s) => (isLastQuestion(s) ? toSubmit(s) : arrive(s, s.index + 1)))
}

/**
 * Enter, as the design note says: it submits when every question is answered
 * or explicitly skipped; otherwise it goes to the next open question (after
 * this one, else the first).
 */
export function confirmAnswer(state: ComposerState): TransitionResult {
  return leave(state, (s) => {
    const later = s.request.questions.findIndex((q, i) => i > s.index && !isCompleted(s, q.id))
    const open = later >= 0 ? later : firstOpenIndex(s)
    return open < 0 ? submit(s) : arrive(s, open)
  })
}

/** Enter on the focused option: choose it (single-select), then {@link confirmAnswer}. */
export function confirmOption(state: ComposerState): TransitionResult {
  const question = state.request.questions[state.index]
  const label = optionLabels(question)[state.activeOption]
  if (!isEditable(state) || !question || label === undefined) return unchanged(state)
  if (isMultiSelect(question)) return confirmAnswer(state)
  const { custom } = draftOf(state, question.id)
  return confirmAnswer(edit(state, { selected: [label], custom, skipped: false }))
}

/** Feedback about the question on screen ("choose an option…"), which moving away retires. */
function isQuestionFeedback(state: ComposerState): boolean {
  return state.feedback?.kind === 'message' && state.feedback.key === 'unanswered'
}

/** Shows question `index` when it exists and differs from the current one. */
export function goTo(state: ComposerState, index: number): TransitionResult {
  const inBounds = Number.isInteger(index) && index >= 0 && index < state.request.questions.length
  if (!isEditable(state) || !inBounds || index === state.index) return unchanged(state)
  return arrive(isQuestionFeedback(state) ? { ...state, feedback: null } : state, index)
}

/** Moves roving focus in the option list (wrapping). */
export function moveOptionFocus(state: ComposerState, to: ToolbarMove): TransitionResult {
  const count = optionLabels(state.request.questions[state.index]).length
  if (!isEditable(state) || count === 0) return unchanged(state)
  // The same wrapping moves as the footer's toolbar, from a focus kept in range.
  const target = toolbarTarget(to, Math.min(Math.max(state.activeOption, 0), count - 1), count)
  const next = target === state.activeOption ? state : { ...state, activeOption: target }
  return [next, [{ type: 'focus', target: { part: 'option', index: target } }]]
}
