import { type ComposerState, serializeDrafts } from '@parley/machine'

/** Where drafts are kept between reloads. `sessionStorage` has this shape. */
export interface DraftStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** The storage key of a request's drafts. */
export function draftKey(rpcId: string): string {
  return `parley:drafts:${rpcId}`
}

/** `sessionStorage` when the environment has a usable one (not during SSR or in a locked-down frame). */
export function defaultDraftStorage(): DraftStorage | null {
  try {
    const storage = globalThis.sessionStorage
    return storage ?? null
  } catch {
    return null
  }
}

/** Reads and JSON-decodes stored drafts; anything unreadable is `undefined`. */
export function readDrafts(storage: DraftStorage | null, rpcId: string): unknown {
  if (!storage) return undefined
  try {
    const raw = storage.getItem(draftKey(rpcId))
    return raw === null ? undefined : JSON.parse(raw)
  } catch {
    return undefined
  }
}

/** Writes drafts; quota and security errors are ignored (drafts are a convenience). */
function writeDrafts(storage: DraftStorage | null, rpcId: string, data: unknown): void {
  try {
    storage?.setItem(draftKey(rpcId), JSON.stringify(data))
  } catch {
    // ignore: drafts are best effort
  }
}

/** Forgets a request's drafts. */
export function clearDrafts(storage: DraftStorage | null, rpcId: string): void {
  try {
    storage?.removeItem(draftKey(rpcId))
  } catch {
    // ignore
  }
}

/**
 * Coalesces draft writes: `schedule` writes the latest state at most every
 * 300 ms, `flush` writes a scheduled one now, `cancel` drops it.
 */
export function createDraftSaver(storage: DraftStorage | null) {
  let pending: ComposerState | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    if (pending) writeDrafts(storage, pending.rpcId, serializeDrafts(pending))
    pending = null
  }
  return {
    schedule(state: ComposerState) {
      pending = state
      timer ??= setTimeout(flush, 300)
    },
    flush,
    cancel() {
      pending = null
      flush()
    },
  }
}
