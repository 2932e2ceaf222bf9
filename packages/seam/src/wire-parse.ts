/**
 * Parsing the wire: each function runs one schema of `wire-schemas.ts` or
 * `wire-bodies.ts` (plus, for a question, the batch rules of
 * `validateRequest`) and returns the output or Parley issues. Never throws on
 * data.
 */
import * as v from 'valibot'
import { type IssueLimit, parseAnswerBody } from './answer-body.ts'
import { shapeIssues } from './issues.ts'
import { batchRuleIssues } from './request-rules.ts'
import type { ValidationIssue } from './types.ts'
import {
  type AmendBody,
  AmendBodySchema,
  type ExtendBody,
  ExtendBodySchema,
  type RespondBody,
  RespondBodySchema,
} from './wire-bodies.ts'
import {
  type AmendReceipt,
  AmendReceiptSchema,
  AppFrameSchema,
  type DownlinkFrame,
  type ExtendReceipt,
  ExtendReceiptSchema,
  MuxHelloFrameSchema,
  MuxReadyFrameSchema,
  type QuestionAnswerFrame,
  QuestionAnswerFrameSchema,
  QuestionDeadlineFrameSchema,
  type QuestionRequestedFrame,
  QuestionRequestedFrameSchema,
  QuestionResolvedFrameSchema,
  RESERVED_FRAME_TYPE,
} from './wire-schemas.ts'

/** The result of a parse: the schema's output, or every issue found. Never throws. */
export type WireParse<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] }

/** True for a frame type the app may use (outside `question/` and `mux/`). */
export function isAppFrameType(type: string): boolean {
  return type.length > 0 && !RESERVED_FRAME_TYPE.test(type)
}

/** Runs `schema` on `data`; its issues carry the wire's code, `BAD_ANSWER`. */
export function parseWith<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
): WireParse<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, data)
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, issues: shapeIssues(parsed.issues, 'BAD_ANSWER') }
}

function badFrame(message: string): WireParse<never> {
  return { ok: false, issues: [{ code: 'BAD_ANSWER', rule: 'frame', path: [], message }] }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

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
  if (type === 'question/resolved') return parseWith(QuestionResolvedFrameSchema, data)
  if (type === 'question/deadline') return parseWith(QuestionDeadlineFrameSchema, data)
  if (type === 'question/answer') return parseQuestionAnswerFrame(data)
  if (type === 'mux/hello') return parseWith(MuxHelloFrameSchema, data)
  return type === 'mux/ready'
    ? parseWith(MuxReadyFrameSchema, data)
    : parseWith(AppFrameSchema, data)
}

/**
 * Parses a `question/requested` frame (already JSON-decoded): its schema and
 * the batch rules of `validateRequest`. What `parseDownlinkFrame` does for
 * that type; the host builds every such frame with it.
 */
export function parseQuestionRequestedFrame(data: unknown): WireParse<QuestionRequestedFrame> {
  return withBatchRules(parseWith(QuestionRequestedFrameSchema, data))
}

/**
 * Parses a `question/answer` frame (already JSON-decoded): its schema and the
 * batch rules of its questions, as for `question/requested`.
 */
export function parseQuestionAnswerFrame(data: unknown): WireParse<QuestionAnswerFrame> {
  return withBatchRules(parseWith(QuestionAnswerFrameSchema, data))
}

/** A parsed frame that carries questions, refused when they break the batch rules. */
function withBatchRules<T extends { questions: QuestionRequestedFrame['questions'] }>(
  parsed: WireParse<T>,
): WireParse<T> {
  if (!parsed.ok) return parsed
  const issues = batchRuleIssues(parsed.value.questions)
  return issues.length > 0 ? { ok: false, issues } : parsed
}

/**
 * Parses an amend body (already JSON-decoded), answer shape included. With
 * `maxIssues`, a broken body costs at most that many issues (see
 * `parseRespondBody`).
 */
export function parseAmendBody(data: unknown, limit: IssueLimit = {}): WireParse<AmendBody> {
  return parseAnswerBody(AmendBodySchema, data, ['answer', 'answers'], limit)
}

/** Parses an amend receipt (already JSON-decoded). */
export function parseAmendReceipt(data: unknown): WireParse<AmendReceipt> {
  return parseWith(AmendReceiptSchema, data)
}

/**
 * Parses a respond body (already JSON-decoded), answer shape included.
 * Without a limit every issue is listed. With `maxIssues` the work stops
 * with that many: the body's first problem, then the first problem of each
 * broken answer item, in order, so a hostile body costs no more than the
 * issues a reply keeps.
 */
export function parseRespondBody(data: unknown, limit: IssueLimit = {}): WireParse<RespondBody> {
  return parseAnswerBody(RespondBodySchema, data, ['result', 'answer', 'answers'], limit)
}

export { parseRespondReceipt, respondReceiptOf } from './receipt-schema.ts'

/** Parses an extend body (already JSON-decoded). */
export function parseExtendBody(data: unknown): WireParse<ExtendBody> {
  return parseWith(ExtendBodySchema, data)
}

/** Parses an extend receipt (already JSON-decoded). */
export function parseExtendReceipt(data: unknown): WireParse<ExtendReceipt> {
  return parseWith(ExtendReceiptSchema, data)
}
