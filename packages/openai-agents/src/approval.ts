/**
 * A tool approval interruption as Parley's approval intent: the tool, its
 * parsed arguments, Allow once, Always allow (the SDK's `alwaysApprove`),
 * Deny, where typed text is the rejection message the model reads, and
 * Always deny (the SDK's `alwaysReject`); the person's answer goes back as
 * the arguments of `state.approve(item, …)` or `state.reject(item, …)`.
 */
import type { RunToolApprovalItem } from '@openai/agents'
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionItem,
  approvalDecision,
  approvalOf,
} from '@parley/seam'

/** The words of an approval card; every one can be replaced. */
export interface ApprovalWords {
  /** @default 'Allow once' */
  allowOnce: string
  /** @default 'Always allow' */
  alwaysAllow: string
  /** @default 'For the rest of this run' */
  alwaysAllowHint: string
  /** @default 'Deny' */
  deny: string
  /** @default 'Or type what the agent should do instead' */
  denyHint: string
  /** @default 'Always deny' */
  alwaysDeny: string
  /** @default 'Deny every call of this tool for the rest of this run' */
  alwaysDenyHint: string
  /** The question, from the tool's and the agent's names. @default `Allow ${agent} to run ${tool}?` */
  question: (tool: string, agent: string) => string
}

/** The English words of an approval card; pass `words` to change any of them. */
export const DEFAULT_APPROVAL_WORDS: ApprovalWords = {
  allowOnce: 'Allow once',
  alwaysAllow: 'Always allow',
  alwaysAllowHint: 'For the rest of this run',
  deny: 'Deny',
  denyHint: 'Or type what the agent should do instead',
  alwaysDeny: 'Always deny',
  alwaysDenyHint: 'Deny every call of this tool for the rest of this run',
  question: (tool, agent) => `Allow ${agent} to run ${tool}?`,
}

/** The id of the one question of an approval card. */
export const APPROVAL_QUESTION_ID = 'approval'

/** What an approval item asks to run: the tool's name, its call id and its arguments. */
export interface ApprovalCall {
  tool: string
  callId: string
  input: Record<string, unknown>
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The arguments as an object: parsed JSON when they are one, else `{ arguments: text }`. */
function parseArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {}
  try {
    const parsed: unknown = JSON.parse(text)
    return isRecord(parsed) ? parsed : { arguments: parsed }
  } catch {
    return { arguments: text }
  }
}

/** Reads the tool, call id and arguments of an interruption (function, hosted, shell, …). */
export function approvalCall(item: RunToolApprovalItem): ApprovalCall {
  const raw = item.rawItem
  const tool = item.name ?? item.toolName ?? raw.type
  const callId = 'callId' in raw && typeof raw.callId === 'string' ? raw.callId : (raw.id ?? tool)
  if (raw.type === 'function_call') return { tool, callId, input: parseArguments(raw.arguments) }
  const { providerData: _providerData, ...rest } = raw
  return { tool, callId, input: { ...rest } }
}

/** The approval question for one interruption. */
export function toApprovalQuestion(
  call: ApprovalCall,
  agentName: string,
  words: ApprovalWords,
): AskUserQuestionItem {
  return {
    id: APPROVAL_QUESTION_ID,
    header: call.tool,
    question: words.question(call.tool, agentName),
    options: [
      { label: words.allowOnce },
      { label: words.alwaysAllow, description: words.alwaysAllowHint },
      { label: words.deny, description: words.denyHint },
      { label: words.alwaysDeny, description: words.alwaysDenyHint },
    ],
    intent: {
      kind: 'approval',
      tool: call.tool,
      input: call.input,
      allow: words.allowOnce,
      always: [words.alwaysAllow],
      deny: words.deny,
    },
  }
}

/** The options of the SDK's `state.approve(item, options)`. */
export interface ApproveOptions {
  alwaysApprove?: boolean
}

/** The options of the SDK's `state.reject(item, options)`. */
export interface RejectOptions {
  alwaysReject?: boolean
  message?: string
}

/** What to do with an interruption: the SDK call and its options. */
export type ApprovalAction =
  | { action: 'approve'; options: ApproveOptions }
  | { action: 'reject'; options: RejectOptions }

/** The rejection text the model reads, with the person's reason when they gave one. */
export function rejectionMessage(tool: string, reason: string | undefined): string {
  return reason === undefined
    ? `The person denied this call of ${tool}. Do not run it; ask them what to do instead if you need to.`
    : `The person denied this call of ${tool}: ${reason}`
}

/**
 * The SDK action for the person's answer to an approval question: Allow
 * once approves, Always allow approves with `alwaysApprove`, Deny or typed
 * text rejects with a message carrying the reason, Always deny rejects with
 * `alwaysReject`. A skip is a deny: it is not consent.
 */
export function toApprovalAction(
  question: AskUserQuestionItem,
  answer: AskUserQuestionAnswer,
  words: Pick<ApprovalWords, 'alwaysDeny'>,
): ApprovalAction {
  const approval = approvalOf(question)
  const item = answer.answers.find((candidate) => candidate.id === question.id)
  const decided =
    approval && item ? approvalDecision(approval, item) : { decision: 'deny' as const }
  const tool = approval?.tool ?? String(question.header)
  switch (decided.decision) {
    case 'allow':
      return { action: 'approve', options: {} }
    case 'allow-always':
      return { action: 'approve', options: { alwaysApprove: true } }
    case 'edit':
      // Never offered: the SDK runs a call with the arguments the model gave.
      return { action: 'reject', options: { message: rejectionMessage(tool, undefined) } }
    case 'deny':
      if (item?.selected[0] === words.alwaysDeny)
        return {
          action: 'reject',
          options: {
            alwaysReject: true,
            message: `The person denied ${tool} for the rest of this run. Do not call it again.`,
          },
        }
      return { action: 'reject', options: { message: rejectionMessage(tool, decided.reason) } }
  }
}
