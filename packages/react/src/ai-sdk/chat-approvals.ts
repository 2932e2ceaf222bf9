import {
  type AskUserQuestionAnswer,
  type AskUserQuestionItem,
  approvalDecision,
  approvalOf,
} from '@parley/seam'

/** The words of an AI SDK approval card; each one can be replaced. */
export interface ChatApprovalWords {
  /** The question, from the tool's name. @default `Allow ${tool}?` */
  question: (tool: string) => string
  /** @default 'Allow once' */
  allowOnce: string
  /** @default 'Deny' */
  deny: string
  /** The deny's description. @default 'Or say why, and the model reads it' */
  denyHint: string
}

/** The English words of a `needsApproval` card; `approvalWords` changes any of them. */
export const DEFAULT_CHAT_APPROVAL_WORDS: ChatApprovalWords = {
  question: (tool) => `Allow ${tool}?`,
  allowOnce: 'Allow once',
  deny: 'Deny',
  denyHint: 'Or say why, and the model reads it',
}

/** What `addToolApprovalResponse` is given: the SDK's approval id, the decision, the reason. */
export interface ToolApprovalResponse {
  /** The part's `approval.id` (not its `toolCallId`). */
  id: string
  approved: boolean
  /** A denial's reason, which the model reads beside it. */
  reason?: string
}

/** What the model reads for an approval dismissed without a decision. */
const DISMISSED = 'The user dismissed the approval without deciding; that is not consent.'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The approval question for a tool part in `approval-requested`: the tool,
 * its input (an object as it is, anything else under `input`), Allow once
 * and Deny, where typed text is the denial's reason. The AI SDK has no
 * "always" and no edited input, so neither is offered.
 */
export function approvalQuestion(
  tool: string,
  input: unknown,
  words: ChatApprovalWords,
): AskUserQuestionItem {
  return {
    id: 'approval',
    header: tool,
    question: words.question(tool),
    options: [{ label: words.allowOnce }, { label: words.deny, description: words.denyHint }],
    intent: {
      kind: 'approval',
      tool,
      input: isRecord(input) ? input : { input },
      allow: words.allowOnce,
      deny: words.deny,
    },
  }
}

/**
 * The SDK's approval response for the person's answer to `question` (`null`:
 * they dismissed the card): approved for Allow once, denied otherwise, with
 * the typed reason, or one saying a dismissal is not consent.
 */
export function toApprovalResponse(
  id: string,
  question: AskUserQuestionItem,
  answer: AskUserQuestionAnswer | null,
): ToolApprovalResponse {
  if (answer === null) return { id, approved: false, reason: DISMISSED }
  const approval = approvalOf(question)
  const item = answer.answers.find((candidate) => candidate.id === question.id)
  const decided =
    approval && item ? approvalDecision(approval, item) : { decision: 'deny' as const }
  if (decided.decision === 'allow') return { id, approved: true }
  return 'reason' in decided && decided.reason !== undefined
    ? { id, approved: false, reason: decided.reason }
    : { id, approved: false }
}
