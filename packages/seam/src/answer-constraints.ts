/**
 * The answer rules of a question's constraints: a required question is not
 * skipped, a typed answer is allowed and meets `input`, a multi-select
 * answer has between `minSelected` and `maxSelected` choices. Each issue
 * names a stable rule; the question itself holds the limit a UI words
 * (`input.maxLength` for `too-long`, and so on).
 */
import { matchesFormat, readDecimal } from './formats.ts'
import { matchesPattern } from './pattern.ts'
import type {
  AskUserQuestionAnswerItem,
  AskUserQuestionInput,
  AskUserQuestionItem,
} from './schemas.ts'
import { isBlankText } from './text.ts'
import type { ValidationIssue } from './types.ts'

type Path = (string | number)[]

/** @internal Records one rule an answer item breaks (a module function: no closure per item). */
export function bad(
  found: ValidationIssue[],
  id: string,
  path: Path,
  rule: string,
  message: string,
): void {
  found.push({ code: 'BAD_ANSWER', rule, questionId: id, path, message })
}

const FORMAT_WORDS = {
  email: 'an email address',
  uri: 'an absolute URI (such as https://example.com)',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time with an offset (such as 2026-12-01T09:30:00Z)',
} as const

function numberIssues(
  id: string,
  text: string,
  input: AskUserQuestionInput,
  at: Path,
  found: ValidationIssue[],
): void {
  const value = readDecimal(text)
  if (input.type === 'integer' && (value === undefined || !Number.isSafeInteger(value))) {
    bad(found, id, at, 'not-an-integer', `The answer to "${id}" must be a whole number.`)
    return
  }
  if (value === undefined) {
    bad(found, id, at, 'not-a-number', `The answer to "${id}" must be a number.`)
    return
  }
  if (input.minimum !== undefined && value < input.minimum)
    bad(found, id, at, 'below-minimum', `The answer to "${id}" must be at least ${input.minimum}.`)
  if (input.maximum !== undefined && value > input.maximum)
    bad(found, id, at, 'above-maximum', `The answer to "${id}" must be at most ${input.maximum}.`)
}

function textIssues(
  id: string,
  text: string,
  input: AskUserQuestionInput,
  at: Path,
  found: ValidationIssue[],
): void {
  // JSON Schema counts code points, so an emoji is one character.
  const length = [...text].length
  if (input.minLength !== undefined && length < input.minLength)
    bad(
      found,
      id,
      at,
      'too-short',
      `The answer to "${id}" must be at least ${input.minLength} characters long.`,
    )
  if (input.maxLength !== undefined && length > input.maxLength)
    bad(
      found,
      id,
      at,
      'too-long',
      `The answer to "${id}" must be at most ${input.maxLength} characters long.`,
    )
  if (input.format !== undefined && !matchesFormat(text, input.format))
    bad(found, id, at, 'bad-format', `The answer to "${id}" must be ${FORMAT_WORDS[input.format]}.`)
  if (input.pattern !== undefined && matchesPattern(input.pattern, text) === false)
    bad(
      found,
      id,
      at,
      'pattern-mismatch',
      `The answer to "${id}" does not have the expected form (pattern ${input.pattern}).`,
    )
}

function selectionCountIssues(
  question: AskUserQuestionItem,
  choices: number,
  at: Path,
  found: ValidationIssue[],
): void {
  const { id, minSelected: min, maxSelected: max } = question
  if (question.multiSelect !== true || choices === 0) return
  if (min !== undefined && choices < min)
    bad(
      found,
      id,
      [...at, 'selected'],
      'too-few-selections',
      `Question "${id}" needs at least ${min} choice(s); ${choices} given.`,
    )
  if (max !== undefined && choices > max)
    bad(
      found,
      id,
      [...at, 'selected'],
      'too-many-selections',
      `Question "${id}" allows at most ${max} choice(s); ${choices} given.`,
    )
}

/** @internal Records the constraint rules an answer item breaks; `at` is the item's path. */
export function answerConstraintIssues(
  question: AskUserQuestionItem,
  item: AskUserQuestionAnswerItem,
  at: Path,
  found: ValidationIssue[],
): void {
  const { id } = question
  const custom = item.custom
  const typed = custom !== undefined && !isBlankText(custom)
  if (question.required === true && item.selected.length === 0 && custom === undefined)
    bad(found, id, at, 'required', `Question "${id}" is required: it cannot be skipped.`)
  if (custom !== undefined && question.allowCustom === false)
    bad(
      found,
      id,
      [...at, 'custom'],
      'custom-not-allowed',
      `Question "${id}" takes one of its options only, not a typed answer.`,
    )
  selectionCountIssues(question, item.selected.length + (typed ? 1 : 0), at, found)
  const input = question.input
  if (!typed || input === undefined || question.allowCustom === false) return
  const text = custom.trim()
  const where = [...at, 'custom']
  if (input.type === 'number' || input.type === 'integer')
    numberIssues(id, text, input, where, found)
  else textIssues(id, text, input, where, found)
}
