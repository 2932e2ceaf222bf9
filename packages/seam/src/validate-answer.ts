import * as v from 'valibot'
import type { IssueLimit } from './answer-body.ts'
import { answerConstraintIssues, bad } from './answer-constraints.ts'
import { editedInput, isApprovalEdit } from './approval-edit.ts'
import { shapeIssues } from './issues.ts'
import { unreadable } from './request-rules.ts'
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionAnswerItem,
  AskUserQuestionAnswerSchema,
  type AskUserQuestionItem,
} from './schemas.ts'
import { isBlankText } from './text.ts'
import type { AnswerValidation, ValidationIssue } from './types.ts'

type Questions = { questions: readonly AskUserQuestionItem[] }

function itemIssues(
  question: AskUserQuestionItem,
  item: AskUserQuestionAnswerItem,
  at: (string | number)[],
  found: ValidationIssue[],
  limit = Number.POSITIVE_INFINITY,
): void {
  const id = question.id
  const options = question.options ?? []
  const labels = new Set<string>()
  for (const option of options) labels.add(option.label)
  const picked = new Set<string>()
  const { selected } = item
  for (let s = 0; s < selected.length && found.length < limit; s++) {
    const label = selected[s] as string
    const path = [...at, 'selected', s]
    if (labels.size === 0)
      bad(
        found,
        id,
        path,
        'no-options',
        `Question "${id}" has no options, so nothing can be selected.`,
      )
    else if (!labels.has(label))
      bad(found, id, path, 'unknown-option', `"${label}" is not an option of question "${id}".`)
    else if (picked.has(label))
      bad(
        found,
        id,
        path,
        'duplicate-selection',
        `"${label}" is selected twice for question "${id}".`,
      )
    picked.add(label)
  }
  const multi = question.multiSelect === true
  if (!multi && selected.length > 1)
    bad(
      found,
      id,
      [...at, 'selected'],
      'too-many-selections',
      `Question "${id}" is single-select but ${selected.length} labels are selected.`,
    )
  const editing = isApprovalEdit(question, item)
  if (editing) {
    // An edit selects its label and carries the edited arguments as `custom`.
    if (editedInput(item.custom) === null)
      bad(
        found,
        id,
        [...at, 'custom'],
        'edit-not-an-object',
        `The edit of approval "${id}" carries its arguments as custom, the JSON text of an object.`,
      )
  } else if (item.custom !== undefined) {
    if (isBlankText(item.custom))
      bad(
        found,
        id,
        [...at, 'custom'],
        'empty-custom',
        `The custom answer to question "${id}" is empty.`,
      )
    else if (!multi && selected.length > 0)
      bad(
        found,
        id,
        [...at, 'custom'],
        'custom-with-selection',
        `Question "${id}" is single-select: a custom answer replaces the selection, so selected must be empty.`,
      )
  }
  // An edit's `custom` is arguments, not a typed answer: no `input` rules for it.
  const typed = editing ? { id: item.id, selected } : item
  answerConstraintIssues(question, typed, at, found)
}

/**
 * The rules of one answer item against its question, as `validateAnswer`
 * applies them: known labels, single- or multi-select, `custom`, and the
 * question's constraints (`required`, `allowCustom`, `minSelected`,
 * `maxSelected`, `input`). For a UI that checks one draft before moving
 * on: paths are relative to the item (`['custom']`, `['selected', 0]`),
 * and the item's id is not compared with the question's. Never throws.
 */
export function checkAnswerItem(
  question: AskUserQuestionItem,
  item: AskUserQuestionAnswerItem,
): ValidationIssue[] {
  const found: ValidationIssue[] = []
  itemIssues(question, item, [], found)
  return found
}

function normalizeItem(item: AskUserQuestionAnswerItem): AskUserQuestionAnswerItem {
  const normalized: AskUserQuestionAnswerItem = { id: item.id, selected: [...item.selected] }
  if (item.custom !== undefined) normalized.custom = item.custom.trim()
  return normalized
}

/**
 * Checks an answer against the request it answers. Exactly one item per
 * question id (any order), only known labels, no duplicates, single-select at
 * most one label and `custom` only with nothing selected, multi-select may
 * combine labels and `custom`, `custom` not blank (not only whitespace and
 * invisible characters, see `isBlankText`), and a skip is `{ id, selected: [] }`.
 * The question's constraints hold too: a `required` question is not skipped,
 * `custom` only where `allowCustom` is not `false` and as `input` says, and a
 * multi-select answer between `minSelected` and `maxSelected` choices.
 * On success the answer is normalized: items in question order, unknown keys
 * dropped, `custom` trimmed. Never throws.
 */
export function validateAnswer(request: Questions, answer: unknown): AnswerValidation {
  try {
    const parsed = v.safeParse(AskUserQuestionAnswerSchema, answer)
    if (!parsed.success) return { ok: false, issues: shapeIssues(parsed.issues, 'BAD_ANSWER') }
    return checkAnswerRules(request, parsed.output)
  } catch {
    // Questions or an answer built elsewhere can carry a getter that throws when read.
    return { ok: false, issues: [unreadable('BAD_ANSWER', 'answer')] }
  }
}

/**
 * The rules half of {@link validateAnswer}, for an answer whose shape is
 * already parsed with `AskUserQuestionAnswerSchema` (as the `answer` of
 * `parseRespondBody` is): the same verdict, issues and normalized
 * answer as `validateAnswer` gives for it. With `maxIssues` it stops
 * looking once it has that many issues (the first ones, in order): a host
 * asks for one more than its reply lists. Never throws.
 */
export function checkAnswerRules(
  request: Questions,
  answer: AskUserQuestionAnswer,
  limit: IssueLimit = {},
): AnswerValidation {
  const max = Math.max(1, limit.maxIssues ?? Number.POSITIVE_INFINITY)
  const byId = new Map<string, AskUserQuestionItem>()
  for (const question of request.questions) byId.set(question.id, question)
  const given = new Map<string, AskUserQuestionAnswerItem>()
  const issues: ValidationIssue[] = []
  const items = answer.answers
  for (let index = 0; index < items.length && issues.length < max; index++) {
    const item = items[index] as AskUserQuestionAnswerItem
    const question = byId.get(item.id)
    if (!question) {
      issues.push({
        code: 'BAD_ANSWER',
        rule: 'unknown-question',
        path: ['answers', index, 'id'],
        message: `No question has the id "${item.id}".`,
      })
    } else if (given.has(item.id)) {
      issues.push({
        code: 'BAD_ANSWER',
        rule: 'duplicate-answer',
        questionId: item.id,
        path: ['answers', index, 'id'],
        message: `Question "${item.id}" is answered twice.`,
      })
    } else {
      given.set(item.id, item)
      itemIssues(question, item, ['answers', index], issues, max)
    }
  }
  for (const question of request.questions) {
    if (issues.length >= max) break
    if (!given.has(question.id))
      issues.push({
        code: 'BAD_ANSWER',
        rule: 'missing-answer',
        questionId: question.id,
        path: ['answers'],
        message: `Question "${question.id}" has no answer item (a skip is { id, selected: [] }).`,
      })
  }
  if (issues.length > 0) return { ok: false, issues: issues.slice(0, max) }
  const answers = request.questions.map((question) =>
    normalizeItem(given.get(question.id) as AskUserQuestionAnswerItem),
  )
  return { ok: true, answer: { answers } satisfies AskUserQuestionAnswer }
}
