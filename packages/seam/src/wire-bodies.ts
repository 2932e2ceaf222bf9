/**
 * The request bodies of the wire contract (see docs/protocol.md): what a
 * browser POSTs and only the host parses (through `wire-parse.ts`). A module
 * of their own, so a browser bundle that imports nothing from it leaves it
 * out.
 */
import * as v from 'valibot'
import { revision } from './revision.ts'
import { AskUserQuestionAnswerSchema } from './schemas.ts'
import { DeadlineReasonSchema, wireId } from './wire-schemas.ts'

/** The body of `POST /api/respond`. `cancelled` is the only error code. */
export const RespondBodySchema = v.object({
  rpcId: wireId,
  sessionId: wireId,
  /**
   * The client's id for this response, the same on every retry of it. A host
   * that accepted a response with this id answers a retry `accepted` again
   * instead of `not-pending` (a reply lost after the commit stays a success).
   */
  responseId: v.optional(wireId),
  result: v.variant('ok', [
    v.object({
      ok: v.literal(true),
      answer: AskUserQuestionAnswerSchema,
    }),
    v.object({
      ok: v.literal(false),
      error: v.object({ code: v.literal('cancelled') }),
    }),
  ]),
})
/** The body of a respond POST: the question, the session and the answer or cancel. */
export type RespondBody = v.InferOutput<typeof RespondBodySchema>

/** The body of `POST /api/extend`: more time for a pending question. */
export const ExtendBodySchema = v.object({
  rpcId: wireId,
  sessionId: wireId,
  reason: DeadlineReasonSchema,
})
/** The body of an extend POST: the question, the session and why more time is asked. */
export type ExtendBody = v.InferOutput<typeof ExtendBodySchema>

/**
 * The body of `POST /api/amend`: the user's changed answer to an answered
 * question, based on the standing answer's `revision` (the first amendment
 * based on the current revision wins; the others are refused as superseded).
 */
export const AmendBodySchema = v.object({
  rpcId: wireId,
  sessionId: wireId,
  revision,
  answer: AskUserQuestionAnswerSchema,
})
/** The body of an amend POST: the question, the session, the revision it changes and the new answer. */
export type AmendBody = v.InferOutput<typeof AmendBodySchema>
