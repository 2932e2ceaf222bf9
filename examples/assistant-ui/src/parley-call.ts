// The Parley side of an `ask_user_question` call rendered by a chat framework
// (assistant-ui here, CopilotKit in recipes/copilotkit.tsx): read the model's
// arguments the way the tool does, and turn the user's answer or cancel into
// the result the model reads. Nothing here knows the framework.
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionItem,
  UserQuestionError,
  validateRequest,
} from '@parley/seam'
import { formatToolResult, parseToolInput, ToolInputError, toQuestionItems } from '@parley/tool'

/** The model's arguments, read: the questions to show, or why they cannot be shown. */
export type AskCall =
  | { ok: true; questions: AskUserQuestionItem[] }
  | { ok: false; error: ToolInputError | UserQuestionError }

/** A settled call as plain data, the same shape as `@parley/tool/ai-sdk`'s output. */
export type AskOutcome =
  | { ok: true; answer: AskUserQuestionAnswer }
  | { ok: false; error: { name: string; code: string; message: string } }

/** What a call's result is made of: the outcome for the app, the text for the model. */
export interface AskResult {
  outcome: AskOutcome
  /** `formatToolResult` text: what the model must read (a cancel is not consent). */
  text: string
}

/**
 * Parses the model's arguments as `ask_user_question` input (`parseToolInput`)
 * and checks the questions the way the question service would
 * (`validateRequest`: duplicate ids, blank labels, …). Never throws for bad
 * input: the error is returned, to be sent back to the model.
 */
export function readAskCall(args: unknown): AskCall {
  let questions: AskUserQuestionItem[]
  try {
    questions = toQuestionItems(parseToolInput(args))
  } catch (error) {
    if (error instanceof ToolInputError) return { ok: false, error }
    throw error
  }
  const checked = validateRequest({ questions })
  if (checked.ok) return { ok: true, questions: checked.request.questions }
  const code = checked.issues[0]?.code ?? 'INVALID_QUESTION'
  const message = checked.issues.map((issue) => issue.message).join(' ')
  return { ok: false, error: new UserQuestionError(message, code, { cause: checked.issues }) }
}

/** The result of an answered call, each answer labelled with its question. */
export function answeredResult(
  answer: AskUserQuestionAnswer,
  questions: readonly AskUserQuestionItem[],
): AskResult {
  return { outcome: { ok: true, answer }, text: formatToolResult(answer, questions) }
}

/** The result of a call that failed: bad input, or the user's cancel. */
export function failedResult(error: ToolInputError | UserQuestionError): AskResult {
  const { name, code, message } = error
  return { outcome: { ok: false, error: { name, code, message } }, text: formatToolResult(error) }
}

/** The result of the user dismissing the card: `ASK_CANCELLED`, which is not consent. */
export function cancelledResult(): AskResult {
  return failedResult(new UserQuestionError('The user dismissed the question.', 'ASK_CANCELLED'))
}

/**
 * How a stored result settled the card: `answered`, `cancelled`, or
 * `undefined` for no result yet (or one this module did not write). Reads the
 * value without trusting its shape: a result may come back from storage.
 */
export function settledAs(result: unknown): 'answered' | 'cancelled' | undefined {
  if (typeof result !== 'object' || result === null) return undefined
  const ok: unknown = Reflect.get(result, 'ok')
  if (ok === true) return 'answered'
  if (ok !== false) return undefined
  const error: unknown = Reflect.get(result, 'error')
  const code = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined
  return code === 'ASK_CANCELLED' ? 'cancelled' : undefined
}
