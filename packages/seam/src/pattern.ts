/**
 * `input.pattern`: RE2 syntax, matched with RE2 (`re2js`), unanchored as in
 * JSON Schema. RE2 runs in time linear in the text, whatever the pattern, so
 * an asker's pattern cannot stall the host's event loop or a tab; what RE2
 * does not have (backreferences, lookaround) is refused at ask time. The host
 * and the browser match with the same engine, so they agree on every answer.
 */
import type { RE2JS } from 're2js'
import { loadPatternEngine as loadEngine, patternEngine } from '#pattern-engine'
import { MAX_PATTERN_LENGTH } from './schemas.ts'

/** Why a pattern is refused, or `null` for a usable one. */
export type PatternProblem = 'too-long' | 'invalid' | null

/** A compiled pattern, or RE2's reason for refusing it. */
type Compiled = { regex: RE2JS } | { error: string }

const compiled = new Map<string, Compiled>()
const CACHE_SIZE = 64

/**
 * The pattern compiled by RE2, cached; RE2's words when it does not compile;
 * `undefined` while a browser is still loading the engine.
 */
function compile(pattern: string): Compiled | undefined {
  const cached = compiled.get(pattern)
  if (cached) return cached
  const engine = patternEngine()
  if (!engine) return undefined
  let result: Compiled
  try {
    result = { regex: engine.compile(pattern) }
  } catch (error) {
    result = { error: String(error) }
  }
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string)
  compiled.set(pattern, result)
  return result
}

/**
 * Whether `text` has a match of `pattern` anywhere (anchor it with `^…$` for
 * the whole text); `undefined` when the pattern does not compile or, in a
 * browser, before the engine has loaded.
 */
export function matchesPattern(pattern: string, text: string): boolean | undefined {
  const found = compile(pattern)
  return found && 'regex' in found ? found.regex.test(text) : undefined
}

/** Checks a pattern before any answer meets it (in a browser, `null` until the engine loads). */
export function patternProblem(pattern: string): PatternProblem {
  if (pattern.length > MAX_PATTERN_LENGTH) return 'too-long'
  const found = compile(pattern)
  return found && 'error' in found ? 'invalid' : null
}

/** RE2's reason for refusing `pattern` (`invalid escape sequence: \`\1\``), if it does. */
export function patternError(pattern: string): string | undefined {
  const found = compile(pattern)
  if (!found || !('error' in found)) return undefined
  return found.error.replace(/^(?:\w*Error|RE2JS\w*Exception): (?:error parsing regexp: )?/, '')
}

/**
 * Loads the pattern engine, for a browser that wants the checks of
 * `input.pattern` ready before a question carrying one is answered (it is
 * fetched on first use otherwise). Resolves at once on a server. Never rejects.
 */
export function loadPatternEngine(): Promise<void> {
  return loadEngine()
}
