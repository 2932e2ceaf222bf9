/**
 * The semantic rules of a request batch, beyond its shape: `validateRequest`
 * applies them after its schema parse, and the wire parser after its own.
 */
import { constraintIssues } from './constraint-rules.ts'
import type { UserQuestionErrorCode } from './errors.ts'
import type { AskUserQuestionItem } from './schemas.ts'
import { isBlankText as isBlank } from './text.ts'
import type { ValidationIssue } from './types.ts'

/** @internal The issue of a value that threw while it was read (rule `unreadable`, path `[]`). */
export function unreadable(
  code: UserQuestionErrorCode,
  what: 'request' | 'answer',
): ValidationIssue {
  return issue(code, 'unreadable', [], `The ${what} could not be read: a property threw.`)
}

/** @internal Builds one issue; `questionId` only when there is one. */
export function issue(
  code: UserQuestionErrorCode,
  rule: string,
  path: (string | number)[],
  message: string,
  questionId?: string,
): ValidationIssue {
  return questionId === undefined
    ? { code, rule, path, message }
    : { code, rule, path, message, questionId }
}

/** Records one item rule a question breaks (a module function: no closures per question). */
function bad(
  found: ValidationIssue[],
  id: string,
  rule: string,
  path: (string | number)[],
  message: string,
): void {
  found.push(issue('INVALID_QUESTION', rule, path, message, id))
}

function itemIssues(
  item: AskUserQuestionItem,
  index: number,
  seen: Set<string>,
  found: ValidationIssue[],
): void {
  const id = item.id
  if (isBlank(id))
    bad(found, id, 'empty-id', ['questions', index, 'id'], `Question ${index + 1} has an empty id.`)
  else if (seen.has(id))
    bad(found, id, 'duplicate-id', ['questions', index, 'id'], `Question id "${id}" is used twice.`)
  seen.add(id)
  if (isBlank(item.question))
    bad(
      found,
      id,
      'empty-question',
      ['questions', index, 'question'],
      `Question "${id}" has no text.`,
    )
  const options = item.options ?? []
  const labels = new Set<string>()
  for (let o = 0; o < options.length; o++) {
    // `options` comes from a parsed array: no holes.
    const { label } = options[o] as { label: string }
    if (isBlank(label))
      bad(
        found,
        id,
        'empty-label',
        ['questions', index, 'options', o, 'label'],
        `Question "${id}" has an option with an empty label.`,
      )
    else if (labels.has(label))
      bad(
        found,
        id,
        'duplicate-option',
        ['questions', index, 'options', o, 'label'],
        `Question "${id}" offers "${label}" twice.`,
      )
    labels.add(label)
  }
  if (item.multiSelect === true && options.length === 0)
    bad(
      found,
      id,
      'multi-select-without-options',
      ['questions', index, 'multiSelect'],
      `Question "${id}" is multi-select but has no options.`,
    )
  constraintIssues(item, index, found)
}

function planReviewIssues(item: AskUserQuestionItem, index: number): ValidationIssue[] {
  const found: ValidationIssue[] = []
  if (item.detail === undefined || isBlank(item.detail))
    found.push(
      issue(
        'BAD_INTENT',
        'intent-without-detail',
        ['questions', index, 'detail'],
        `Question "${item.id}" declares a plan-review intent but has no detail.`,
        item.id,
      ),
    )
  const approve = item.intent?.approve
  if (!(item.options ?? []).some((option) => option.label === approve))
    found.push(
      issue(
        'BAD_INTENT',
        'approve-not-an-option',
        ['questions', index, 'intent', 'approve'],
        `Question "${item.id}": approve "${approve}" is not one of its options.`,
        item.id,
      ),
    )
  return found
}

/** @internal The issue of a batch without questions (`EMPTY_QUESTIONS`). */
export function emptyBatchIssues(): ValidationIssue[] {
  return [
    issue('EMPTY_QUESTIONS', 'empty-questions', ['questions'], 'The request has no questions.'),
  ]
}

/** @internal The item rules (`INVALID_QUESTION`): ids, texts, labels, multi-select, answer constraints. */
export function itemRuleIssues(questions: readonly AskUserQuestionItem[]): ValidationIssue[] {
  const seen = new Set<string>()
  const found: ValidationIssue[] = []
  for (let index = 0; index < questions.length; index++)
    itemIssues(questions[index] as AskUserQuestionItem, index, seen, found)
  return found
}

/**
 * @internal The plan-review rules (`BAD_INTENT`), which a browser checks on
 * the wire too; the approval rules are `approvalIssues` (where a request is made).
 */
export function intentRuleIssues(questions: readonly AskUserQuestionItem[]): ValidationIssue[] {
  const found: ValidationIssue[] = []
  for (let index = 0; index < questions.length; index++) {
    const item = questions[index] as AskUserQuestionItem
    if (item.intent?.kind === 'plan-review') found.push(...planReviewIssues(item, index))
  }
  return found
}

/**
 * @internal Every rule of a well-shaped batch, grouped as `validateRequest`
 * reports them: an empty batch, else the item rules, else the intent rules.
 */
export function batchRuleIssues(questions: readonly AskUserQuestionItem[]): ValidationIssue[] {
  if (questions.length === 0) return emptyBatchIssues()
  const items = itemRuleIssues(questions)
  return items.length > 0 ? items : intentRuleIssues(questions)
}
