import type { QuestionDraft, SerializedDrafts } from '@parley/machine'
import type { AskUserQuestionAnswer } from '@parley/seam'
import { type DraftStorage, draftKey } from '../composer/storage.ts'

/** An answer as the drafts a composer restores: each item's labels, text, or skip. */
function draftsOf(rpcId: string, answer: AskUserQuestionAnswer): SerializedDrafts {
  const drafts: Record<string, QuestionDraft> = {}
  for (const item of answer.answers) {
    const custom = item.custom ?? ''
    drafts[item.id] = {
      selected: [...item.selected],
      custom,
      skipped: item.selected.length === 0 && custom === '',
    }
  }
  return { version: 1, rpcId, index: 0, drafts }
}

/**
 * A draft storage in memory that starts out holding `answer` as the drafts
 * of `rpcId`: a composer given it opens with the sent answer as its draft.
 */
export function storageWithAnswer(rpcId: string, answer: AskUserQuestionAnswer): DraftStorage {
  const items = new Map([[draftKey(rpcId), JSON.stringify(draftsOf(rpcId, answer))]])
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}
