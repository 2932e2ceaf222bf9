import type { ComposerRequest } from '@parley/machine'
import { ASK_USER_QUESTION_TOOL_NAME } from '@parley/tool'
import { readAskUserQuestionCall } from '@parley/tool/ai-sdk'
import { getToolName, isToolUIPart, type UIMessage } from 'ai'
import { approvalQuestion, type ChatApprovalWords } from './chat-approvals.ts'

/** A bad `ask_user_question` call, to be answered with an `output-error`. */
interface RefusedCall {
  toolCallId: string
  /** What the model reads: `INVALID_INPUT` or `INVALID_QUESTION` with the issues. */
  errorText: string
}

/** The open `ask_user_question` calls and tool approvals of a chat, read from its messages. */
export interface OpenCalls {
  /**
   * Calls with valid input, keyed by `toolCallId`, and approvals, keyed by
   * their `approval.id`, in transcript order.
   */
  requests: ComposerRequest[]
  /** The `rpcId`s of `requests` that are approvals. */
  approvals: ReadonlySet<string>
  /** Calls whose input the model must repair. */
  refused: RefusedCall[]
}

/**
 * Every `ask_user_question` tool part (static or dynamic, not run by the
 * provider) in `input-available`: the browser owes it an output. Each input
 * is parsed with the tool's schema and the seam's rules, never trusted.
 * With `approvals`, also every tool part in `approval-requested` (a tool with
 * `needsApproval`), as an approval card in those words.
 */
export function openCalls(
  messages: readonly UIMessage[],
  approvals?: ChatApprovalWords,
): OpenCalls {
  const requests: ComposerRequest[] = []
  const approvalIds = new Set<string>()
  const refused: RefusedCall[] = []
  for (const message of messages) {
    if (message.role !== 'assistant') continue
    for (const part of message.parts) {
      if (!isToolUIPart(part)) continue
      const tool = getToolName(part)
      if (part.state === 'approval-requested') {
        if (!approvals || approvalIds.has(part.approval.id)) continue
        approvalIds.add(part.approval.id)
        requests.push({
          rpcId: part.approval.id,
          questions: [approvalQuestion(tool, part.input, approvals)],
        })
        continue
      }
      if (tool !== ASK_USER_QUESTION_TOOL_NAME) continue
      if (part.state !== 'input-available' || part.providerExecuted === true) continue
      const reading = readAskUserQuestionCall(part.input)
      if (reading.ok) requests.push({ rpcId: part.toolCallId, questions: reading.questions })
      else refused.push({ toolCallId: part.toolCallId, errorText: reading.errorText })
    }
  }
  return { requests, approvals: approvalIds, refused }
}

/** Same requests, same content: lets the caller keep the previous array. */
export function sameRequests(a: readonly ComposerRequest[], b: readonly ComposerRequest[]) {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b)
}
