import type { ComposerRequest } from '@parley/machine'
import { type AskUserQuestionAnswer, UserQuestionError, validateAnswer } from '@parley/seam'
import type { RespondReceipt } from '@parley/seam/wire'
import { ASK_USER_QUESTION_TOOL_NAME, formatToolResult } from '@parley/tool'
import type { UIMessage } from 'ai'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { ComposerSendResult } from '../composer/controller.ts'
import {
  type ChatApprovalWords,
  DEFAULT_CHAT_APPROVAL_WORDS,
  type ToolApprovalResponse,
  toApprovalResponse,
} from './chat-approvals.ts'
import { openCalls, sameRequests } from './chat-questions.ts'

/**
 * What `useChatQuestions` hands to `addToolOutput`: the user's answer as the
 * output of the call, or an `output-error` (a cancel, or input the model has
 * to repair) whose text the model reads as the call's result.
 */
export type AskUserQuestionToolOutput =
  | {
      tool: typeof ASK_USER_QUESTION_TOOL_NAME
      toolCallId: string
      output: AskUserQuestionAnswer
    }
  | {
      state: 'output-error'
      tool: typeof ASK_USER_QUESTION_TOOL_NAME
      toolCallId: string
      errorText: string
    }

/** Options of {@link useChatQuestions}: two values `useChat` returns. */
export interface UseChatQuestionsOptions {
  /** `useChat().messages`, as they are (typed `UIMessage`s of any tools). */
  messages: readonly UIMessage[]
  /**
   * `useChat().addToolOutput`, as it is. Its type only has to accept outputs
   * of `ask_user_question`, which any chat whose tools include it does.
   */
  addToolOutput: (options: AskUserQuestionToolOutput) => ComposerSendResult
  /**
   * `useChat().addToolApprovalResponse`, as it is. When given, every tool
   * part in `approval-requested` (a tool with `needsApproval`) becomes an
   * approval card (the tool, its input, Allow once, Deny with an optional
   * reason) and the decision goes back through it. Pair it with
   * `lastAssistantMessageIsCompleteWithApprovalResponses` in
   * `sendAutomaticallyWhen`.
   */
  addToolApprovalResponse?:
    | ((response: ToolApprovalResponse) => void | PromiseLike<void>)
    | undefined
  /** Replaces words of the approval cards (English by default). */
  approvalWords?: Partial<ChatApprovalWords> | undefined
}

/** What {@link useChatQuestions} returns: spread it onto `ComposerSlot`. */
export interface ChatQuestions {
  /**
   * One request per `ask_user_question` call in `input-available` with valid
   * input, in transcript order; `rpcId` is the `toolCallId`. The same array
   * while they are unchanged.
   */
  requests: readonly ComposerRequest[]
  /**
   * Sends the answer as the call's output, normalized by the seam
   * (`validateAnswer`). Resolves with a refused receipt when the call is no
   * longer open (`not-pending`) or the answer breaks its questions' rules
   * (`bad-response`), so the composer says so and the user can retry.
   */
  onAnswer: (rpcId: string, answer: AskUserQuestionAnswer) => Promise<RespondReceipt>
  /**
   * Ends the call with an `output-error` that tells the model the user
   * cancelled (`ASK_CANCELLED`) and that a cancel is not consent.
   */
  onCancel: (rpcId: string) => Promise<RespondReceipt>
}

/** What the model reads for a dismissed question. */
const CANCELLED_TEXT = formatToolResult(
  new UserQuestionError('The user cancelled the question.', 'ASK_CANCELLED'),
)

const NOT_PENDING: RespondReceipt = { accepted: false, reason: 'not-pending' }
const ACCEPTED: RespondReceipt = { accepted: true }

