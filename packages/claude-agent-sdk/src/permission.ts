/**
 * Every other tool's permission request as Parley's approval intent: the
 * tool, its input, Allow once, one Allow always per suggested rule (in
 * words), Deny, where typed text is the deny's reason, and Deny and stop
 * (the SDK's `interrupt`); the decision goes back as the SDK's
 * `PermissionResult`.
 */
import type { PermissionResult, PermissionUpdate } from '@anthropic-ai/claude-agent-sdk'
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionItem,
  type AskUserQuestionOption,
  approvalDecision,
  approvalOf,
} from '@parley/seam'

/** What the SDK tells the callback about a permission request, as this adapter uses it. */
export interface PermissionContext {
  suggestions?: PermissionUpdate[] | undefined
  title?: string | undefined
  displayName?: string | undefined
  description?: string | undefined
  decisionReason?: string | undefined
  blockedPath?: string | undefined
  defaultToNo?: boolean | undefined
  suppressAlwaysAllowRule?: boolean | undefined
}

/** The words of an approval card; every one can be replaced. */
export interface ApprovalWords {
  /** @default 'Allow once' */
  allowOnce: string
  /** @default 'Deny' */
  deny: string
  /** @default 'Or type what Claude should do instead' */
  denyHint: string
  /** The deny that also stops Claude's run (the SDK's `interrupt`). @default 'Deny and stop' */
  denyAndStop: string
  /** @default 'Claude stops and waits for your next message' */
  denyAndStopHint: string
  /** The allow with edited arguments, when `edit` offers it. @default 'Edit' */
  edit: string
  /** @default 'Change the arguments, then allow' */
  editHint: string
  /** The question when the SDK gives no `title`. @default `Allow Claude to use ${tool}?` */
  question: (tool: string) => string
  /** An Allow always option's label from its suggestion's words. */
  always: (words: string) => string
}

/** The English words of a permission card; pass `words` to change any of them. */
export const DEFAULT_APPROVAL_WORDS: ApprovalWords = {
  allowOnce: 'Allow once',
  deny: 'Deny',
  denyHint: 'Or type what Claude should do instead',
  denyAndStop: 'Deny and stop',
  denyAndStopHint: 'Claude stops and waits for your next message',
  edit: 'Edit',
  editHint: 'Change the arguments, then allow',
  question: (tool) => `Allow Claude to use ${tool}?`,
  always: (words) => words,
}

const APPROVAL_ID = 'approval'

/** Labels made unique by a counter, in order ("… (2)"). */
function unique(labels: readonly string[], taken: Set<string>): string[] {
  return labels.map((label) => {
    let candidate = label
    for (let n = 2; taken.has(candidate); n++) candidate = `${label} (${n})`
    taken.add(candidate)
    return candidate
  })
}

/** An Edit decision offered on an approval, with the arguments' JSON Schema when known. */
export interface EditOffer {
  inputSchema?: Record<string, unknown> | undefined
}

/** The approval question for a call of `tool` with `input` (with `edit`, an Edit decision too). */
export function toApprovalQuestion(
  tool: string,
  input: Record<string, unknown>,
  context: PermissionContext,
  words: ApprovalWords,
  describe: (update: PermissionUpdate) => string,
  edit?: EditOffer,
): AskUserQuestionItem {
  const suggestions = context.suppressAlwaysAllowRule ? [] : (context.suggestions ?? [])
  const taken = new Set([words.allowOnce, words.deny, words.denyAndStop, words.edit])
  const described = suggestions.map(describe)
  const always = unique(described.map(words.always), taken)
  const allowOnce: AskUserQuestionOption = { label: words.allowOnce }
  const deny: AskUserQuestionOption = { label: words.deny, description: words.denyHint }
  const stop: AskUserQuestionOption = {
    label: words.denyAndStop,
    description: words.denyAndStopHint,
  }
  const alwaysOptions = always.map((label, index) => {
    const option: AskUserQuestionOption = { label }
    const said = described[index]
    if (said !== undefined && said !== label) option.description = said
    return option
  })
  const edits: AskUserQuestionOption[] = edit
    ? [{ label: words.edit, description: words.editHint }]
    : []
  // A request that must not be approved by a stray key opens on Deny.
  const options = context.defaultToNo
    ? [deny, stop, allowOnce, ...alwaysOptions, ...edits]
    : [allowOnce, ...alwaysOptions, ...edits, deny, stop]
  const item: AskUserQuestionItem = {
    id: APPROVAL_ID,
    header: context.displayName ?? tool,
    question: context.title ?? words.question(context.displayName ?? tool),
    options,
    intent: {
      kind: 'approval',
      tool,
      input,
      allow: words.allowOnce,
      always,
      deny: words.deny,
      ...(edit && { edit: words.edit }),
      ...(edit?.inputSchema && { inputSchema: edit.inputSchema }),
    },
  }
  const detail = [context.description, context.decisionReason].filter(
    (line): line is string => line !== undefined && line.trim() !== '',
  )
  if (detail.length > 0) item.detail = detail.join('\n\n')
  return item
}

/**
 * The SDK's result for the person's answer to an approval question. The
 * seam reads "Deny and stop" as a deny like any label that is no other
 * decision; this adapter adds the SDK's `interrupt` for it, so Claude's run
 * ends instead of trying something else.
 */
export function toPermissionResult(
  question: AskUserQuestionItem,
  input: Record<string, unknown>,
  suggestions: readonly PermissionUpdate[],
  answer: AskUserQuestionAnswer,
  words: Pick<ApprovalWords, 'denyAndStop'>,
): PermissionResult {
  const approval = approvalOf(question)
  const item = answer.answers.find((candidate) => candidate.id === question.id)
  const decided =
    approval && item ? approvalDecision(approval, item) : { decision: 'deny' as const }
  switch (decided.decision) {
    case 'allow':
      return { behavior: 'allow', updatedInput: input, decisionClassification: 'user_temporary' }
    case 'allow-always': {
      const update = suggestions[decided.index]
      return {
        behavior: 'allow',
        updatedInput: input,
        updatedPermissions: update ? [update] : [],
        decisionClassification: 'user_permanent',
      }
    }
    case 'edit':
      return {
        behavior: 'allow',
        updatedInput: decided.input,
        decisionClassification: 'user_temporary',
      }
    case 'deny': {
      // A single choice: typed text replaces the selection, so a reason
      // comes only with the plain deny.
      if (item?.selected[0] === words.denyAndStop)
        return {
          behavior: 'deny',
          message: 'The person denied this tool call and stopped the run.',
          interrupt: true,
          decisionClassification: 'user_reject',
        }
      return {
        behavior: 'deny',
        message:
          decided.reason === undefined
            ? 'The person denied this tool call.'
            : `The person denied this tool call: ${decided.reason}`,
        decisionClassification: 'user_reject',
      }
    }
  }
}
