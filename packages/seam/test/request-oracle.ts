/**
 * The zod reference the zod-free request parser must match: the schema, and
 * `validateRequest` exactly as the seam wrote it before the parser existed.
 */
import { emptyBatchIssues, intentRuleIssues, issue, itemRuleIssues } from '../src/request-rules.ts'
import {
  type AskUserQuestionRequestData,
  AskUserQuestionRequestDataSchema,
} from '../src/schemas.ts'
import type { AskUserQuestionRequest, RequestValidation } from '../src/types.ts'
import type { WireParse } from '../src/wire.ts'
import { shapeIssues } from '../src/zod-issues.ts'

/** `parseRequestData` as zod parses it. */
export function zodRequestData(data: unknown): WireParse<AskUserQuestionRequestData> {
  const parsed = AskUserQuestionRequestDataSchema.safeParse(data)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, issues: shapeIssues(parsed.error, 'INVALID_QUESTION') }
}

function ownField(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined
  return Reflect.get(value, key)
}

function zodStructure(request: unknown): RequestValidation {
  const parsed = AskUserQuestionRequestDataSchema.safeParse(request)
  if (!parsed.success) {
    const questions = ownField(request, 'questions')
    if (Array.isArray(questions) && questions.length === 0)
      return { ok: false, issues: emptyBatchIssues() }
    return { ok: false, issues: shapeIssues(parsed.error, 'INVALID_QUESTION') }
  }
  if (parsed.data.questions.length === 0) return { ok: false, issues: emptyBatchIssues() }
  const signal = ownField(request, 'signal')
  if (signal !== undefined && !(signal instanceof AbortSignal))
    return {
      ok: false,
      issues: [issue('INVALID_QUESTION', 'shape', ['signal'], 'signal: expected an AbortSignal')],
    }
  const issues = itemRuleIssues(parsed.data.questions)
  if (issues.length > 0) return { ok: false, issues }
  const result: AskUserQuestionRequest = { ...parsed.data }
  if (signal !== undefined) result.signal = signal
  const agent = ownField(request, 'agent')
  if (agent !== undefined) result.agent = agent
  return { ok: true, request: result }
}

/** `validateRequest` as it was with zod. */
export function zodValidateRequest(request: unknown): RequestValidation {
  const structural = zodStructure(request)
  if (!structural.ok) return structural
  const intents = intentRuleIssues(structural.request.questions)
  return intents.length > 0 ? { ok: false, issues: intents } : structural
}
