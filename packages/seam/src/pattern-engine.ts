/**
 * The RE2 engine `input.pattern` is matched with, loaded with the module:
 * what a server, a test and any runtime without the `browser` condition get
 * through `#pattern-engine` (see `pattern.ts`). A browser gets
 * `pattern-engine.browser.ts`, which loads the same engine on first use.
 */
import { RE2JS } from 're2js'

/** The engine, always ready here. */
export function patternEngine(): typeof RE2JS {
  return RE2JS
}

/** Resolves when the engine is ready: at once here. */
export function loadPatternEngine(): Promise<void> {
  return Promise.resolve()
}
