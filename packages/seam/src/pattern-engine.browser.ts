/**
 * The RE2 engine in a browser: about 46 kB gzip (most of it Unicode tables),
 * more than the whole composer, for a constraint most questions never carry.
 * So it is a lazy chunk, fetched the first time a pattern is checked (or when
 * an app calls `loadPatternEngine`). Until it has arrived `patternEngine()`
 * is `undefined` and the seam's checks skip the pattern; the host, which
 * always has the engine, still refuses what does not match.
 */
import type { RE2JS } from 're2js'

let engine: typeof RE2JS | undefined
let loading: Promise<void> | undefined

/** Starts loading the engine once; resolves when it is ready (and again after a failed load). */
export function loadPatternEngine(): Promise<void> {
  loading ??= import('re2js').then(
    (module) => {
      engine = module.RE2JS
    },
    () => {
      // A failed fetch (offline, a deploy in between) is retried on the next use.
      loading = undefined
    },
  )
  return loading
}

/** The engine if it has arrived; otherwise `undefined`, and the load is started. */
export function patternEngine(): typeof RE2JS | undefined {
  if (engine === undefined) void loadPatternEngine()
  return engine
}
