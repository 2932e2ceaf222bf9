/**
 * The request as it crosses a wire, in a module of its own: only what
 * validates or sends a whole request (a host, a tool, a provider) reads it,
 * so a browser bundle that never does leaves it out.
 */
import * as v from 'valibot'
import { AskUserQuestionAskerSchema, AskUserQuestionItemSchema } from './schemas.ts'

/** The serialisable part of a request (what crosses a wire). */
export const AskUserQuestionRequestDataSchema = v.object({
  /** The questions, shown one at a time in this order. */
  questions: v.array(AskUserQuestionItemSchema),
  /** Routes the ask to a conversation. */
  sessionId: v.optional(v.string()),
  /** Links the ask to the tool call that made it. */
  callId: v.optional(v.string()),
  /**
   * Optional deadline in milliseconds (a positive safe integer, any length);
   * providers honour it with `ASK_TIMED_OUT`.
   */
  timeoutMs: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  /**
   * A stable key for a durable wait, such as the tool call id. An agent that
   * restarted and asks again with the same key (in the same session) attaches
   * to the question already pending, or gets the answer given while it was
   * away, instead of asking twice. Hosts that keep no questions across
   * restarts treat it as a plain ask.
   */
  resumeKey: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  /** Who is asking (an agent, or a subagent and its parents); shown with the question. */
  asker: v.optional(AskUserQuestionAskerSchema),
})

/** The serialisable part of a request: what crosses a wire. */
export type AskUserQuestionRequestData = v.InferOutput<typeof AskUserQuestionRequestDataSchema>
