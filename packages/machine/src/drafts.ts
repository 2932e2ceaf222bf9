import { isBlankText } from '@parley/seam'
import type { ComposerRequest, ComposerState, QuestionDraft } from './composer.types.ts'

/** Drafts of one request as plain JSON, keyed by `rpcId`. */
export interface SerializedDrafts {
  /** Format version. */
  version: 1
  /** The request these drafts belong to. */
  rpcId: string
  /** The question that was on screen. */
  index: number
  /** One draft per question id. */
  drafts: Record<string, QuestionDraft>
}

/** What {@link restoreDrafts} recovers. */
export interface RestoredDrafts {
  /** Validated drafts for the questions that had a stored draft. */
  drafts: Record<string, QuestionDraft>
  /** The stored index when it is still within bounds, else 0. */
  index: number
}

/** Snapshot of a composer's drafts and index, safe for `JSON.stringify`. */
export function serializeDrafts(state: ComposerState): SerializedDrafts {
  const drafts: Record<string, QuestionDraft> = {}
  for (const [id, draft] of Object.entries(state.drafts)) {
    drafts[id] = { selected: [...draft.selected], custom: draft.custom, skipped: draft.skipped }
  }
  return { version: 1, rpcId: state.rpcId, index: state.index, drafts }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function restoreOne(
  question: ComposerRequest['questions'][number],
  stored: unknown,
): QuestionDraft | null {
  if (!isRecord(stored)) return null
  const labels = new Set((question.options ?? []).map((option) => option.label))
  const raw = Array.isArray(stored.selected) ? stored.selected : []
  const selected: string[] = []
  for (const label of raw) {
    if (typeof label === 'string' && labels.has(label) && !selected.includes(label))
      selected.push(label)
  }
  const custom = typeof stored.custom === 'string' ? stored.custom : ''
  const multi = question.multiSelect === true
  const hasCustom = !isBlankText(custom)
  // Single-select keeps one label; typed text kept beside it is not the answer.
  const kept = multi ? selected : selected.slice(0, 1)
  const hasAnswer = kept.length > 0 || hasCustom
  // A stored answer wins over a contradictory skip flag: typed work is never dropped.
  const skipped = stored.skipped === true && !hasAnswer
  return { selected: kept, custom: skipped ? '' : custom, skipped }
}

/**
 * Validates stored drafts against `request`. Returns `null` when `data` is not
 * drafts of this `rpcId`. Labels that are no longer options are dropped,
 * single-select keeps one label (and any text typed beside it), unknown question ids
 * are ignored and an out-of-range index becomes 0. Never throws.
 */
export function restoreDrafts(request: ComposerRequest, data: unknown): RestoredDrafts | null {
  try {
    if (!isRecord(data) || data.rpcId !== request.rpcId || !isRecord(data.drafts)) return null
    const stored = data.drafts
    const drafts: Record<string, QuestionDraft> = {}
    for (const question of request.questions) {
      if (!Object.hasOwn(stored, question.id)) continue
      const draft = restoreOne(question, stored[question.id])
      if (draft) drafts[question.id] = draft
    }
    const index =
      typeof data.index === 'number' &&
      Number.isInteger(data.index) &&
      data.index >= 0 &&
      data.index < request.questions.length
        ? data.index
        : 0
    return { drafts, index }
  } catch {
    return null
  }
}
