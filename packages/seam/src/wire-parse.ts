/**
 * The zod-free wire parser: the rules of `wire-schemas.ts`, hand-written
 * without zod so a client bundle does not carry it (and the host's hot paths
 * do not pay for it). It accepts exactly what
 * those schemas (plus the batch rules of `validateRequest`) accept, returns
 * the same output (unknown keys stripped, an app frame's extra keys kept) and
 * reports the same issues; `test/wire-parse.equivalence.test.ts` proves it.
 *
 * It reads own properties only, never copies a `__proto__` key, and never
 * throws (on a few hostile non-JSON inputs where zod throws, it reports).
 */
import { batchRuleIssues } from './request-rules.ts'
import type {
  AskUserQuestionAnswer,
  AskUserQuestionAnswerItem,
  AskUserQuestionIntent,
  AskUserQuestionItem,
  AskUserQuestionOption,
} from './schemas.ts'
import type { ValidationIssue } from './types.ts'
import type {
  AppFrame,
  DownlinkFrame,
  MuxReadyFrame,
  QuestionOutcome,
  QuestionRequestedFrame,
  QuestionResolvedFrame,
  RespondBody,
  RespondReceipt,
} from './wire-schemas.ts'

/** The result of parsing something that came over the wire. Never throws. */
export type WireParse<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] }

/** @internal Frame types an application may not use. */
export const RESERVED_FRAME_TYPE = /^(?:question|mux)\//

/** True for a frame type the app may use (outside `question/` and `mux/`). */
export function isAppFrameType(type: string): boolean {
  return type.length > 0 && !RESERVED_FRAME_TYPE.test(type)
}

/**
 * Where a value sits, innermost key first. A link per visited field is all a
 * valid input costs; the key list is built only for an issue.
 */
type Path = { readonly key: string | number; readonly up: Path } | null

const at = (up: Path, key: string | number): Path => ({ key, up })

function keysOf(path: Path): (string | number)[] {
  const keys: (string | number)[] = []
  for (let link = path; link !== null; link = link.up) keys.push(link.key)
  return keys.reverse()
}

/**
 * Checks `value` (found at `path`) and returns what the schema would output.
 * On a mismatch it pushes issues, and the returned value is then meaningless.
 */
type Guard<T> = (value: unknown, path: Path, issues: ValidationIssue[]) => T

