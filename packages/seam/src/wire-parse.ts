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
import {
  array,
  at,
  fail,
  type Guard,
  isRecord,
  number,
  object,
  oneOf,
  optional,
  questionItem,
  run,
  sized,
  string,
  union,
  type WireParse,
} from './parse-kit.ts'
import { batchRuleIssues } from './request-rules.ts'
import type { AskUserQuestionAnswer, AskUserQuestionAnswerItem } from './schemas.ts'
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

export type { WireParse } from './parse-kit.ts'

/** @internal Frame types an application may not use. */
export const RESERVED_FRAME_TYPE = /^(?:question|mux)\//

/** True for a frame type the app may use (outside `question/` and `mux/`). */
export function isAppFrameType(type: string): boolean {
  return type.length > 0 && !RESERVED_FRAME_TYPE.test(type)
}

const id = sized(1, 200)

const nonEmpty = sized(1)

const appType: Guard<string> = (value, path, issues) => {
  const type = nonEmpty(value, path, issues)
  if (typeof value === 'string' && RESERVED_FRAME_TYPE.test(value))
    fail(issues, path, 'reserved frame type')
  return type
}

const item = questionItem()

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

/** Like `z.number().check(z.int(), z.nonnegative())`. */
const nonNegativeInt: Guard<number> = (value, path, issues) => {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return fail(issues, path, 'expected number')
  if (!Number.isInteger(value)) return fail(issues, path, 'expected int')
  if (value > Number.MAX_SAFE_INTEGER)
    fail(issues, path, `must be at most ${Number.MAX_SAFE_INTEGER}`)
  else if (value < Number.MIN_SAFE_INTEGER)
    fail(issues, path, `must be at least ${Number.MIN_SAFE_INTEGER}`)
  if (!(value >= 0)) fail(issues, path, 'must be at least 0')
  return value
}

type ReceiptIssue = Extract<RespondReceipt, { issues: unknown }>['issues'][number]

const receipt = union<RespondReceipt>(
  object<{ accepted: true }>({ accepted: oneOf(true) }),
  object<{ accepted: false; reason: 'not-pending' }>({
    accepted: oneOf(false),
    reason: oneOf('not-pending'),
  }),
  object<{
    accepted: false
    reason: 'bad-response'
    issues: ReceiptIssue[]
    omittedIssues?: number
  }>({
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
    omittedIssues: optional(nonNegativeInt),
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
