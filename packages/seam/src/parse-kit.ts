/**
 * The guards the zod-free parsers are built of (`wire-parse.ts`,
 * `request-parse.ts`): each mirrors one zod/mini schema of `schemas.ts` or
 * `wire-schemas.ts` (same verdict, same output, same issue at the same path)
 * and never throws on data; the equivalence tests prove the parsers built of
 * them against those schemas.
 */
import type {
  AskUserQuestionIntent,
  AskUserQuestionItem,
  AskUserQuestionOption,
} from './schemas.ts'
import type { ValidationIssue } from './types.ts'

/** The result of a zod-free parse (of wire data or a request). Never throws. */
export type WireParse<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] }

/**
 * Where a value sits, innermost key first. A link per visited field is all a
 * valid input costs; the key list is built only for an issue.
 */
export type Path = { readonly key: string | number; readonly up: Path } | null

export const at = (up: Path, key: string | number): Path => ({ key, up })

function keysOf(path: Path): (string | number)[] {
  const keys: (string | number)[] = []
  for (let link = path; link !== null; link = link.up) keys.push(link.key)
  return keys.reverse()
}

/**
 * Checks `value` (found at `path`) and returns what the schema would output.
 * On a mismatch it pushes issues, and the returned value is then meaningless.
 */
export type Guard<T> = (value: unknown, path: Path, issues: ValidationIssue[]) => T

/**
 * Records a shape issue at `path` (code `BAD_ANSWER`, the wire's; the request
 * parser relabels its issues) and returns a placeholder.
 */
export function fail(issues: ValidationIssue[], path: Path, problem: string): never {
  const keys = keysOf(path)
  const where = keys.length > 0 ? keys.join('.') : 'value'
  issues.push({
    code: 'BAD_ANSWER',
    rule: 'shape',
    path: keys,
    message: `${where}: ${problem}`,
  })
  return undefined as never
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const string: Guard<string> = (value, path, issues) =>
  typeof value === 'string' ? value : fail(issues, path, 'expected string')

/** Like `z.number()`: `NaN` and `±Infinity` are not numbers. */
export const number: Guard<number> = (value, path, issues) =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : fail(issues, path, 'expected number')

export const boolean: Guard<boolean> = (value, path, issues) =>
  typeof value === 'boolean' ? value : fail(issues, path, 'expected boolean')

export function oneOf<const T extends string | boolean>(...values: T[]): Guard<T> {
  const problem = `expected one of ${values.map((value) => JSON.stringify(value)).join(', ')}`
  const has = (value: unknown): value is T => (values as unknown[]).includes(value)
  return (value, path, issues) => (has(value) ? value : fail(issues, path, problem))
}

/** A string's length in code points (a surrogate pair counts once), as zod measures it. */
function codePoints(text: string): number {
  let count = 0
  for (let at = 0; at < text.length; at++, count++) {
    const unit = text.charCodeAt(at)
    if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) at++
  }
  return count
}

/**
 * The length zod's length checks see: they run on anything with a `length`,
 * even after the type check failed (so `[]` is both "expected string" and
 * "must be at least 1"), and compare it the way JavaScript's `>=` does.
 */
function lengthOf(value: unknown): number | undefined {
  if (typeof value === 'string') return codePoints(value)
  if (value === null || value === undefined) return undefined
  try {
    const length: unknown = Reflect.get(Object(value), 'length')
    return length === undefined ? undefined : Number(length)
  } catch {
    return Number.NaN
  }
}

/** A string of at least `min` and, when given, at most `max` code points. */
export function sized(min: number, max?: number): Guard<string> {
  return (value, path, issues) => {
    const text = string(value, path, issues)
    const length = lengthOf(value)
    if (length !== undefined) {
      if (!(length >= min)) fail(issues, path, `must be at least ${min}`)
      if (max !== undefined && !(length <= max)) fail(issues, path, `must be at most ${max}`)
    }
    return text
  }
}

const optionalGuards = new WeakSet<Guard<unknown>>()

/** A key that may be absent; present with `undefined`, it is kept as `undefined`. */
export function optional<T>(guard: Guard<T>): Guard<T | undefined> {
  const check: Guard<T | undefined> = (value, path, issues) =>
    value === undefined ? undefined : guard(value, path, issues)
  optionalGuards.add(check)
  return check
}

export function array<T>(guard: Guard<T>): Guard<T[]> {
  return (value, path, issues) => {
    if (!Array.isArray(value)) return fail(issues, path, 'expected array')
    // Sized up front: a pushed-to array keeps spare capacity for as long as
    // the host keeps the frame.
    const out = new Array<T>(value.length)
    for (let index = 0; index < value.length; index++)
      out[index] = guard(value[index], at(path, index), issues)
    return out
  }
}

/** How an object guard tells whether `value` has `key`: `Object.hasOwn` for wire data. */
export type Has = (value: object, key: string) => boolean

/**
 * Reads a key the way `z.object` does, through the prototype chain too (`key
 * in value`, then `value[key]`): for in-process values, never for wire data.
 */
export const hasInherited: Has = (value, key) => key in value

/**
 * An object with exactly the keys of `shape` in its output, like `z.object`;
 * `loose` also keeps every other own key (but `__proto__`), like
 * `z.looseObject`. `has` says which keys are present (own ones by default).
 */
export function object<T>(
  shape: { [K in keyof T]-?: Guard<T[K]> },
  loose = false,
  has: Has = Object.hasOwn,
): Guard<T> {
  const pairs: [string, Guard<unknown>][] = Object.entries(shape)
  // Whether a key may be absent is looked up once here, not per parse.
  const entries = pairs.map(([key, guard]) => [key, guard, optionalGuards.has(guard)] as const)
  return (value, path, issues) => {
    if (!isRecord(value)) return fail(issues, path, 'expected object')
    const out: Record<string, unknown> = {}
    for (const [key, guard, optional] of entries) {
      const present = has(value, key)
      if (!present && optional) continue
      const parsed = guard(present ? value[key] : undefined, at(path, key), issues)
      if (present) out[key] = parsed
    }
    if (loose)
      for (const key of Object.keys(value))
        if (key !== '__proto__' && !Object.hasOwn(shape, key)) out[key] = value[key]
    // The guards above checked every key T declares.
    return out as T
  }
}

/** The first option that fits, like `z.union` of options whose every issue aborts. */
export function union<T>(...options: Guard<T>[]): Guard<T> {
  return (value, path, issues) => {
    for (const option of options) {
      const found: ValidationIssue[] = []
      const parsed = option(value, path, found)
      if (found.length === 0) return parsed
    }
    return fail(issues, path, 'matches none of the allowed shapes')
  }
}

/**
 * A question item (`AskUserQuestionItemSchema`) with its options and intent,
 * their keys read as `has` says (own keys for wire data).
 */
export function questionItem(has?: Has): Guard<AskUserQuestionItem> {
  const option = object<AskUserQuestionOption>(
    { label: string, description: optional(string) },
    false,
    has,
  )
  const intent = object<AskUserQuestionIntent>(
    { kind: oneOf('plan-review'), approve: string },
    false,
    has,
  )
  return object<AskUserQuestionItem>(
    {
      id: string,
      question: string,
      detail: optional(string),
      header: optional(string),
      options: optional(array(option)),
      multiSelect: optional(boolean),
      intent: optional(intent),
    },
    false,
    has,
  )
}

/** Runs `guard` on `data`: its output, or every issue it found. */
export function run<T>(guard: Guard<T>, data: unknown): WireParse<T> {
  const issues: ValidationIssue[] = []
  const value = guard(data, null, issues)
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value }
}
