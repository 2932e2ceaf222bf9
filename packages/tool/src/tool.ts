import type {
  AskUserQuestionAnswer,
  AskUserQuestionItem,
  AskUserQuestionRequest,
  UserQuestionService,
} from '@parley/seam'
import * as v from 'valibot'
import { ASK_USER_QUESTION_DESCRIPTION } from './description.ts'
import { ToolInputError } from './errors.ts'
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
      item.options = options.map((option) =>
        option.description === undefined
          ? { label: option.label }
          : { label: option.label, description: option.description },
      )
    if (multi_select !== undefined) item.multiSelect = multi_select
    return item
  })
}

function toRequest(
  input: AskUserQuestionToolInput,
  context: AskUserQuestionToolContext,
): AskUserQuestionRequest {
  const request: AskUserQuestionRequest = { questions: toQuestionItems(input) }
  if (context.signal !== undefined) request.signal = context.signal
  if (context.sessionId !== undefined) request.sessionId = context.sessionId
  if (context.callId !== undefined) request.callId = context.callId
  if (context.agent !== undefined) request.agent = context.agent
  return request
}

/** Creates the model-facing `ask_user_question` tool over a question service. */
export function createAskUserQuestionTool(service: UserQuestionService): AskUserQuestionTool {
  return {
    name: ASK_USER_QUESTION_TOOL_NAME,
    description: ASK_USER_QUESTION_DESCRIPTION,
    inputSchema: askUserQuestionInputJsonSchema,
    async execute(input, context = {}) {
      return service.ask(toRequest(parseToolInput(input), context))
    },
  }
}
