import type { AskUserQuestionAmendment } from './amendment.ts'
import type { UserQuestionErrorCode } from './errors.ts'
import type { AskUserQuestionRequestData } from './request-data-schema.ts'
import type { AskUserQuestionAnswer } from './schemas.ts'

/**
 * Request for a human answer: the serialisable data (`questions`, and the
 * optional `sessionId` routing it to a conversation, `callId` linking it to
 * the tool call, `timeoutMs` deadline that providers honour with
 * `ASK_TIMED_OUT`) plus the in-process `agent` and `signal`.
 */
export interface AskUserQuestionRequest extends AskUserQuestionRequestData {
  /** The calling agent, passed to the service's `callerPolicy`. Opaque to Parley. */
  agent?: unknown
  /**
   * Abort signal of the owning tool call or agent turn. Once it aborts the
   * agent has moved on: a pending ask rejects with `ASK_ABORTED`, and an
   * answer already sent can no longer be changed.
   */
  signal?: AbortSignal | undefined
  /**
   * Hears the user change their answer after it was sent (an amendment,
   * validated like the answer). Without it the answer is final: providers
   * offer no change. A provider calls it only within its window, and never
   * once `signal` has aborted.
   */
  onAmend?: ((amendment: AskUserQuestionAmendment) => void) | undefined
  /**
   * Called when the person moves the deadline of this ask (`timeoutMs`): they
   * asked for more time, or their typing and choosing did under the host's
   * policy. Only a provider that shows deadlines calls it (`@parley/host`
   * does); what it throws is reported, never thrown into the ask.
   */
  onDeadline?: ((change: AskDeadlineChange) => void) | undefined
}

/** A deadline the person moved, as the asking side observes it. */
export interface AskDeadlineChange {
  /** The new deadline, in ms since the epoch. */
  deadlineAt: number
  /** The deadline before this change, in ms since the epoch. */
  previousDeadlineAt: number
  /**
   * `user`: the person asked for more time; `activity`: they were typing or
   * choosing when it was about to pass, and the host's policy extends then.
   */
  reason: 'user' | 'activity'
}

/** The UI side of the seam. Exactly one is active per service. */
export interface UserQuestionProvider {
  ask(request: AskUserQuestionRequest): Promise<AskUserQuestionAnswer>
}

/** A rule violation found by `validateRequest` or `validateAnswer`. */
export interface ValidationIssue {
  /** The error code an ask fails with because of this issue. */
  code: UserQuestionErrorCode
  /** Stable rule name, e.g. `unknown-option`. */
  rule: string
  /** The question the issue is about, when there is one. */
  questionId?: string
  /** Where in the input the problem is. */
  path: (string | number)[]
  /** A human-readable explanation. */
  message: string
}

/** The result of `validateRequest`: the parsed request or the issues. Never throws. */
export type RequestValidation =
  | { ok: true; request: AskUserQuestionRequest }
  | { ok: false; issues: ValidationIssue[] }

/** The result of `validateAnswer`: the normalized answer or the issues. Never throws. */
export type AnswerValidation =
  | { ok: true; answer: AskUserQuestionAnswer }
  | { ok: false; issues: ValidationIssue[] }
