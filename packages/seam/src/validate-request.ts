import type { UserQuestionErrorCode } from './errors.ts'
import { type AskUserQuestionItem, AskUserQuestionRequestDataSchema } from './schemas.ts'
import type { AskUserQuestionRequest, RequestValidation, ValidationIssue } from './types.ts'
import { shapeIssues } from './zod-issues.ts'

const isBlank = (text: string) => text.trim().length === 0

function issue(
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

/**
 * Checks a request against every rule `ask()` enforces, grouped so the first
 * failing group decides the error code: shape and items (`EMPTY_QUESTIONS`,
 * `INVALID_QUESTION`) before intents (`BAD_INTENT`). The caller policy, which
 * `ask()` checks between the two, is not part of this function.
 */
export function validateRequest(request: unknown): RequestValidation {
  const structural = checkRequestStructure(request)
  if (!structural.ok) return structural
  const intents = checkRequestIntents(structural.request)
  return intents.length > 0 ? { ok: false, issues: intents } : structural
}

/** @internal The first half of `validateRequest`: shape, emptiness and items. */
export function checkRequestStructure(request: unknown): RequestValidation {
  const parsed = AskUserQuestionRequestDataSchema.safeParse(request)
  if (!parsed.success) {
    const questions = ownField(request, 'questions')
    if (Array.isArray(questions) && questions.length === 0) return emptyBatch()
    return { ok: false, issues: shapeIssues(parsed.error, 'INVALID_QUESTION') }
  }
  if (parsed.data.questions.length === 0) return emptyBatch()
  const signal = ownField(request, 'signal')
  if (signal !== undefined && !(signal instanceof AbortSignal))
    return {
      ok: false,
      issues: [issue('INVALID_QUESTION', 'shape', ['signal'], 'signal: expected an AbortSignal')],
    }
  const seen = new Set<string>()
  const issues = parsed.data.questions.flatMap((item, index) => itemIssues(item, index, seen))
  if (issues.length > 0) return { ok: false, issues }
  const result: AskUserQuestionRequest = { ...parsed.data }
  if (signal !== undefined) result.signal = signal
  const agent = ownField(request, 'agent')
  if (agent !== undefined) result.agent = agent
  return { ok: true, request: result }
}

function ownField(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined
  return Reflect.get(value, key)
}

/** @internal The second half of `validateRequest`: intents. */
export function checkRequestIntents(request: AskUserQuestionRequest): ValidationIssue[] {
  return request.questions.flatMap(intentIssues)
}

function emptyBatch(): RequestValidation {
  return {
    ok: false,
    issues: [
      issue('EMPTY_QUESTIONS', 'empty-questions', ['questions'], 'The request has no questions.'),
    ],
  }
}
