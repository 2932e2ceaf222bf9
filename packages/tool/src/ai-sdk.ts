/**
 * `ask_user_question` for the Vercel AI SDK (v6 or v7). Import from
 * `@parley/tool/ai-sdk`; `ai` is an optional peer dependency. The server-side
 * tool (`askUserQuestionAiTool`, answered through a Parley service) is here;
 * the client-side one (`askUserQuestionClientTool`, answered by `useChat`) is
 * in ai-sdk-client.ts.
 */
import type {
  AskDeadlineChange,
  AskUserQuestionAmendment,
  AskUserQuestionAnswer,
  AskUserQuestionAsker,
  UserQuestionService,
} from '@parley/seam'
import { jsonSchema, type Tool, tool } from 'ai'
import { questionsOf } from './ai-sdk-client.ts'
import { formatToolResult } from './format.ts'
import type { AskUserQuestionToolInput } from './input-schema.ts'
import { createAskUserQuestionTool } from './tool.ts'

export {
  type AskUserQuestionCallReading,
  type AskUserQuestionClientTool,
  type AskUserQuestionUITool,
  type AskUserQuestionUITools,
  askUserQuestionClientTool,
  readAskUserQuestionCall,
} from './ai-sdk-client.ts'

/** Options of {@link askUserQuestionAiTool}. */
export interface AskUserQuestionAiToolOptions {
  /** Routes every ask of this tool to one conversation. */
  sessionId?: string
  /** The calling agent, passed to the service's caller policy. */
  agent?: unknown
  /**
   * Deadline of every ask in milliseconds (a positive safe integer): when it
   * passes, the model reads that the user did not answer in time
   * (`ASK_TIMED_OUT`). The SDK's `abortSignal` still aborts (`ASK_ABORTED`).
   * A deadline must be this, not `AbortSignal.timeout()`, or the model reads
   * "aborted".
   */
  timeoutMs?: number | undefined
  /** Who is asking, shown with the question; a subagent's result names it (see `formatToolResult`). */
  asker?: AskUserQuestionAsker | undefined
  /**
   * Hears the user change an answer after it was sent, with the follow-up
   * text for the model (see `formatAmendment`); give it to the model as a
   * new message. Without it answers are final.
   */
  onAmend?: ((amendment: AskUserQuestionAmendment, followUp: string) => void) | undefined
  /**
   * Called when the person moves an ask's deadline (more time, or typing
   * under the host's policy), with the tool call's id: the request's
   * `onDeadline`.
   */
  onDeadline?: ((change: AskDeadlineChange, toolCallId: string) => void) | undefined
  /**
   * What a failed ask becomes. `'result'` returns `{ ok: false, error }` so the
   * model reads the error as the tool result (a cancel stated as "not
   * consent"); `'throw'` rethrows and lets the SDK report a tool error.
   * @default 'result'
   */
  errors?: 'result' | 'throw'
}

/** A failed ask as plain data: the error's `{ name, code, message }`. */
export interface AskUserQuestionAiToolError {
  name: string
  code: string
  message: string
}

/** What the AI SDK tool's `execute` returns. */
export type AskUserQuestionAiToolOutput =
  | { ok: true; answer: AskUserQuestionAnswer }
  | { ok: false; error: AskUserQuestionAiToolError }

function text(value: unknown, key: string, fallback: string): string {
  if (typeof value !== 'object' || value === null) return fallback
  const found: unknown = Reflect.get(value, key)
  return typeof found === 'string' ? found : fallback
}

function toErrorData(error: unknown): AskUserQuestionAiToolError {
  return {
    name: text(error, 'name', 'Error'),
    code: text(error, 'code', 'UNKNOWN'),
    message: text(error, 'message', String(error)),
  }
}

/**
 * Builds the AI SDK `tool()` for `ask_user_question`. The input schema is the
 * same JSON Schema the provider-neutral tool publishes; input is validated in
 * `execute`, so bad input reaches the model as an `INVALID_INPUT` result it
 * can correct. `execute` passes the SDK's `abortSignal` and the tool call id
 * (as `callId`) to `service.ask`. The model reads `formatToolResult` text.
 * Throws a `TypeError` when `options.timeoutMs` is not a positive safe integer.
 */
export function askUserQuestionAiTool(
  service: UserQuestionService,
  options: AskUserQuestionAiToolOptions = {},
): Tool<AskUserQuestionToolInput, AskUserQuestionAiToolOutput> {
  const core = createAskUserQuestionTool(service, { timeoutMs: options.timeoutMs })
  // No type arguments: ai 7's tool() takes three (input, output, context)
  // and reads two as another overload; both majors infer them from here.
  return tool({
    description: core.description,
    inputSchema: jsonSchema<AskUserQuestionToolInput>(core.inputSchema),
    async execute(input, { abortSignal, toolCallId }): Promise<AskUserQuestionAiToolOutput> {
      try {
        const answer = await core.execute(input, {
          signal: abortSignal,
          callId: toolCallId,
          sessionId: options.sessionId,
          agent: options.agent,
          asker: options.asker,
          onAmend: options.onAmend,
          ...(options.onDeadline && {
            onDeadline: (change: AskDeadlineChange) => options.onDeadline?.(change, toolCallId),
          }),
        })
        return { ok: true, answer }
      } catch (error) {
        if (options.errors === 'throw') throw error
        return { ok: false, error: toErrorData(error) }
      }
    },
    toModelOutput({ input, output }) {
      const outcome = output.ok ? output.answer : output.error
      const text = formatToolResult(outcome, questionsOf(input), { asker: options.asker })
      return { type: 'text', value: text }
    },
  })
}
