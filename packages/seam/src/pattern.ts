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

/** The index just past an escape starting at `at` (the backslash). */
function skipEscape(source: string, at: number): number {
  const next = source[at + 1]
  if ((next === 'u' || next === 'p' || next === 'P') && source[at + 2] === '{') {
    const close = source.indexOf('}', at + 3)
    return close === -1 ? source.length : close + 1
  }
  if (next === 'k' && source[at + 2] === '<') {
    const close = source.indexOf('>', at + 3)
    return close === -1 ? source.length : close + 1
  }
  return at + 2
}

/** The index just past a character class starting at `at` (the `[`). */
function skipClass(source: string, at: number): number {
  let i = at + 1
  while (i < source.length && source[i] !== ']')
    i = source[i] === '\\' ? skipEscape(source, i) : i + 1
  return i + 1
}

/** The index just past a group's opening: `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`. */
function skipGroupOpening(source: string, at: number): number {
  if (source[at + 1] !== '?') return at + 1
  if (source[at + 2] === '<' && source[at + 3] !== '=' && source[at + 3] !== '!') {
    const close = source.indexOf('>', at + 3)
    return close === -1 ? source.length : close + 1
  }
  return source[at + 2] === '<' ? at + 4 : at + 3
}

/**
 * The length of a repeating quantifier at `at` (`*`, `+`, `{n,}`, `{n,m}`),
 * or 0 when there is none there (`?` and `{n}` do not repeat a choice).
 */
function repeatAt(source: string, at: number): number {
  const char = source[at]
  if (char === '*' || char === '+') return 1
  if (char !== '{') return 0
  const match = /^\{\d+,\d*\}/.exec(source.slice(at, at + 24))
  return match ? match[0].length : 0
}

/** True when a group containing a repeat is itself repeated. */
function hasNestedRepeat(source: string): boolean {
  // One entry per open group: does anything inside it repeat?
  const groups: boolean[] = []
  let i = 0
  while (i < source.length) {
    const char = source[i]
    if (char === '\\') {
      i = skipEscape(source, i)
    } else if (char === '[') {
      i = skipClass(source, i)
    } else if (char === '(') {
      groups.push(false)
      i = skipGroupOpening(source, i)
    } else if (char === ')') {
      const inner = groups.pop() ?? false
      const repeat = repeatAt(source, i + 1)
      if (inner && repeat > 0) return true
      if (groups.length > 0 && (inner || repeat > 0)) groups[groups.length - 1] = true
      i += 1 + repeat
    } else {
      const repeat = repeatAt(source, i)
      if (repeat > 0 && groups.length > 0) groups[groups.length - 1] = true
      i += Math.max(repeat, 1)
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
