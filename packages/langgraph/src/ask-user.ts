/**
 * `askUser()` inside a graph node: LangGraph's `interrupt()` whose payload is
 * a Parley request, tagged so the runner recognises it, and whose resume
 * value is the person's answer, checked against the questions.
 */
import { interrupt } from '@langchain/langgraph'
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionAsker,
  type AskUserQuestionItem,
  UserQuestionError,
  type ValidationIssue,
  validateAnswer,
  validateRequest,
} from '@parley/seam'
import * as v from 'valibot'

/** The tag of a Parley interrupt's payload (`value.kind`). */
export const PARLEY_INTERRUPT = 'parley/ask-user'

/** What a node's `askUser()` puts in the interrupt: the questions and how to show them. */
export interface ParleyInterruptValue {
  kind: typeof PARLEY_INTERRUPT
  questions: AskUserQuestionItem[]
  /** A deadline for the card in milliseconds. */
  timeoutMs?: number
  /** Who asks, shown on the card (the runner's `asker` otherwise). */
  asker?: AskUserQuestionAsker
}

/** Options of {@link askUser}. */
export interface AskUserOptions {
  /** A deadline in milliseconds; when it passes, the run rejects `ASK_TIMED_OUT`. */
  timeoutMs?: number | undefined
  /** Who asks, shown on the card. @default the runner's `asker` */
  asker?: AskUserQuestionAsker | undefined
}

/** @internal The payload as read back from a checkpoint: recognised by its tag, parsed, never cast. */
export const ParleyInterruptSchema = v.object({
  kind: v.literal(PARLEY_INTERRUPT),
  questions: v.unknown(),
  timeoutMs: v.optional(v.unknown()),
  asker: v.optional(v.unknown()),
})

/** @internal A `UserQuestionError` for validation issues, as the seam's own service words it. */
export function failure(issues: readonly ValidationIssue[]): UserQuestionError {
  const code = issues[0]?.code ?? 'INVALID_QUESTION'
  const message = issues.map((issue) => issue.message).join(' ')
  return new UserQuestionError(message, code, { cause: issues })
}

/**
 * Asks the person `questions` from inside a LangGraph node and returns their
 * answer: the graph pauses (an `interrupt()`, so the thread needs a
 * checkpointer) until a runner such as {@link runWithParley} shows the card
 * and resumes with what they chose. Like `interrupt()`, it runs again from
 * the top of the node on resume, so code before it must be safe to repeat.
 *
 * Throws the seam's validation error (`EMPTY_QUESTIONS`, `INVALID_QUESTION`,
 * `BAD_INTENT`) before pausing when the questions are not a valid Parley
 * request, and `BAD_ANSWER` when the graph is resumed with something that is
 * not an answer to them.
 */
export function askUser(
  questions: AskUserQuestionItem[],
  options: AskUserOptions = {},
): AskUserQuestionAnswer {
  const value: ParleyInterruptValue = { kind: PARLEY_INTERRUPT, questions }
  if (options.timeoutMs !== undefined) value.timeoutMs = options.timeoutMs
  if (options.asker !== undefined) value.asker = options.asker
  const checked = validateRequest({ questions, timeoutMs: value.timeoutMs, asker: value.asker })
  if (!checked.ok) throw failure(checked.issues)
  const resumed: unknown = interrupt(value)
  const answer = validateAnswer({ questions }, resumed)
  if (!answer.ok) throw failure(answer.issues)
  return answer.answer
}