/**
 * The open `ask_user_question` calls (and, with `addToolApprovalResponse`,
 * the tool calls waiting for approval) of a `useChat` conversation as the
 * props of `ComposerSlot`: `requests` from the tool parts in
 * `input-available` (keyed by `toolCallId`), answers and cancels sent through
 * `addToolOutput`. A call whose input fails the tool's schema or the seam's
 * rules never reaches the composer: it is answered at once with an
 * `output-error` naming the issues (`INVALID_INPUT`), which the model reads
 * and repairs on its next step. Nothing here throws on bad model input.
 *
 * Pair it with `sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls`
 * so the chat continues once every call has its output, and have the server
 * convert with `convertToModelMessages(messages, { tools })` so the model reads
 * `formatToolResult`'s text. Drafts are kept per `toolCallId` by the
 * composer, so they survive a reload when the app persists its messages.
 */
export function useChatQuestions({
  messages,
  addToolOutput,
  addToolApprovalResponse,
  approvalWords,
}: UseChatQuestionsOptions): ChatQuestions {
  const approving = addToolApprovalResponse !== undefined
  // Words are usually an inline object: its strings compared by content, its function by identity.
  const wordsKey = approvalWords ? JSON.stringify(approvalWords) : ''
  const question = approvalWords?.question
  // biome-ignore lint/correctness/useExhaustiveDependencies: `wordsKey` and `question` stand for `approvalWords`
  const words = useMemo(
    () => (approving ? { ...DEFAULT_CHAT_APPROVAL_WORDS, ...approvalWords } : undefined),
    [approving, wordsKey, question],
  )
  const calls = useMemo(() => openCalls(messages, words), [messages, words])
  const kept = useRef(calls.requests)
  if (!sameRequests(kept.current, calls.requests)) kept.current = calls.requests
  const requests = kept.current

  const open = useRef(requests)
  const approvals = useRef(calls.approvals)
  const respond = useRef(addToolApprovalResponse)
  useEffect(() => {
    open.current = requests
    approvals.current = calls.approvals
    respond.current = addToolApprovalResponse
  }, [requests, calls.approvals, addToolApprovalResponse])

  const refusing = useRef(new Set<string>())
  useEffect(() => {
    for (const { toolCallId, errorText } of calls.refused) {
      if (refusing.current.has(toolCallId)) continue
      refusing.current.add(toolCallId)
      const tool = ASK_USER_QUESTION_TOOL_NAME
      Promise.resolve()
        .then(() => addToolOutput({ state: 'output-error', tool, toolCallId, errorText }))
        .catch(() => {
          refusing.current.delete(toolCallId) // tried again on the next change of messages
        })
    }
  }, [calls.refused, addToolOutput])

  const onAnswer = useCallback(
    async (rpcId: string, answer: AskUserQuestionAnswer): Promise<RespondReceipt> => {
      const request = open.current.find((entry) => entry.rpcId === rpcId)
      if (!request) return NOT_PENDING
      const checked = validateAnswer({ questions: request.questions }, answer)
      if (!checked.ok) return { accepted: false, reason: 'bad-response', issues: checked.issues }
      const [question] = request.questions
      if (approvals.current.has(rpcId) && question) {
        await respond.current?.(toApprovalResponse(rpcId, question, checked.answer))
        return ACCEPTED
      }
      const tool = ASK_USER_QUESTION_TOOL_NAME
      await addToolOutput({ tool, toolCallId: rpcId, output: checked.answer })
      return ACCEPTED
    },
    [addToolOutput],
  )

  const onCancel = useCallback(
    async (rpcId: string): Promise<RespondReceipt> => {
      const request = open.current.find((entry) => entry.rpcId === rpcId)
      if (!request) return NOT_PENDING
      const [question] = request.questions
      // A dismissed approval is a denial, said to the model as not consent.
      if (approvals.current.has(rpcId) && question) {
        await respond.current?.(toApprovalResponse(rpcId, question, null))
        return ACCEPTED
      }
      const tool = ASK_USER_QUESTION_TOOL_NAME
      await addToolOutput({
        state: 'output-error',
        tool,
        toolCallId: rpcId,
        errorText: CANCELLED_TEXT,
      })
      return ACCEPTED
    },
    [addToolOutput],
  )

  return useMemo(() => ({ requests, onAnswer, onCancel }), [requests, onAnswer, onCancel])
}
