import {
  type AskUserQuestionAnswer,
  type AskUserQuestionAnswerItem,
  AskUserQuestionAnswerSchema,
  type AskUserQuestionItem,
} from './schemas.ts'
import type { AnswerValidation, ValidationIssue } from './types.ts'
import { shapeIssues } from './zod-issues.ts'

type Questions = { questions: readonly AskUserQuestionItem[] }

function itemIssues(
  question: AskUserQuestionItem,
  item: AskUserQuestionAnswerItem,
  index: number,
): ValidationIssue[] {
  const found: ValidationIssue[] = []
  const id = question.id
  const bad = (rule: string, path: (string | number)[], message: string) =>
    found.push({
      code: 'BAD_ANSWER',
      rule,
      questionId: id,
      path: ['answers', index, ...path],
      message,
    })
  const labels = new Set((question.options ?? []).map((option) => option.label))
  const picked = new Set<string>()
  item.selected.forEach((label, s) => {
    if (labels.size === 0)
      bad(
        'no-options',
        ['selected', s],
        `Question "${id}" has no options, so nothing can be selected.`,
      )
    else if (!labels.has(label))
      bad('unknown-option', ['selected', s], `"${label}" is not an option of question "${id}".`)
    else if (picked.has(label))
      bad(
        'duplicate-selection',
        ['selected', s],
        `"${label}" is selected twice for question "${id}".`,
      )
    picked.add(label)
  })
  const multi = question.multiSelect === true
  if (!multi && item.selected.length > 1)
    bad(
      'too-many-selections',
      ['selected'],
      `Question "${id}" is single-select but ${item.selected.length} labels are selected.`,
    )
  if (item.custom !== undefined) {
    if (item.custom.trim().length === 0)
      bad('empty-custom', ['custom'], `The custom answer to question "${id}" is empty.`)
    else if (!multi && item.selected.length > 0)
      bad(
        'custom-with-selection',
        ['custom'],
        `Question "${id}" is single-select: a custom answer replaces the selection, so selected must be empty.`,
      )
  }
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
 * combine labels and `custom`, `custom` non-empty once trimmed, and a skip is
 * `{ id, selected: [] }`. On success the answer is normalized: items in
 * question order, unknown keys dropped, `custom` trimmed. Never throws.
 */
export function validateAnswer(request: Questions, answer: unknown): AnswerValidation {
  const parsed = AskUserQuestionAnswerSchema.safeParse(answer)
  if (!parsed.success) return { ok: false, issues: shapeIssues(parsed.error, 'BAD_ANSWER') }
  const byId = new Map(request.questions.map((question) => [question.id, question]))
  const given = new Map<string, AskUserQuestionAnswerItem>()
  const issues: ValidationIssue[] = []
  parsed.data.answers.forEach((item, index) => {
    const question = byId.get(item.id)
    const path = ['answers', index, 'id']
    if (!question) {
      issues.push({
        code: 'BAD_ANSWER',
        rule: 'unknown-question',
        path,
        message: `No question has the id "${item.id}".`,
      })
    } else if (given.has(item.id)) {
      issues.push({
        code: 'BAD_ANSWER',
        rule: 'duplicate-answer',
        questionId: item.id,
        path,
        message: `Question "${item.id}" is answered twice.`,
      })
    } else {
      given.set(item.id, item)
      issues.push(...itemIssues(question, item, index))
    }
  })
  for (const question of request.questions) {
    if (!given.has(question.id))
      issues.push({
        code: 'BAD_ANSWER',
        rule: 'missing-answer',
        questionId: question.id,
        path: ['answers'],
        message: `Question "${question.id}" has no answer item (a skip is { id, selected: [] }).`,
      })
  }
  if (issues.length > 0) return { ok: false, issues }
  const answers = request.questions.map((question) =>
    normalizeItem(given.get(question.id) as AskUserQuestionAnswerItem),
  )
  return { ok: true, answer: { answers } satisfies AskUserQuestionAnswer }
}
