/**
 * The zod schemas of the host ↔ browser wire contract (see docs/protocol.md):
 * the source of the wire's types and JSON Schema. Both sides parse with the
 * zod-free `wire-parse.ts`, which the seam's tests prove equivalent to these
 * schemas.
 */
import * as z from 'zod/mini'
import { AskUserQuestionAnswerSchema, AskUserQuestionItemSchema } from './schemas.ts'
import { RESERVED_FRAME_TYPE } from './wire-parse.ts'

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

/** An application's own frame: any `type` outside the `question/` and `mux/` namespaces. */
export const AppFrameSchema = z.looseObject({
  type: z.string().check(
    z.minLength(1),
    z.refine((type) => !RESERVED_FRAME_TYPE.test(type), 'reserved frame type'),
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
    /** How many further issues were found but not listed (the host lists at most 20). */
    omittedIssues: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
])
export type RespondReceipt = z.infer<typeof RespondReceiptSchema>
