/**
 * `input.pattern`: compiled the way JSON Schema validators do (`u` flag,
 * unanchored), refused when it is long or has a repeated group that itself
 * repeats (`(a+)+`, `(\w*,?)*`: star height above one, the classic shape of
 * catastrophic backtracking). The pattern runs on the host for every answer,
 * and its text comes from the browser, so it must not be able to stall the
 * event loop.
 */
import { MAX_PATTERN_LENGTH } from './schemas.ts'

/** Why a pattern is refused, or `null` for a usable one. */
export type PatternProblem = 'too-long' | 'invalid' | 'unsafe' | null

const compiled = new Map<string, RegExp>()
const CACHE_SIZE = 64

/** The compiled pattern (`u` flag), cached; `undefined` when it does not compile. */
export function compilePattern(pattern: string): RegExp | undefined {
  const cached = compiled.get(pattern)
  if (cached) return cached
  let regex: RegExp
  try {
    regex = new RegExp(pattern, 'u')
  } catch {
    return undefined
  }
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string)
  compiled.set(pattern, regex)
  return regex
}

/**
 * The pattern's tokens, in order, each run to the end when unterminated:
 * - an escape: `\u{…}`, `\p{…}`, `\P{…}` and `\k<…>` whole, else the
 *   backslash and one character;
 * - a character class, its escapes read as above;
 * - a group's opening: `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`;
 * - a repeating quantifier (`*`, `+`, `{n,}`, `{n,m}` up to 24 characters;
 *   `?` and `{n}` do not repeat a choice), with the `)` before it if any;
 * - any other character.
 */
const TOKEN =
  /\\(?:[upP]\{[^}]*\}?|k<[^>]*>?|[\s\S]?)|\[(?:\\(?:[upP]\{[^}]*\}?|k<[^>]*>?|[\s\S]?)|[^\]\\])*\]?|\((?:\?(?:<(?![=!])[^>]*>?|<[=!]|[\s\S]?))?|\)?(?:[*+]|\{(?=[\d,]{2,22}\})\d+,\d*\})|[\s\S]/g

/** True when a group containing a repeat is itself repeated. */
function hasNestedRepeat(source: string): boolean {
  // One entry per open group: does anything inside it repeat?
  const groups: boolean[] = []
  for (const [token] of source.matchAll(TOKEN)) {
    const first = token[0]
    if (first === '(') groups.push(false)
    else if (first !== '\\' && first !== '[') {
      // A `)` (with the quantifier after it), a quantifier, or another character.
      const repeat = token.length > 1 || first === '*' || first === '+'
      const inner = first === ')' && (groups.pop() ?? false)
      if (inner && repeat) return true
      if (groups.length > 0 && (inner || repeat)) groups[groups.length - 1] = true
    }
  }
  return false
}

/** Checks a pattern before any answer meets it. */
export function patternProblem(pattern: string): PatternProblem {
  if (pattern.length > MAX_PATTERN_LENGTH) return 'too-long'
  if (!compilePattern(pattern)) return 'invalid'
  return hasNestedRepeat(pattern) ? 'unsafe' : null
}