function fail(issues: ValidationIssue[], path: Path, problem: string): never {
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const string: Guard<string> = (value, path, issues) =>
  typeof value === 'string' ? value : fail(issues, path, 'expected string')

/** Like `z.number()`: `NaN` and `±Infinity` are not numbers. */
const number: Guard<number> = (value, path, issues) =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : fail(issues, path, 'expected number')

const boolean: Guard<boolean> = (value, path, issues) =>
  typeof value === 'boolean' ? value : fail(issues, path, 'expected boolean')

function oneOf<const T extends string | boolean>(...values: T[]): Guard<T> {
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
function sized(min: number, max?: number): Guard<string> {
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
function optional<T>(guard: Guard<T>): Guard<T | undefined> {
  const check: Guard<T | undefined> = (value, path, issues) =>
    value === undefined ? undefined : guard(value, path, issues)
  optionalGuards.add(check)
  return check
}

function array<T>(guard: Guard<T>): Guard<T[]> {
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

/**
 * An object with exactly the keys of `shape` in its output, like `z.object`;
 * `loose` also keeps every other own key (but `__proto__`), like `z.looseObject`.
 */
function object<T>(shape: { [K in keyof T]-?: Guard<T[K]> }, loose = false): Guard<T> {
  const entries: [string, Guard<unknown>][] = Object.entries(shape)
  return (value, path, issues) => {
    if (!isRecord(value)) return fail(issues, path, 'expected object')
    const out: Record<string, unknown> = {}
    for (const [key, guard] of entries) {
      const present = Object.hasOwn(value, key)
      if (!present && optionalGuards.has(guard)) continue
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
function union<T>(...options: Guard<T>[]): Guard<T> {
  return (value, path, issues) => {
    for (const option of options) {
      const found: ValidationIssue[] = []
      const parsed = option(value, path, found)
      if (found.length === 0) return parsed
    }
    return fail(issues, path, 'matches none of the allowed shapes')
  }
}

const id = sized(1, 200)

const nonEmpty = sized(1)

const appType: Guard<string> = (value, path, issues) => {
  const type = nonEmpty(value, path, issues)
  if (typeof value === 'string' && RESERVED_FRAME_TYPE.test(value))
    fail(issues, path, 'reserved frame type')
  return type
}

const option = object<AskUserQuestionOption>({ label: string, description: optional(string) })

const intent = object<AskUserQuestionIntent>({ kind: oneOf('plan-review'), approve: string })

const item = object<AskUserQuestionItem>({
  id: string,
  question: string,
  detail: optional(string),
  header: optional(string),
  options: optional(array(option)),
  multiSelect: optional(boolean),
  intent: optional(intent),
})

const requestedFrame = object<QuestionRequestedFrame>({
  type: oneOf('question/requested'),
  rpcId: id,
  sessionId: id,
  callId: optional(string),
  questions: array(item),
  requestedAt: number,
})

const resolvedFrame = object<QuestionResolvedFrame>({
  type: oneOf('question/resolved'),
  rpcId: id,
  sessionId: id,
  outcome: oneOf<QuestionOutcome>('answered', 'cancelled', 'aborted', 'timed-out'),
})

const readyFrame = object<MuxReadyFrame>({ type: oneOf('mux/ready') })

const appFrame = object<AppFrame>({ type: appType }, true)

type ReceiptIssue = Extract<RespondReceipt, { issues: unknown }>['issues'][number]

const receipt = union<RespondReceipt>(
  object<{ accepted: true }>({ accepted: oneOf(true) }),
  object<{ accepted: false; reason: 'not-pending' }>({
    accepted: oneOf(false),
    reason: oneOf('not-pending'),
  }),
  object<{ accepted: false; reason: 'bad-response'; issues: ReceiptIssue[] }>({
    accepted: oneOf(false),
    reason: oneOf('bad-response'),
    issues: array(
      object<ReceiptIssue>({
        rule: string,
        message: string,
        questionId: optional(string),
        path: optional(array(union<string | number>(string, number))),
        code: optional(string),
      }),
    ),
  }),
)

/**
 * Like `z.discriminatedUnion(key, …)` over `true`/`false`: an object whose
 * `key` picks the option, else one "matches none" issue at `key`.
 */
function byFlag<T>(key: string, whenTrue: Guard<T>, whenFalse: Guard<T>): Guard<T> {
  return (value, path, issues) => {
    if (!isRecord(value)) return fail(issues, path, 'expected object')
    const flag = Object.hasOwn(value, key) ? value[key] : undefined
    if (flag === true) return whenTrue(value, path, issues)
    if (flag === false) return whenFalse(value, path, issues)
    return fail(issues, at(path, key), 'matches none of the allowed shapes')
  }
}

const answer = object<AskUserQuestionAnswer>({
  answers: array(
    object<AskUserQuestionAnswerItem>({
      id: string,
      selected: array(string),
      custom: optional(string),
    }),
  ),
})

type RespondResult = RespondBody['result']

const respondBody = object<RespondBody>({
  rpcId: id,
  sessionId: id,
  result: byFlag<RespondResult>(
    'ok',
    object<Extract<RespondResult, { ok: true }>>({ ok: oneOf(true), answer }),
    object<Extract<RespondResult, { ok: false }>>({
      ok: oneOf(false),
      error: object<{ code: 'cancelled' }>({ code: oneOf('cancelled') }),
    }),
  ),
})

function run<T>(guard: Guard<T>, data: unknown): WireParse<T> {
  const issues: ValidationIssue[] = []
  const value = guard(data, null, issues)
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value }
}

function badFrame(message: string): WireParse<never> {
  return { ok: false, issues: [{ code: 'BAD_ANSWER', rule: 'frame', path: [], message }] }
}

/**
 * Parses one downlink frame (a JSON text or an already-parsed value). A
 * `question/requested` frame must also carry a valid batch (the rules of
 * `validateRequest`), so a client never shows a request the seam would refuse.
 */
export function parseDownlinkFrame(input: unknown): WireParse<DownlinkFrame> {
  let data = input
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input)
    } catch {
      return badFrame('The frame is not JSON.')
    }
  }
  if (!isRecord(data)) return badFrame('A frame must be a JSON object.')
  const type = Object.hasOwn(data, 'type') ? data.type : undefined
  if (type === 'question/requested') return parseQuestionRequestedFrame(data)
  if (type === 'question/resolved') return run(resolvedFrame, data)
  return run(type === 'mux/ready' ? readyFrame : appFrame, data)
}

/**
 * Parses a `question/requested` frame (already JSON-decoded): its schema and
 * the batch rules of `validateRequest`. What `parseDownlinkFrame` does for
 * that type; the host builds every such frame with it.
 */
export function parseQuestionRequestedFrame(data: unknown): WireParse<QuestionRequestedFrame> {
  const parsed = run(requestedFrame, data)
  if (!parsed.ok) return parsed
  const issues = batchRuleIssues(parsed.value.questions)
  return issues.length > 0 ? { ok: false, issues } : parsed
}

/**
 * Parses a respond body (already JSON-decoded), exactly as `RespondBodySchema`
 * does, answer shape included. Never throws.
 */
export function parseRespondBody(data: unknown): WireParse<RespondBody> {
  return run(respondBody, data)
}

/** Parses a respond receipt (already JSON-decoded). Never throws. */
export function parseRespondReceipt(data: unknown): WireParse<RespondReceipt> {
  return run(receipt, data)
}
