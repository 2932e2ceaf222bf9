import type { ComposerRequest } from '@parley/machine'
import { ASK_USER_QUESTION_TOOL_NAME } from '@parley/tool'
import { readAskUserQuestionCall } from '@parley/tool/ai-sdk'
import { getToolName, isToolUIPart, type UIMessage } from 'ai'

/** A bad `ask_user_question` call, to be answered with an `output-error`. */
export interface RefusedCall {
  toolCallId: string
  /** What the model reads: `INVALID_INPUT` or `INVALID_QUESTION` with the issues. */
  errorText: string
}

/** The open `ask_user_question` calls of a chat, read from its messages. */
export interface OpenCalls {
  /** Calls with valid input, keyed by `toolCallId`, in transcript order. */
  requests: ComposerRequest[]
  /** Calls whose input the model must repair. */
  refused: RefusedCall[]
}

/**
 * Every `ask_user_question` tool part (static or dynamic, not run by the
 * provider) in `input-available`: the browser owes it an output. Each input
 * is parsed with the tool's schema and the seam's rules, never trusted.
 */
export function openCalls(messages: readonly UIMessage[]): OpenCalls {
  const requests: ComposerRequest[] = []
  const refused: RefusedCall[] = []
  for (const message of messages) {
    if (message.role !== 'assistant') continue
    for (const part of message.parts) {
      if (!isToolUIPart(part) || getToolName(part) !== ASK_USER_QUESTION_TOOL_NAME) continue
      if (part.state !== 'input-available' || part.providerExecuted === true) continue
      const reading = readAskUserQuestionCall(part.input)
      if (reading.ok) requests.push({ rpcId: part.toolCallId, questions: reading.questions })
      else refused.push({ toolCallId: part.toolCallId, errorText: reading.errorText })
    }
  }
  return { requests, refused }
}

/** Same requests, same content: lets the caller keep the previous array. */
export function sameRequests(a: readonly ComposerRequest[], b: readonly ComposerRequest[]) {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b)
}
