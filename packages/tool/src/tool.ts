import type {
  AskUserQuestionAmendment,
  AskUserQuestionAnswer,
  AskUserQuestionAsker,
  AskUserQuestionItem,
  AskUserQuestionOption,
  AskUserQuestionRequest,
  UserQuestionService,
} from '@parley/seam'
import * as v from 'valibot'
import { ASK_USER_QUESTION_DESCRIPTION } from './description.ts'
import { ToolInputError } from './errors.ts'
import { formatAmendment } from './format.ts'
import { toolInputIssues } from './input-issues.ts'
import {
  type AskUserQuestionToolInput,
  AskUserQuestionToolInputSchema,
  askUserQuestionInputJsonSchema,
} from './input-schema.ts'

/** The tool's name as the model sees it. */
export const ASK_USER_QUESTION_TOOL_NAME = 'ask_user_question'

/** Per-call context the agent loop hands to `execute`. */
export interface AskUserQuestionToolContext {
  /** The tool call's abort signal; aborting rejects with `ASK_ABORTED`. */
  signal?: AbortSignal | undefined
  /** Routes the ask to a conversation. */
  sessionId?: string | undefined
  /** The model's tool call id, linking the ask to the call. */
  callId?: string | undefined
  /** The calling agent, for the service's caller policy. */
  agent?: unknown
  /**
   * Deadline of this ask in milliseconds (a positive safe integer), sent as
   * the request's `timeoutMs`: when it passes, the ask rejects with
   * `ASK_TIMED_OUT`. Overrides the tool's default. Use this, not
   * `AbortSignal.timeout()`, which rejects with `ASK_ABORTED`.
   */
  timeoutMs?: number | undefined
  /**
   * Called when the person moves this ask's deadline (they asked for more
   * time, or their typing did under the host's policy), with the new and the
   * previous deadline: the request's `onDeadline`.
   */
  onDeadline?: AskUserQuestionRequest['onDeadline']
  /**
   * Who is asking, shown with the question: the agent's display name and,
   * for a subagent, its parents root first (`{ name: 'Test writer',
   * parents: ['Planner'] }`). Set by the agent loop, never by the model.
   */
  asker?: AskUserQuestionAsker | undefined
  /**
   * Hears the user change their answer after it was sent (within the
   * host's window, while `signal` has not aborted), with `followUp`: the
   * amendment as text for the model ("The user changed their answer to
   * framework …"), labelled by the model's questions. Without it the answer
   * is final.
   */
  onAmend?: ((amendment: AskUserQuestionAmendment, followUp: string) => void) | undefined
}

/** Options of {@link createAskUserQuestionTool}. */
export interface AskUserQuestionToolOptions {
  /**
   * Default deadline of every ask in milliseconds (a positive safe integer);
   * a `timeoutMs` in the execute context wins. Without either, the ask waits
   * until it is answered, cancelled or aborted.
   */
  timeoutMs?: number | undefined
}

/** A provider-neutral `ask_user_question` tool bound to one service. */
export interface AskUserQuestionTool {
  /** Always `'ask_user_question'`. */
  name: typeof ASK_USER_QUESTION_TOOL_NAME
  /** Guidance for the model. */
  description: string
  /** JSON Schema (draft-07) of the input. */
  inputSchema: typeof askUserQuestionInputJsonSchema
  /**
   * Validates the model's input, asks the service and resolves with the
   * normalized answer. Rejects with a `ToolInputError` (`INVALID_INPUT`) for
   * input that fails the schema, or with the service's `UserQuestionError`.
   * Rejects with a `TypeError` when `context.timeoutMs` is not a positive safe
   * integer (a bug in the caller, not in the model's input).
   */
  execute(input: unknown, context?: AskUserQuestionToolContext): Promise<AskUserQuestionAnswer>
}

/** Parses model input, throwing a `ToolInputError` that names every bad path. */
export function parseToolInput(input: unknown): AskUserQuestionToolInput {
  const parsed = v.safeParse(AskUserQuestionToolInputSchema, input)
  if (!parsed.success) throw new ToolInputError(toolInputIssues(parsed.issues))
  return parsed.output
}

/** Maps the model's vocabulary (`multi_select`) to the seam's (`multiSelect`). */
export function toQuestionItems(input: AskUserQuestionToolInput): AskUserQuestionItem[] {
  return input.questions.map(({ multi_select, header, options, ...rest }) => {
    const item: AskUserQuestionItem = { ...rest }
    if (header !== undefined) item.header = header
    if (options !== undefined)
      item.options = options.map(({ label, description, preview }) => {
        const option: AskUserQuestionOption = { label }
        if (description !== undefined) option.description = description
        if (preview !== undefined) option.preview = preview
        return option
      })
    if (multi_select !== undefined) item.multiSelect = multi_select
    return item
  })
}

/** Throws a `TypeError` unless `timeoutMs` is absent or a positive safe integer. */
function checkTimeoutMs(timeoutMs: unknown, where: string): void {
  if (timeoutMs === undefined) return
  if (typeof timeoutMs === 'number' && Number.isSafeInteger(timeoutMs) && timeoutMs > 0) return
  const shown = typeof timeoutMs === 'number' ? String(timeoutMs) : typeof timeoutMs
  throw new TypeError(
    `${where} must be a positive whole number of milliseconds (a safe integer), got ${shown}.`,
  )
}

function toRequest(
  input: AskUserQuestionToolInput,
  context: AskUserQuestionToolContext,
  timeoutMs: number | undefined,
): AskUserQuestionRequest {
  const questions = toQuestionItems(input)
  const request: AskUserQuestionRequest = { questions }
  if (context.signal !== undefined) request.signal = context.signal
  if (context.sessionId !== undefined) request.sessionId = context.sessionId
  if (context.callId !== undefined) request.callId = context.callId
  if (context.agent !== undefined) request.agent = context.agent
  if (timeoutMs !== undefined) request.timeoutMs = timeoutMs
  if (context.onDeadline !== undefined) request.onDeadline = context.onDeadline
  if (context.asker !== undefined) request.asker = context.asker
  const { onAmend } = context
  if (onAmend)
    request.onAmend = (amendment) => onAmend(amendment, formatAmendment(amendment, questions))
  return request
}

/**
 * Creates the model-facing `ask_user_question` tool over a question service.
 * Throws a `TypeError` when `options.timeoutMs` is not a positive safe integer.
 */
export function createAskUserQuestionTool(
  service: UserQuestionService,
  options: AskUserQuestionToolOptions = {},
): AskUserQuestionTool {
  checkTimeoutMs(options.timeoutMs, 'options.timeoutMs')
  return {
    name: ASK_USER_QUESTION_TOOL_NAME,
    description: ASK_USER_QUESTION_DESCRIPTION,
    inputSchema: askUserQuestionInputJsonSchema,
    async execute(input, context = {}) {
      checkTimeoutMs(context.timeoutMs, 'context.timeoutMs')
      const timeoutMs = context.timeoutMs ?? options.timeoutMs
      return service.ask(toRequest(parseToolInput(input), context, timeoutMs))
    },
  }
}
