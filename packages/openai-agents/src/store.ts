/** Where a run's serialized `RunState` waits while a person decides. */

/**
 * Keeps the serialized `RunState` (`state.toString()`) of a run under its
 * `resumeKey` while the run waits on a person. Back it with anything that
 * outlives the process: a table in the database your Parley cluster uses, a
 * key-value store, a file. Each method may be async.
 */
export interface RunStateStore {
  /** The text saved under `key`, or `undefined` when there is none. */
  load(key: string): Promise<string | undefined> | string | undefined
  /** Saves `text` under `key`, replacing what was there. */
  save(key: string, text: string): Promise<void> | void
  /** Forgets `key` (the run ended). */
  delete(key: string): Promise<void> | void
}

/** A {@link RunStateStore} in this process's memory: for tests, and runs that need no restart. */
export function createMemoryRunStateStore(): RunStateStore & { readonly size: number } {
  const texts = new Map<string, string>()
  return {
    get size() {
      return texts.size
    },
    load: (key) => texts.get(key),
    save(key, text) {
      texts.set(key, text)
    },
    delete(key) {
      texts.delete(key)
    },
  }
}
