/**
 * `ask_user_question` as an AI SDK client-side tool: the server offers it to
 * the model without an `execute`, and the browser answers each call through
 * `useChat`'s `addToolOutput` (no Parley host in between). Exported from
 * `@parley/tool/ai-sdk`.
 */
import {
  type AskUserQuestionAnswer,
  AskUserQuestionAnswerSchema,
  type AskUserQuestionItem,
  shapeIssues,
  UserQuestionError,
  validateRequest,
} from '@parley/seam'
import { toJsonSchema } from '@valibot/to-json-schema'
import { type InferUITool, jsonSchema, type Schema, type Tool, tool } from 'ai'
import * as v from 'valibot'
import { ASK_USER_QUESTION_DESCRIPTION } from './description.ts'
import { ToolInputError } from './errors.ts'
import { formatToolResult } from './format.ts'
import { toolInputIssues } from './input-issues.ts'
import {
  type AskUserQuestionToolInput,
  AskUserQuestionToolInputSchema,
  askUserQuestionInputJsonSchema,
} from './input-schema.ts'
import { toQuestionItems } from './tool.ts'

/**
 * The client-side tool's type: the model's input in, the user's normalized
 * answer out. A cancel or bad input is an `output-error`, not an output.
 */
export type AskUserQuestionClientTool = Tool<AskUserQuestionToolInput, AskUserQuestionAnswer>

/**
 * `{ input, output }` of the client-side tool, as `InferUITools` gives it:
 * the entry for `ask_user_question` in a `UIMessage`'s tools.
 */
export type AskUserQuestionUITool = InferUITool<AskUserQuestionClientTool>

/**
 * A `UIMessage` tools map holding only `ask_user_question` (a type alias, not
 * an interface, so it meets the SDK's `UITools` index signature).
 */
export type AskUserQuestionUITools = { ask_user_question: AskUserQuestionUITool }

/** The questions of a valid input, or `[]`: labels for the result text only. */
export function questionsOf(input: unknown): AskUserQuestionToolInput['questions'] {
  const parsed = v.safeParse(AskUserQuestionToolInputSchema, input)
  return parsed.success ? parsed.output.questions : []
}

/**
 * The seam's answer schema for the SDK. Not the valibot schema itself: the
 * SDK reads a Standard Schema result with a `value` as a success, and
 * valibot's failed results carry one too (valibot issue #1343), so every
 * answer would pass. Validation goes through `v.safeParse` instead.
 */
function answerSchema(): Schema<AskUserQuestionAnswer> {
  return jsonSchema<AskUserQuestionAnswer>(
    () => toJsonSchema(AskUserQuestionAnswerSchema, { target: 'draft-07' }),
    {
      validate(value) {
        const parsed = v.safeParse(AskUserQuestionAnswerSchema, value)
        if (parsed.success) return { success: true, value: parsed.output }
        const issues = shapeIssues(parsed.issues, 'BAD_ANSWER')
        const message = issues.map((issue) => issue.message).join(' ')
        return { success: false, error: new UserQuestionError(message, 'BAD_ANSWER') }
      },
    },
  )
}

/**
 * Builds `ask_user_question` for the AI SDK as a client-side tool: the same
 * description and JSON Schema as {@link askUserQuestionAiTool}, no `execute`,
 * and an `outputSchema` (the seam's answer schema) so `validateUIMessages`
 * checks stored answers. `toModelOutput` gives the model `formatToolResult`'s
 * text instead of raw JSON, which only happens when the server converts the
 * chat with `convertToModelMessages(messages, { tools })`.
 */
export function askUserQuestionClientTool(): AskUserQuestionClientTool {
  // No type arguments: see askUserQuestionAiTool (ai 7's tool() takes three).
  return tool({
    description: ASK_USER_QUESTION_DESCRIPTION,
    inputSchema: jsonSchema<AskUserQuestionToolInput>(askUserQuestionInputJsonSchema),
    outputSchema: answerSchema(),
    toModelOutput({ input, output }) {
      return { type: 'text', value: formatToolResult(output, questionsOf(input)) }
    },
  })
}

/** What {@link readAskUserQuestionCall} makes of a tool call's input. */
export type AskUserQuestionCallReading =
  | {
      ok: true
      /** The questions in the seam's vocabulary (`multiSelect`), ready for the composer. */
      questions: AskUserQuestionItem[]
    }
  | {
      ok: false
      /** `ToolInputError` (`INVALID_INPUT`) or `UserQuestionError` (`INVALID_QUESTION`). */
      error: ToolInputError | UserQuestionError
      /** `formatToolResult(error)`: what the model should read as the call's error. */
      errorText: string
    }

/**
 * Reads the input of an `ask_user_question` call the way the server tool's
 * `execute` does, without asking anyone: the tool schema first (a failure is
 * an `INVALID_INPUT` naming every path), then the seam's batch rules
 * (duplicate ids, `multi_select` without options, …: `INVALID_QUESTION`).
 * Never throws, so a browser can answer bad input with an `output-error` the
 * model repairs.
 */
export function readAskUserQuestionCall(input: unknown): AskUserQuestionCallReading {
  const parsed = v.safeParse(AskUserQuestionToolInputSchema, input)
  if (!parsed.success) return refused(new ToolInputError(toolInputIssues(parsed.issues)))
  const checked = validateRequest({ questions: toQuestionItems(parsed.output) })
  if (checked.ok) return { ok: true, questions: checked.request.questions }
  const message = checked.issues.map((issue) => issue.message).join(' ')
  const code = checked.issues[0]?.code ?? 'INVALID_QUESTION'
  return refused(new UserQuestionError(message, code, { cause: checked.issues }))
}

function refused(error: ToolInputError | UserQuestionError): AskUserQuestionCallReading {
  return { ok: false, error, errorText: formatToolResult(error) }
}
