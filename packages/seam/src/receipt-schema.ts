/**
 * The respond receipt on its own, so a browser bundle that reads receipts
 * (the composer's) takes this schema and nothing else of the wire.
 */
import * as v from 'valibot'
import { shapeIssues } from './issues.ts'
import type { ValidationIssue } from './types.ts'

/**
 * @internal A refused answer (or amendment), as the respond and amend receipts declare
 * it: what is wrong with it. The question stays as it was.
 */
export const BadResponseReceiptSchema = v.object({
  accepted: v.literal(false),
  reason: v.literal('bad-response'),
  issues: v.array(
    v.object({
      rule: v.string(),
      message: v.string(),
      questionId: v.optional(v.string()),
      path: v.optional(v.array(v.union([v.string(), v.number()]))),
      code: v.optional(v.string()),
    }),
  ),
  /** How many further issues were found but not listed (the host lists at most 20). */
  omittedIssues: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
})

/** @internal An accepted response. */
const AcceptedReceiptSchema = v.object({ accepted: v.literal(true) })

/** @internal A response to a question that is no longer pending. */
const NotPendingReceiptSchema = v.object({
  accepted: v.literal(false),
  reason: v.literal('not-pending'),
})

/** The host's reply to a respond POST. */
export const RespondReceiptSchema = v.variant('accepted', [
  AcceptedReceiptSchema,
  v.variant('reason', [NotPendingReceiptSchema, BadResponseReceiptSchema]),
])
/** The host's reply to a respond POST (see {@link RespondReceiptSchema}). */
export type RespondReceipt = v.InferOutput<typeof RespondReceiptSchema>

/** Parses a respond receipt (already JSON-decoded). */
export function parseRespondReceipt(
  data: unknown,
): { ok: true; value: RespondReceipt } | { ok: false; issues: ValidationIssue[] } {
  const parsed = v.safeParse(RespondReceiptSchema, data)
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, issues: shapeIssues(parsed.issues, 'BAD_ANSWER') }
}

/** `data` as a respond receipt (the schema's output, defaults filled in), or `null` when it is not one. */
export function respondReceiptOf(data: unknown): RespondReceipt | null {
  const parsed = v.safeParse(RespondReceiptSchema, data)
  return parsed.success ? parsed.output : null
}
