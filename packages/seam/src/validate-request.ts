import * as v from 'valibot'
import { approvalIssues } from './approval.ts'
import { shapeIssues } from './issues.ts'
import { AskUserQuestionRequestDataSchema } from './request-data-schema.ts'
import {
  emptyBatchIssues,
  intentRuleIssues,
  issue,
  itemRuleIssues,
  unreadable,
} from './request-rules.ts'
import { type AskUserQuestionItem, MAX_OPTION_PREVIEW_BYTES } from './schemas.ts'
import type { AskUserQuestionRequest, RequestValidation, ValidationIssue } from './types.ts'

/**
 * Checks a request against every rule `ask()` enforces, grouped so the first
 * failing group decides the error code: shape and items (`EMPTY_QUESTIONS`,
 * `INVALID_QUESTION`) before intents (`BAD_INTENT`). The caller policy, which
 * `ask()` checks between the two, is not part of this function.
 */
export function validateRequest(request: unknown): RequestValidation {
  try {
    const structural = checkRequestStructure(request)
    if (!structural.ok) return structural
    const intents = checkRequestIntents(structural.request)
    return intents.length > 0 ? { ok: false, issues: intents } : structural
  } catch {
    // A request built elsewhere can carry a getter or a proxy that throws when read.
    return { ok: false, issues: [unreadable('INVALID_QUESTION', 'request')] }
  }
}

/** @internal The first half of `validateRequest`: shape, emptiness and items. */
export function checkRequestStructure(request: unknown): RequestValidation {
  const parsed = v.safeParse(AskUserQuestionRequestDataSchema, request)
  if (!parsed.success) {
    const questions = ownField(request, 'questions')
    if (Array.isArray(questions) && questions.length === 0) return emptyBatch()
    return { ok: false, issues: shapeIssues(parsed.issues, 'INVALID_QUESTION') }
  }
  if (parsed.output.questions.length === 0) return emptyBatch()
  const signal = ownField(request, 'signal')
  if (signal !== undefined && !(signal instanceof AbortSignal))
    return {
      ok: false,
      issues: [issue('INVALID_QUESTION', 'shape', ['signal'], 'signal: expected an AbortSignal')],
    }
  const onDeadline = ownField(request, 'onDeadline')
  if (onDeadline !== undefined && typeof onDeadline !== 'function')
    return {
      ok: false,
      issues: [
        issue('INVALID_QUESTION', 'shape', ['onDeadline'], 'onDeadline: expected a function'),
      ],
    }
  const onAmend = ownField(request, 'onAmend')
  if (onAmend !== undefined && typeof onAmend !== 'function')
    return {
      ok: false,
      issues: [issue('INVALID_QUESTION', 'shape', ['onAmend'], 'onAmend: expected a function')],
    }
  const issues = itemRuleIssues(parsed.output.questions)
  issues.push(...previewIssues(parsed.output.questions))
  if (issues.length > 0) return { ok: false, issues }
  // The schema's output is a fresh object of the declared keys only.
  const result: AskUserQuestionRequest = parsed.output
  if (signal !== undefined) result.signal = signal
  if (typeof onDeadline === 'function')
    result.onDeadline = (change) => {
      Reflect.apply(onDeadline, undefined, [change])
    }
  const agent = ownField(request, 'agent')
  if (agent !== undefined) result.agent = agent
  if (typeof onAmend === 'function')
    result.onAmend = (amendment) => void Reflect.apply(onAmend, undefined, [amendment])
  return { ok: true, request: result }
}

const UTF8 = new TextEncoder()

/**
 * The options whose `preview` is over {@link MAX_OPTION_PREVIEW_BYTES} bytes
 * of UTF-8. Checked where a request is made (here), not in the wire parse: a
 * browser never needs an encoder for a preview the asking side kept in bounds.
 */
function previewIssues(questions: readonly AskUserQuestionItem[]): ValidationIssue[] {
  const found: ValidationIssue[] = []
  questions.forEach((item, index) => {
    item.options?.forEach((option, o) => {
      if (option.preview === undefined) return
      const bytes = UTF8.encode(option.preview).byteLength
      if (bytes <= MAX_OPTION_PREVIEW_BYTES) return
      found.push(
        issue(
          'INVALID_QUESTION',
          'preview-too-large',
          ['questions', index, 'options', o, 'preview'],
          `Question "${item.id}": the preview of "${option.label}" is ${bytes} bytes; at most ${MAX_OPTION_PREVIEW_BYTES} are shown.`,
          item.id,
        ),
      )
    })
  })
  return found
}

function ownField(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined
  return Reflect.get(value, key)
}

/**
 * @internal The second half of `validateRequest`: intents. The approval rules
 * are checked here, where a request is made, and not in the wire parse: a
 * browser renders an approval card only for an approval `approvalOf` reads
 * (the generic card otherwise), so it needs no copy of them.
 */
export function checkRequestIntents(request: AskUserQuestionRequest): ValidationIssue[] {
  const found = intentRuleIssues(request.questions)
  request.questions.forEach((item, index) => {
    if (item.intent?.kind === 'approval') found.push(...approvalIssues(item, index))
  })
  return found
}

function emptyBatch(): RequestValidation {
  return { ok: false, issues: emptyBatchIssues() }
}
