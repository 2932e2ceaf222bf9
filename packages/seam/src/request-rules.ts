/**
 * The semantic rules of a request batch, free of zod so the browser can run
 * them: `validateRequest` applies them after its schema parse, and the wire's
 * parser after its own structural checks.
 */
import type { UserQuestionErrorCode } from './errors.ts'
import type { AskUserQuestionItem } from './schemas.ts'
import type { ValidationIssue } from './types.ts'

const isBlank = (text: string) => text.trim().length === 0

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

function itemIssues(
  item: AskUserQuestionItem,
  index: number,
  seen: Set<string>,
): ValidationIssue[] {
  const found: ValidationIssue[] = []
  const at = (...rest: (string | number)[]) => ['questions', index, ...rest]
  const id = item.id
  const bad = (rule: string, path: (string | number)[], message: string) =>
    found.push(issue('INVALID_QUESTION', rule, path, message, id))
  if (isBlank(id)) bad('empty-id', at('id'), `Question ${index + 1} has an empty id.`)
  else if (seen.has(id)) bad('duplicate-id', at('id'), `Question id "${id}" is used twice.`)
  seen.add(id)
  if (isBlank(item.question)) bad('empty-question', at('question'), `Question "${id}" has no text.`)
  const labels = new Set<string>()
  item.options?.forEach((option, o) => {
    if (isBlank(option.label))
      bad(
        'empty-label',
        at('options', o, 'label'),
        `Question "${id}" has an option with an empty label.`,
      )
    else if (labels.has(option.label))
      bad(
        'duplicate-option',
        at('options', o, 'label'),
        `Question "${id}" offers "${option.label}" twice.`,
      )
    labels.add(option.label)
  })
  if (item.multiSelect === true && (item.options ?? []).length === 0)
    bad(
      'multi-select-without-options',
      at('multiSelect'),
      `Question "${id}" is multi-select but has no options.`,
    )
  return found
}

function intentIssues(item: AskUserQuestionItem, index: number): ValidationIssue[] {
  const { intent } = item
  if (!intent) return []
  const found: ValidationIssue[] = []
  if (item.detail === undefined || isBlank(item.detail))
    found.push(
      issue(
        'BAD_INTENT',
        'intent-without-detail',
        ['questions', index, 'detail'],
        `Question "${item.id}" declares a ${intent.kind} intent but has no detail.`,
        item.id,
      ),
    )
  if (!(item.options ?? []).some((option) => option.label === intent.approve))
    found.push(
      issue(
        'BAD_INTENT',
        'approve-not-an-option',
        ['questions', index, 'intent', 'approve'],
        `Question "${item.id}": approve "${intent.approve}" is not one of its options.`,
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

/** @internal The item rules (`INVALID_QUESTION`): ids, texts, labels, multi-select. */
export function itemRuleIssues(questions: readonly AskUserQuestionItem[]): ValidationIssue[] {
  const seen = new Set<string>()
  return questions.flatMap((item, index) => itemIssues(item, index, seen))
}

/** @internal The intent rules (`BAD_INTENT`). */
export function intentRuleIssues(questions: readonly AskUserQuestionItem[]): ValidationIssue[] {
  return questions.flatMap(intentIssues)
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
