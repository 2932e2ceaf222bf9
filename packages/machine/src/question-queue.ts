import type { ComposerRequest } from './composer.types.ts'
import type { SerializedDrafts } from './drafts.ts'

/** One waiting request and the drafts saved for it. */
export interface QueueEntry {
  request: ComposerRequest
  /** Drafts saved with {@link saveQueueDrafts}; kept across replays. */
  drafts: SerializedDrafts | null
}

/**
 * The pending requests of one session as an immutable value. `entries` is in
 * arrival order; the first owns the composer. `tombstones` are resolved
 * `rpcId`s (most recent last) that a late replay must not resurrect.
 */
export interface QueueState {
  readonly entries: readonly QueueEntry[]
  readonly tombstones: readonly string[]
}

/** What happened to an arriving request. */
export type QueueArrival = 'added' | 'replayed' | 'tombstoned'

/** How many resolved `rpcId`s are remembered. */
export const TOMBSTONE_LIMIT = 500

/** An empty queue. */
export const EMPTY_QUEUE: QueueState = { entries: [], tombstones: [] }

/** What adding `request` would do. */
export function classifyArrival(state: QueueState, rpcId: string): QueueArrival {
  if (state.tombstones.includes(rpcId)) return 'tombstoned'
  return state.entries.some((entry) => entry.request.rpcId === rpcId) ? 'replayed' : 'added'
}

/**
 * Adds a request at the end. A replay of a queued `rpcId` keeps its place and
 * drafts (the request is refreshed); a tombstoned `rpcId` is ignored.
 * Returns the same object when nothing changes.
 */
export function addToQueue(state: QueueState, request: ComposerRequest): QueueState {
  const arrival = classifyArrival(state, request.rpcId)
  if (arrival === 'tombstoned') return state
  if (arrival === 'added')
    return { ...state, entries: [...state.entries, { request, drafts: null }] }
  const entries = state.entries.map((entry) =>
    entry.request.rpcId === request.rpcId && entry.request !== request
      ? { ...entry, request }
      : entry,
  )
  return entries.every((entry, i) => entry === state.entries[i]) ? state : { ...state, entries }
}

function bury(tombstones: readonly string[], rpcIds: readonly string[]): readonly string[] {
  const fresh = rpcIds.filter((id) => !tombstones.includes(id))
  if (fresh.length === 0) return tombstones
  return [...tombstones, ...fresh].slice(-TOMBSTONE_LIMIT)
}

/** Removes a resolved request and remembers its `rpcId`. */
export function resolveInQueue(state: QueueState, rpcId: string): QueueState {
  const entries = state.entries.filter((entry) => entry.request.rpcId !== rpcId)
  const tombstones = bury(state.tombstones, [rpcId])
  if (entries.length === state.entries.length && tombstones === state.tombstones) return state
  return { entries, tombstones }
}

/** Drops (and tombstones) every queued request the host no longer has pending. */
export function reconcileQueue(state: QueueState, stillPending: Iterable<string>): QueueState {
  const pending = new Set(stillPending)
  const gone = state.entries
    .filter((entry) => !pending.has(entry.request.rpcId))
    .map((entry) => entry.request.rpcId)
  if (gone.length === 0) return state
  return {
    entries: state.entries.filter((entry) => pending.has(entry.request.rpcId)),
    tombstones: bury(state.tombstones, gone),
  }
}

/** Stores drafts with a queued request (ignored for unknown `rpcId`s). */
export function saveQueueDrafts(
  state: QueueState,
  rpcId: string,
  drafts: SerializedDrafts,
): QueueState {
  if (!state.entries.some((entry) => entry.request.rpcId === rpcId)) return state
  return {
    ...state,
    entries: state.entries.map((entry) =>
      entry.request.rpcId === rpcId ? { ...entry, drafts } : entry,
    ),
  }
}

/** The request that owns the composer, or `null`. */
export function currentInQueue(state: QueueState): QueueEntry | null {
  return state.entries[0] ?? null
}

/** A mutable wrapper over a {@link QueueState} value with listeners. */
export interface QuestionQueue {
  /** The current immutable snapshot. */
  getState(): QueueState
  /** Adds a request (or refreshes a replay); tells what happened. */
  add(request: ComposerRequest): QueueArrival
  /** Same as `add`: a replayed `rpcId` is de-duplicated and keeps its drafts. */
  replay(request: ComposerRequest): QueueArrival
  /** Removes a resolved request and tombstones its `rpcId`. */
  resolve(rpcId: string): void
  /** Keeps only the requests still pending on the host. */
  reconcile(rpcIdsStillPending: Iterable<string>): void
  /** Saves drafts with a queued request. */
  saveDrafts(rpcId: string, drafts: SerializedDrafts): void
  /** The entry owning the composer, or `null`. */
  current(): QueueEntry | null
  /** Queued requests in arrival order. */
  list(): readonly ComposerRequest[]
  /** True when `rpcId` was resolved here. */
  isTombstoned(rpcId: string): boolean
  /** Number of queued requests. */
  readonly size: number
  /** Called with each new snapshot; returns an unsubscribe function. */
  subscribe(listener: (state: QueueState) => void): () => void
}

/** Creates a FIFO queue of the pending requests of one session. */
export function createQuestionQueue(initial: QueueState = EMPTY_QUEUE): QuestionQueue {
  let state = initial
  const listeners = new Set<(state: QueueState) => void>()
  const apply = (next: QueueState) => {
    if (next === state) return
    state = next
    for (const listener of [...listeners]) listener(state)
  }
  const add = (request: ComposerRequest) => {
    const arrival = classifyArrival(state, request.rpcId)
    apply(addToQueue(state, request))
    return arrival
  }
  return {
    getState: () => state,
    add,
    replay: add,
    resolve: (rpcId) => apply(resolveInQueue(state, rpcId)),
    reconcile: (ids) => apply(reconcileQueue(state, ids)),
    saveDrafts: (rpcId, drafts) => apply(saveQueueDrafts(state, rpcId, drafts)),
    current: () => currentInQueue(state),
    list: () => state.entries.map((entry) => entry.request),
    isTombstoned: (rpcId) => state.tombstones.includes(rpcId),
    get size() {
      return state.entries.length
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
