/**
 * `ask_user_question` as an OpenAI Agents SDK function tool: the name,
 * description and JSON Schema of `@parley/tool`, and an `execute` that asks
 * through the Parley service and returns the text the model reads.
 */
import { type FunctionTool, tool } from '@openai/agents'
import type { AskUserQuestionAsker, UserQuestionService } from '@parley/seam'
import {
  type AskUserQuestionToolInput,
  createAskUserQuestionTool,
  formatToolResult,
  parseToolInput,
} from '@parley/tool'

/** Options of {@link askUserQuestionTool}. */
export interface AskUserQuestionToolOptions {
  /** Routes every ask of this tool to one Parley session (conversation). */
  sessionId?: string | undefined
  /**
   * Deadline of every ask in milliseconds; when it passes the model reads
   * that the person did not answer in time (`ASK_TIMED_OUT`).
   */
  timeoutMs?: number | undefined
  /** Who asks, shown on the card. */
  asker?: AskUserQuestionAsker | undefined
  /** The calling agent, for the service's caller policy. */
  agent?: unknown
}

/** The questions of the model's input, for labelling the result; none when it does not parse. */
function questionsOf(input: unknown): AskUserQuestionToolInput['questions'] {
  try {
    return parseToolInput(input).questions
  } catch {
    return []
  }
}

/**
 * The model-facing `ask_user_question` tool for an `Agent`'s `tools`. Its
 * `execute` validates the model's input, asks the person through `service`
 * (with the run's abort signal and the model's call id) and returns
 * `formatToolResult` text: the answers by question, or the reason none came
 * (dismissed, timed out, withdrawn, input to correct), which the model reads
 * rather than a thrown error. The schema goes to the SDK as strict: it makes
 * the optional fields nullable for the model and drops the nulls before
 * `execute` sees them.
 */
export function askUserQuestionTool(
  service: UserQuestionService,
  options: AskUserQuestionToolOptions = {},
): FunctionTool {
  const core = createAskUserQuestionTool(service, { timeoutMs: options.timeoutMs })
  const { properties = {}, required = [] } = core.inputSchema
  return tool({
    name: core.name,
    description: core.description,
    parameters: { type: 'object', properties, required, additionalProperties: false },
    async execute(input, _context, details) {
      try {
        const answer = await core.execute(input, {
          signal: details?.signal,
          callId: details?.toolCall?.callId,
          sessionId: options.sessionId,
          asker: options.asker,
          agent: options.agent,
        })
        return formatToolResult(answer, questionsOf(input), { asker: options.asker })
      } catch (error) {
        return formatToolResult(error, questionsOf(input), { asker: options.asker })
      }
    },
  })
}
