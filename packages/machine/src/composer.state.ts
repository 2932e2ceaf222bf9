import type { AskUserQuestionItem } from '@parley/seam'
import type { ComposerRequest, ComposerState, QuestionDraft } from './composer.types.ts'
import { restoreDrafts } from './drafts.ts'

/** Options of {@link createComposerState}. */
export interface CreateComposerStateOptions {
  /**
   * Stored drafts, as produced by `serializeDrafts` (any value: it is validated
   * with `restoreDrafts`; data for another `rpcId` or garbage restores nothing).
   */
  drafts?: unknown
  /** Start collapsed. @default false */
  minimized?: boolean
}

/** A draft with no answer and no skip. */
export function emptyDraft(): QuestionDraft {
  return { selected: [], custom: '', skipped: false }
}

/**
 * The initial state of a composer for `request`: first question, empty drafts
 * (or the restored ones), phase `answering`. Recommended labels are never
 * pre-selected.
 */
export function createComposerState(
  request: ComposerRequest,
  options: CreateComposerStateOptions = {},
): ComposerState {
  const restored = options.drafts === undefined ? null : restoreDrafts(request, options.drafts)
  const drafts: Record<string, QuestionDraft> = {}
  for (const question of request.questions) {
    drafts[question.id] = restored?.drafts[question.id] ?? emptyDraft()
  }
  const index = restored?.index ?? 0
  const base: ComposerState = {
    rpcId: request.rpcId,
    request,
    index,
    drafts,
    phase: 'answering',
    outcome: null,
    ending: null,
    attempt: null,
    feedback: null,
    confirmingCancel: false,
    minimized: options.minimized ?? false,
    activeOption: 0,
  }
  return { ...base, activeOption: initialActiveOption(base, index) }
}

/** Option labels of a question (empty for a free-text question). */
export function optionLabels(question: AskUserQuestionItem | undefined): string[] {
  return (question?.options ?? []).map((option) => option.label)
}

/** True when the question allows several labels. */
export function isMultiSelect(question: AskUserQuestionItem | undefined): boolean {
  return question?.multiSelect === true
}

/** The draft of a question id (an empty draft when unknown). */
export function draftOf(state: ComposerState, id: string): QuestionDraft {
  return state.drafts[id] ?? emptyDraft()
}

/** Roving focus on arrival at a question: its first selected option, else the first. */
export function initialActiveOption(state: ComposerState, index: number): number {
  const question = state.request.questions[index]
  if (!question) return 0
  const selected = draftOf(state, question.id).selected[0]
  const at = selected === undefined ? -1 : optionLabels(question).indexOf(selected)
  return Math.max(at, 0)
}
