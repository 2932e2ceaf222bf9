import type { CanUseTool, PermissionResult, PermissionUpdate } from '@anthropic-ai/claude-agent-sdk'
import {
  type AskUserQuestionAsker,
  type AskUserQuestionItem,
  type AskUserQuestionRequest,
  isUserQuestionError,
  type UserQuestionService,
} from '@parley/seam'
import * as v from 'valibot'
import {
  AskUserQuestionInputSchema,
  toClaudeAnswers,
  toParleyQuestions,
} from './ask-user-question.ts'
import {
  type ApprovalWords,
  DEFAULT_APPROVAL_WORDS,
  type PermissionContext,
  toApprovalQuestion,
  toPermissionResult,
} from './permission.ts'
import { describeSuggestion } from './suggestions.ts'

/** The SDK's third argument to `canUseTool`. */
export type CanUseToolContext = Parameters<CanUseTool>[2]

/** Options of {@link createCanUseTool}. */
export interface CreateCanUseToolOptions {
  /** The Parley session (conversation) the questions and approvals go to. */
  sessionId?: string | undefined
  /** A deadline for every card in milliseconds; when it passes, Claude is told no answer came. */
  timeoutMs?: number | undefined
  /**
   * Who asks, shown on the card. A subagent's card names it under this one
   * ("Claude › Subagent a1b2c3"). @default { name: 'Claude' }
   */
  asker?: AskUserQuestionAsker | undefined
  /** The display name of a subagent by the SDK's `agentID`. @default `Subagent ${agentID}` */
  subagentName?: ((agentID: string) => string) | undefined
  /** Says a suggested permission update in words. @default the built-in English wording */
  describeSuggestion?: ((update: PermissionUpdate) => string) | undefined
  /** Replaces words of the approval card. */
  words?: Partial<ApprovalWords> | undefined
  /**
   * Offers an Edit decision on approval cards: the person changes the
   * arguments, and Claude's call is allowed with them as `updatedInput`.
   * `true` for every tool (the arguments edited as JSON), or per tool: a
   * JSON Schema of its arguments (edited as a form when it is one of
   * primitives), `true`, or `false` for none. @default false
   */
  edit?: boolean | ((toolName: string) => Record<string, unknown> | boolean) | undefined
}

/** What the SDK's own metadata and ids say about a call: the request's opaque `agent`. */
export interface ClaudeCallProvenance {
  sdk: 'claude-agent-sdk'
  toolName: string
  toolUseID: string
  agentID?: string
  /** AskUserQuestion's `metadata.source` (e.g. `remember`): for analytics, never shown. */
  source?: string
}

/** A cancel: the person closed the card without an answer. */
const DECLINED_QUESTIONS =
  'The person declined to answer these questions. Do not assume an answer: continue without one only if that is safe, or ask them in the conversation.'
const DISMISSED_APPROVAL =
  'The person dismissed this permission request without allowing it. Do not run the tool; ask them in the conversation what to do.'

/** Why no answer came, for Claude: never an answer it may assume. */
function deniedFor(error: unknown, questions: boolean): PermissionResult {
  if (isUserQuestionError(error, 'ASK_CANCELLED'))
    return { behavior: 'deny', message: questions ? DECLINED_QUESTIONS : DISMISSED_APPROVAL }
  if (isUserQuestionError(error, 'ASK_ABORTED'))
    return {
      behavior: 'deny',
      message: 'The request was withdrawn before the person answered. Do not assume an answer.',
    }
  if (isUserQuestionError(error, 'ASK_TIMED_OUT'))
    return {
      behavior: 'deny',
      message: 'The person did not answer in time. Do not assume an answer.',
    }
  const said = error instanceof Error ? error.message : String(error)
  return {
    behavior: 'deny',
    message: `The person could not be asked (${said}). Do not assume an answer.`,
  }
}

function askerFor(options: CreateCanUseToolOptions, agentID: string | undefined) {
  const root = options.asker ?? { name: 'Claude' }
  if (agentID === undefined) return root
  const name = options.subagentName?.(agentID) ?? `Subagent ${agentID}`
  return { name, parents: [...(root.parents ?? []), root.name] }
}

/**
 * A `canUseTool` for the Claude Agent SDK's `query()` options that asks the
 * person through Parley: Claude's AskUserQuestion becomes one batch of
 * questions (answered in the SDK's documented format), and every other
 * tool's permission request becomes an approval card (Allow once, Allow
 * always per suggested rule, Deny with an optional reason, Deny and stop,
 * which also ends Claude's run). A dismissed card,
 * a deadline or the SDK's abort signal is a deny that tells Claude not to
 * assume an answer. Never throws: a card that cannot be shown is a deny too.
 */
export function createCanUseTool(
  service: UserQuestionService,
  options: CreateCanUseToolOptions = {},
): CanUseTool {
  const words = { ...DEFAULT_APPROVAL_WORDS, ...options.words }
  const describe = options.describeSuggestion ?? describeSuggestion

  const requestOf = (
    questions: AskUserQuestionItem[],
    toolName: string,
    context: CanUseToolContext,
    source: string | undefined,
  ): AskUserQuestionRequest => {
    const agent: ClaudeCallProvenance = {
      sdk: 'claude-agent-sdk',
      toolName,
      toolUseID: context.toolUseID,
    }
    if (context.agentID !== undefined) agent.agentID = context.agentID
    if (source !== undefined) agent.source = source
    const request: AskUserQuestionRequest = {
      questions,
      callId: context.toolUseID,
      signal: context.signal,
      agent,
      asker: askerFor(options, context.agentID),
    }
    if (options.sessionId !== undefined) request.sessionId = options.sessionId
    if (options.timeoutMs !== undefined) request.timeoutMs = options.timeoutMs
    return request
  }

  return async (toolName, input, context) => {
    const questions = toolName === 'AskUserQuestion'
    try {
      if (questions) {
        const parsed = v.safeParse(AskUserQuestionInputSchema, input)
        if (!parsed.success)
          return {
            behavior: 'deny',
            message: `AskUserQuestion's input could not be read: ${v.summarize(parsed.issues)}`,
          }
        const batch = toParleyQuestions(parsed.output)
        const source = parsed.output.metadata?.source
        const answer = await service.ask(requestOf(batch, toolName, context, source))
        return {
          behavior: 'allow',
          updatedInput: { ...toClaudeAnswers(parsed.output, input.questions, answer) },
        }
      }
      const permission: PermissionContext = context
      const offer = typeof options.edit === 'function' ? options.edit(toolName) : options.edit
      const edit = offer === true ? {} : offer ? { inputSchema: offer } : undefined
      const question = toApprovalQuestion(toolName, input, permission, words, describe, edit)
      const suggestions = permission.suppressAlwaysAllowRule ? [] : (context.suggestions ?? [])
      const answer = await service.ask(requestOf([question], toolName, context, undefined))
      return toPermissionResult(question, input, suggestions, answer, words)
    } catch (error) {
      return deniedFor(error, questions)
    }
  }
}
