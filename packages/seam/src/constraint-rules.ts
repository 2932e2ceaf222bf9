/**
 * The request rules of a question's answer constraints (`required`,
 * `allowCustom`, `minSelected`, `maxSelected`, `input`): each constraint
 * must be one an answer can meet. `validateRequest` and the wire parser
 * apply them with the other item rules (`INVALID_QUESTION`).
 */
import { patternError, patternProblem } from './pattern.ts'
import {
  type AskUserQuestionInput,
  type AskUserQuestionItem,
  MAX_PATTERN_LENGTH,
} from './schemas.ts'
import type { ValidationIssue } from './types.ts'

type Path = (string | number)[]

function bad(found: ValidationIssue[], id: string, rule: string, path: Path, message: string) {
  found.push({ code: 'INVALID_QUESTION', rule, questionId: id, path, message })
}

const STRING_ONLY = ['minLength', 'maxLength', 'pattern', 'format'] as const
const NUMBER_ONLY = ['minimum', 'maximum'] as const

const TOO_LONG = `is longer than ${MAX_PATTERN_LENGTH} characters`

/** The words of a refused pattern: RE2's reason, and what RE2 does not have. */
function invalidWords(pattern: string): string {
  const reason = patternError(pattern) ?? 'does not compile'
  return `is not valid RE2 syntax (${reason}); RE2 has no backreferences or lookaround`
}

function inputIssues(
  id: string,
  input: AskUserQuestionInput,
  at: Path,
  found: ValidationIssue[],
): void {
  const numeric = input.type === 'number' || input.type === 'integer'
  for (const key of numeric ? STRING_ONLY : NUMBER_ONLY)
    if (input[key] !== undefined)
      bad(
        found,
        id,
        numeric ? 'string-rule-on-number' : 'number-rule-on-text',
        [...at, key],
        `Question "${id}": ${key} applies to ${numeric ? 'text' : 'numbers'}, but the answer is ${numeric ? `a ${input.type}` : 'text'}.`,
      )
  if (input.minLength !== undefined && input.maxLength !== undefined)
    if (input.minLength > input.maxLength)
      bad(
        found,
        id,
        'empty-range',
        [...at, 'minLength'],
        `Question "${id}": minLength ${input.minLength} is above maxLength ${input.maxLength}.`,
      )
  if (input.minimum !== undefined && input.maximum !== undefined)
    if (input.minimum > input.maximum)
      bad(
        found,
        id,
        'empty-range',
        [...at, 'minimum'],
        `Question "${id}": minimum ${input.minimum} is above maximum ${input.maximum}.`,
      )
  if (input.pattern !== undefined) {
    const problem = patternProblem(input.pattern)
    if (problem !== null) {
      const long = problem === 'too-long'
      const words = long ? TOO_LONG : invalidWords(input.pattern)
      const rule = long ? 'pattern-too-long' : 'bad-pattern'
      bad(found, id, rule, [...at, 'pattern'], `Question "${id}": the pattern ${words}.`)
    }
  }
}

function selectionIssues(item: AskUserQuestionItem, at: Path, found: ValidationIssue[]): void {
  const { id, minSelected: min, maxSelected: max } = item
  if (min === undefined && max === undefined) return
  if (item.multiSelect !== true) {
    bad(
      found,
      id,
      'selection-limits-without-multi-select',
      [...at, min !== undefined ? 'minSelected' : 'maxSelected'],
      `Question "${id}" limits how many choices are selected but is not multi-select.`,
    )
    return
  }
  if (min !== undefined && max !== undefined && min > max)
    bad(
      found,
      id,
      'empty-range',
      [...at, 'minSelected'],
      `Question "${id}": minSelected ${min} is above maxSelected ${max}.`,
    )
  const choices = (item.options ?? []).length + (item.allowCustom === false ? 0 : 1)
  if (min !== undefined && min > choices)
    bad(
      found,
      id,
      'min-selected-unreachable',
      [...at, 'minSelected'],
      `Question "${id}" needs ${min} choices but offers only ${choices}.`,
    )
}

/** @internal Records the constraint rules question `index` breaks. */
export function constraintIssues(
  item: AskUserQuestionItem,
  index: number,
  found: ValidationIssue[],
): void {
  const at: Path = ['questions', index]
  const { id } = item
  if (item.allowCustom === false && (item.options ?? []).length === 0)
    bad(
      found,
      id,
      'no-way-to-answer',
      [...at, 'allowCustom'],
      `Question "${id}" has no options and allows no typed answer, so it cannot be answered.`,
    )
  if (item.input !== undefined) {
    if (item.allowCustom === false)
      bad(
        found,
        id,
        'input-without-custom',
        [...at, 'input'],
        `Question "${id}" constrains the typed answer but allows none (allowCustom: false).`,
      )
    inputIssues(id, item.input, [...at, 'input'], found)
  }
  selectionIssues(item, at, found)
}
