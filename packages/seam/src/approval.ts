/**
 * The approval intent: a tool call that waits for the person's permission,
 * read as its typed view, checked, and its answer read as a decision. Every
 * agent-framework adapter asks with it and reads the decision back with
 * {@link approvalDecision}, so one card serves them all.
 */
import { editedInput, isRecord } from './approval-edit.ts'
import { issue } from './request-rules.ts'
import type { AskUserQuestionAnswerItem, AskUserQuestionItem } from './schemas.ts'
import { isBlankText } from './text.ts'
import type { ValidationIssue } from './types.ts'

/** An approval intent as its kind's fields make it (see `AskUserQuestionIntentSchema`). */
export interface ApprovalIntent {
  kind: 'approval'
  /** The tool as the agent names it (`Bash`, `Edit`, `mcp__github__create_issue`). */
  tool: string
  /** The tool's arguments. */
  input: Record<string, unknown>
  /** The option label that allows this call once, when offered. */
  allow: string | undefined
  /** The option labels that allow it from now on, one per suggested rule (maybe none). */
  always: readonly string[]
  /** The option label that denies it. */
  deny: string
  /** The option label that allows it with edited arguments, when offered. */
  edit: string | undefined
  /** The JSON Schema of the arguments, when the agent gave one (for a form). */
  inputSchema: Record<string, unknown> | undefined
}

/** What the person decided on an approval. */
export type ApprovalDecision =
  | { decision: 'allow' }
  /** Allow from now on: `index` is the position of the chosen label in `always`. */
  | { decision: 'allow-always'; index: number; label: string }
  /** Allowed with the arguments the person edited (a JSON object). */
  | { decision: 'edit'; input: Record<string, unknown> }
  /** Denied; `reason` is the text the person typed, when they did. */
  | { decision: 'deny'; reason?: string }

/**
 * What choosing option `label` of an approval does: `allow` once, `always`
 * (one of the suggested rules), `edit` the arguments, `deny`, or `other` for
 * an option the intent does not name (an adapter's own, such as the Claude
 * adapter's "Deny and stop", which its adapter reads by label).
 */
export type ApprovalDecisionKind = 'allow' | 'always' | 'edit' | 'deny' | 'other'

/** The decision option `label` stands for in `approval` (see {@link ApprovalDecisionKind}). */
export function decisionKindOf(approval: ApprovalIntent, label: string): ApprovalDecisionKind {
  if (label === approval.allow) return 'allow'
  if (approval.always.includes(label)) return 'always'
  if (label === approval.edit) return 'edit'
  if (label === approval.deny) return 'deny'
  return 'other'
}

/**
 * The approval `question` declares, as its typed view: `null` unless its
 * intent is an approval with a tool, an object `input` and a `deny` label.
 */
export function approvalOf(question: AskUserQuestionItem | undefined): ApprovalIntent | null {
  const intent = question?.intent
  if (intent?.kind !== 'approval' || intent.tool === undefined || intent.deny === undefined)
    return null
  const input = intent.input ?? {}
  if (!isRecord(input)) return null
  return {
    kind: 'approval',
    tool: intent.tool,
    input,
    allow: intent.allow,
    always: intent.always ?? [],
    deny: intent.deny,
    edit: intent.edit,
    inputSchema: isRecord(intent.inputSchema) ? intent.inputSchema : undefined,
  }
}

/**
 * The decision an answer to an approval question makes: its chosen label
 * (`allow`, one of `always`, `deny`), `edit` with the edited arguments as
 * `custom`, or typed text alone, which denies with that reason. A skip
 * (nothing chosen, nothing typed) denies: it is not consent, and neither is
 * an edit whose arguments are not a JSON object (`validateAnswer` refuses it).
 */
export function approvalDecision(
  approval: ApprovalIntent,
  answer: AskUserQuestionAnswerItem,
): ApprovalDecision {
  const [label] = answer.selected
  const kind = label === undefined ? 'other' : decisionKindOf(approval, label)
  if (kind === 'allow') return { decision: 'allow' }
  if (kind === 'always' && label !== undefined)
    return { decision: 'allow-always', index: approval.always.indexOf(label), label }
  if (kind === 'edit') {
    const input = editedInput(answer.custom)
    return input ? { decision: 'edit', input } : { decision: 'deny' }
  }
  const reason = answer.custom?.trim()
  return reason ? { decision: 'deny', reason } : { decision: 'deny' }
}

/** The approval rules (`BAD_INTENT`) of question `index`, whose intent is an approval. */
export function approvalIssues(item: AskUserQuestionItem, index: number): ValidationIssue[] {
  const intent = item.intent
  const found: ValidationIssue[] = []
  const at = (key: string) => ['questions', index, 'intent', key]
  const bad = (rule: string, key: string, message: string) =>
    found.push(issue('BAD_INTENT', rule, at(key), `Question "${item.id}": ${message}`, item.id))
  if (intent?.tool === undefined || isBlankText(intent.tool))
    bad('approval-without-tool', 'tool', 'an approval names the tool it is for.')
  if (intent?.input !== undefined && !isRecord(intent.input))
    bad(
      'approval-input-not-object',
      'input',
      "an approval's input is the tool's arguments, an object.",
    )
  if (intent?.deny === undefined)
    bad('approval-without-deny', 'deny', 'an approval offers a deny option.')
  if (item.multiSelect === true)
    bad('approval-multi-select', 'kind', 'an approval is a single choice, not a multi-select.')
  if (intent?.edit !== undefined && item.allowCustom === false)
    bad(
      'edit-without-custom',
      'edit',
      'an edit carries its arguments as custom, so allowCustom is not false.',
    )
  if (intent?.inputSchema !== undefined && !isRecord(intent.inputSchema))
    bad(
      'approval-schema-not-object',
      'inputSchema',
      "an approval's inputSchema is a JSON Schema, an object.",
    )
  const labels = new Set((item.options ?? []).map((option) => option.label))
  const decisions = [
    ...(intent?.allow === undefined ? [] : [['allow', intent.allow] as const]),
    ...(intent?.always ?? []).map((label) => ['always', label] as const),
    ...(intent?.edit === undefined ? [] : [['edit', intent.edit] as const]),
    ...(intent?.deny === undefined ? [] : [['deny', intent.deny] as const]),
  ]
  const seen = new Set<string>()
  for (const [key, label] of decisions) {
    if (!labels.has(label))
      bad('decision-not-an-option', key, `${key} "${label}" is not one of its options.`)
    else if (seen.has(label)) bad('duplicate-decision', key, `"${label}" stands for two decisions.`)
    seen.add(label)
  }
  return found
}
