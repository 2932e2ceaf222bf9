import type { AskUserQuestionRequest } from '@parley/seam'
import type { QuestionRequestedFrame } from '@parley/seam/wire'

/** One pending question: what the tabs are shown and what answers are checked against. */
export interface PendingEntry {
  readonly rpcId: string
  readonly sessionId: string
  /** The exact frame every tab gets, live and on every replay. */
  readonly frame: QuestionRequestedFrame
  /** `frame` as JSON, serialised once when the ask is registered; what is sent. */
  readonly frameText: string
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
  /**
   * The pending entries of the sessions `includes` admits, oldest first
   * (global arrival order across those sessions); `includes` is asked once
   * per session that has pending entries. Optional: it makes a replay cost
   * what the stream sees rather than everything pending; without it the
   * replay filters `list()`.
   */
  listSessions?(includes: (sessionId: string) => boolean): readonly PendingEntry[]
}

interface Slot {
  readonly entry: PendingEntry
  /** Arrival number: orders entries of different sessions. */
  readonly seq: number
}

const bySeq = (a: Slot, b: Slot) => a.seq - b.seq

/** The default, in-memory pending table, indexed by session for the replay. */
export function createMemoryPendingStore(): PendingStore {
  const slots = new Map<string, Slot>()
  const sessions = new Map<string, Set<Slot>>()
  let arrivals = 0
  return {
    add(entry) {
      if (slots.has(entry.rpcId)) throw new Error(`rpcId ${entry.rpcId} is already pending.`)
      const slot: Slot = { entry, seq: arrivals++ }
      slots.set(entry.rpcId, slot)
      const ofSession = sessions.get(entry.sessionId)
      if (ofSession) ofSession.add(slot)
      else sessions.set(entry.sessionId, new Set([slot]))
    },
    get: (rpcId) => slots.get(rpcId)?.entry,
    claim(rpcId) {
      const slot = slots.get(rpcId)
      if (!slot) return undefined
      slots.delete(rpcId)
      const ofSession = sessions.get(slot.entry.sessionId)
      ofSession?.delete(slot)
      if (ofSession?.size === 0) sessions.delete(slot.entry.sessionId)
      return slot.entry
    },
    list: () => Array.from(slots.values(), (slot) => slot.entry),
    listSessions(includes) {
      const picked: Slot[] = []
      let runs = 0
      for (const [sessionId, ofSession] of sessions) {
        if (!includes(sessionId)) continue
        runs++
        for (const slot of ofSession) picked.push(slot)
      }
      // Each session's slots are already in arrival order: merge the runs.
      if (runs > 1) picked.sort(bySeq)
      return picked.map((slot) => slot.entry)
    },
  }
}
