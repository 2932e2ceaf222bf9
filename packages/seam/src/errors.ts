/**
 * Every error Parley raises extends `ParleyError`: it carries a stable,
 * machine-routable `code` that survives serialisation as `{ name, code }`.
 */
export class ParleyError extends Error {
  /** Stable, SCREAMING_SNAKE code; safe to switch on. */
  readonly code: string

  constructor(message: string, code: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ParleyError'
    this.code = code
  }
}

/**
 * The codes a `UserQuestionError` carries.
 *
 * - `EMPTY_QUESTIONS`: the request has no questions.
 * - `INVALID_QUESTION`: an item is malformed: empty id or text, duplicate question
 *   ids, duplicate option labels, `multiSelect` without options, or answer
 *   constraints no answer can meet.
 * - `BAD_INTENT`: a plan review's `approve` names no option of its own question, or
 *   it has no `detail`; an approval names no tool, has an input that is not an
 *   object, offers no deny, is a multi-select, or a decision's label is not
 *   one of its options (or stands for two decisions).
 * - `NO_PROVIDER`: no UI provider is registered.
 * - `DUPLICATE_PROVIDER`: a second provider tried to register while one is active.
 * - `ASK_ABORTED`: the caller's signal aborted (before or during the ask), or the
 *   provider was disposed while the question was pending.
 * - `ASK_CANCELLED`: the user dismissed the question. A cancel is not consent.
 * - `ASK_TIMED_OUT`: the request's `timeoutMs` passed without an answer.
 * - `ASK_MISSING_SESSION`: a session-routed provider got a request it cannot route.
 * - `ASK_LIMIT_REACHED`: the provider already holds as many pending questions as
 *   its limits allow (per session or in total); nothing was shown. Retry later.
 * - `ASK_TOO_LARGE`: the batch is larger than the provider sends to a browser
 *   (the host's `maxQuestionBytes`); nothing was shown. Shorten it.
 * - `CALLER_NOT_LIVE`: the caller policy says the calling agent is not live.
 * - `DELEGATED_CALLER`: the caller policy says the caller is a delegated
 *   (sub-)agent, which may not ask the human directly.
 * - `BAD_ANSWER`: the provider returned an answer that fails validation.
 */
export const USER_QUESTION_ERROR_CODES = [
  'EMPTY_QUESTIONS',
  'INVALID_QUESTION',
  'BAD_INTENT',
  'NO_PROVIDER',
  'DUPLICATE_PROVIDER',
  'ASK_ABORTED',
  'ASK_CANCELLED',
  'ASK_TIMED_OUT',
  'ASK_MISSING_SESSION',
  'ASK_LIMIT_REACHED',
  'ASK_TOO_LARGE',
  'CALLER_NOT_LIVE',
  'DELEGATED_CALLER',
  'BAD_ANSWER',
] as const

/** One of {@link USER_QUESTION_ERROR_CODES}. */
export type UserQuestionErrorCode = (typeof USER_QUESTION_ERROR_CODES)[number]

/** An ask failed for a reason named by `code`. */
export class UserQuestionError extends ParleyError {
  declare readonly code: UserQuestionErrorCode

  constructor(message: string, code: UserQuestionErrorCode, options?: ErrorOptions) {
    super(message, code, options)
    this.name = 'UserQuestionError'
  }
}

/** True for a `UserQuestionError`, optionally with the given code. Works across realms. */
export function isUserQuestionError(
  error: unknown,
  code?: UserQuestionErrorCode,
): error is UserQuestionError {
  if (typeof error !== 'object' || error === null) return false
  const { name, code: actual } = error as { name?: unknown; code?: unknown }
  if (name !== 'UserQuestionError' || typeof actual !== 'string') return false
  return code === undefined || actual === code
}
