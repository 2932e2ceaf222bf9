/**
 * The host ↔ browser wire contract (see docs/protocol.md): downlink frames on
 * the mux, the respond body and its receipt. Both sides parse with these.
 */
import * as z from 'zod/mini'
import { AskUserQuestionAnswerSchema, AskUserQuestionItemSchema } from './schemas.ts'
import type { ValidationIssue } from './types.ts'
import { validateRequest } from './validate-request.ts'
import { shapeIssues } from './zod-issues.ts'

const id = z.string().check(z.minLength(1), z.maxLength(200))

/** A question was asked; `rpcId` is minted by the host once per ask. */
export const QuestionRequestedFrameSchema = z.object({
  type: z.literal('question/requested'),
  rpcId: id,
  sessionId: id,
  callId: z.optional(z.string()),
  questions: z.array(AskUserQuestionItemSchema),
  /** Milliseconds since the epoch when the host registered the ask. */
  requestedAt: z.number(),
})

/** How a question was settled. */
export const QuestionOutcomeSchema = z.enum(['answered', 'cancelled', 'aborted', 'timed-out'])

/** A question is no longer pending. */
export const QuestionResolvedFrameSchema = z.object({
  type: z.literal('question/resolved'),
  rpcId: id,
  sessionId: id,
  outcome: QuestionOutcomeSchema,
})

/** Sent once per connection after the replay: the client's view is complete. */
export const MuxReadyFrameSchema = z.object({ type: z.literal('mux/ready') })

const RESERVED = /^(?:question|mux)\//

/** An application's own frame: any `type` outside the `question/` and `mux/` namespaces. */
export const AppFrameSchema = z.looseObject({
  type: z.string().check(
    z.minLength(1),
    z.refine((type) => !RESERVED.test(type), 'reserved frame type'),
  ),
})

export type QuestionRequestedFrame = z.infer<typeof QuestionRequestedFrameSchema>
export type QuestionResolvedFrame = z.infer<typeof QuestionResolvedFrameSchema>
export type QuestionOutcome = z.infer<typeof QuestionOutcomeSchema>
export type MuxReadyFrame = z.infer<typeof MuxReadyFrameSchema>
export type AppFrame = z.infer<typeof AppFrameSchema>
export type DownlinkFrame =
  | QuestionRequestedFrame
  | QuestionResolvedFrame
  | MuxReadyFrame
  | AppFrame

/** The body of `POST /api/respond`. `cancelled` is the only error code. */
export const RespondBodySchema = z.object({
  rpcId: id,
  sessionId: id,
  result: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), answer: AskUserQuestionAnswerSchema }),
    z.object({ ok: z.literal(false), error: z.object({ code: z.literal('cancelled') }) }),
  ]),
})
export type RespondBody = z.infer<typeof RespondBodySchema>

/** Why a response was not accepted. */
export type RespondRejection = 'not-pending' | 'bad-response'

/** The host's reply to a respond POST. */
export const RespondReceiptSchema = z.union([
  z.object({ accepted: z.literal(true) }),
  z.object({ accepted: z.literal(false), reason: z.literal('not-pending') }),
  z.object({
    accepted: z.literal(false),
    reason: z.literal('bad-response'),
    issues: z.array(
      z.object({
        rule: z.string(),
        message: z.string(),
        questionId: z.optional(z.string()),
        path: z.optional(z.array(z.union([z.string(), z.number()]))),
        code: z.optional(z.string()),
      }),
    ),
  }),
])
export type RespondReceipt = z.infer<typeof RespondReceiptSchema>

/** The result of parsing something that came over the wire. Never throws. */
export type WireParse<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] }

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
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return badFrame('A frame must be a JSON object.')
  const type = Object.hasOwn(data, 'type') ? Reflect.get(data, 'type') : undefined
  if (type === 'question/requested') {
    const parsed = QuestionRequestedFrameSchema.safeParse(data)
    if (!parsed.success) return { ok: false, issues: shapeIssues(parsed.error, 'BAD_ANSWER') }
    const batch = validateRequest({ questions: parsed.data.questions })
    return batch.ok ? { ok: true, value: parsed.data } : { ok: false, issues: batch.issues }
  }
  const schema =
    type === 'question/resolved'
      ? QuestionResolvedFrameSchema
      : type === 'mux/ready'
        ? MuxReadyFrameSchema
        : AppFrameSchema
  const parsed = schema.safeParse(data)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, issues: shapeIssues(parsed.error, 'BAD_ANSWER') }
}

/** Parses a respond body (already JSON-decoded). Never throws. */
export function parseRespondBody(data: unknown): WireParse<RespondBody> {
  const parsed = RespondBodySchema.safeParse(data)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, issues: shapeIssues(parsed.error, 'BAD_ANSWER') }
}

/** Parses a respond receipt (already JSON-decoded). Never throws. */
export function parseRespondReceipt(data: unknown): WireParse<RespondReceipt> {
  const parsed = RespondReceiptSchema.safeParse(data)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, issues: shapeIssues(parsed.error, 'BAD_ANSWER') }
}

/** True for a frame type the app may use (outside `question/` and `mux/`). */
export function isAppFrameType(type: string): boolean {
  return type.length > 0 && !RESERVED.test(type)
}
