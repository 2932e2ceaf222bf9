import type { AskUserQuestionRequest } from '@parley/seam'
import type { QuestionRequestedFrame } from '@parley/seam/wire'

/** One pending question: what the tabs are shown and what answers are checked against. */
export interface PendingEntry {
  readonly rpcId: string
  readonly sessionId: string
  /** The exact frame every tab gets, live and on every replay. */
  readonly frame: QuestionRequestedFrame
  /** The (validated) request of the ask; answers are validated against it. */
  readonly request: AskUserQuestionRequest
}

/**
 * Where pending questions live, keyed by rpcId, in arrival order. Every method
 * is synchronous: `claim` removing an entry in the same turn that found it is
 * what makes the first valid response win.
 */
export interface PendingStore {
  /** Registers an entry. Throws if the rpcId is taken. */
  add(entry: PendingEntry): void
  /** The entry, if it is still pending. */
  get(rpcId: string): PendingEntry | undefined
  /** Removes and returns the entry; `undefined` if it was not pending. The first claim wins. */
  claim(rpcId: string): PendingEntry | undefined
  /** Every pending entry, oldest first (global arrival order across sessions). */
  list(): readonly PendingEntry[]
}

/** The default, in-memory pending table. */
export function createMemoryPendingStore(): PendingStore {
  const entries = new Map<string, PendingEntry>()
  return {
    add(entry) {
      if (entries.has(entry.rpcId)) throw new Error(`rpcId ${entry.rpcId} is already pending.`)
      entries.set(entry.rpcId, entry)
    },
    get: (rpcId) => entries.get(rpcId),
    claim(rpcId) {
      const entry = entries.get(rpcId)
      if (entry) entries.delete(rpcId)
      return entry
    },
    list: () => [...entries.values()],
  }
}
