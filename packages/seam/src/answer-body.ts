/**
 * Parsing a body that carries an answer (a respond or an amend body) within
 * a number of issues. A schema pass builds an issue for every problem it
 * meets, so a body of thousands of broken items costs thousands of issues
 * before a reply can keep twenty; here the schema pass stops at the first
 * problem, and only a broken body gets one more look: each answer item in
 * turn, its first problem, until the limit is reached.
 */
import * as v from 'valibot'
import { describeIssue, issuePath, shapeIssues } from './issues.ts'
import { AskUserQuestionAnswerItemSchema } from './schemas.ts'
import type { ValidationIssue } from './types.ts'

/** How many issues a check builds before it stops looking. */
export interface IssueLimit {
  /**
   * Stop after this many issues: the result lists at most this many, and the
   * work stops with them. Ask for one more than you show to learn whether
   * there are more. @default no limit
   */
  maxIssues?: number | undefined
}

/** @internal The result of a parse (as `WireParse` in `wire-parse.ts`). */
type Parse<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] }

function at(data: unknown, keys: readonly string[]): unknown {
  let value = data
  for (const key of keys) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

function itemIssue(prefix: (string | number)[], issue: v.BaseIssue<unknown>): ValidationIssue {
  const path = [...prefix, ...issuePath(issue)]
  return {
    code: 'BAD_ANSWER',
    rule: 'shape',
    path,
    message: `${path.join('.')}: ${describeIssue(issue)}`,
  }
}

/**
 * @internal Runs `schema` on `data` as `parseWith` does, with at most
 * `limit.maxIssues` issues: the body's first problem, then the first
 * problem of each broken item of the answer array at `answers` (a key path).
 */
export function parseAnswerBody<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
  answers: readonly string[],
  limit: IssueLimit,
): Parse<v.InferOutput<S>> {
  const max = Math.max(1, limit.maxIssues ?? Number.POSITIVE_INFINITY)
  const parsed = v.safeParse(schema, data, { abortEarly: max !== Number.POSITIVE_INFINITY })
  if (parsed.success) return { ok: true, value: parsed.output }
  const issues = shapeIssues(parsed.issues, 'BAD_ANSWER').slice(0, max)
  const items = at(data, answers)
  if (!Array.isArray(items) || max === Number.POSITIVE_INFINITY) return { ok: false, issues }
  const first = issues[0]?.path.join('.')
  for (let index = 0; index < items.length && issues.length < max; index++) {
    const item = v.safeParse(AskUserQuestionAnswerItemSchema, items[index], { abortEarly: true })
    const problem = item.success ? undefined : item.issues[0]
    if (!problem) continue
    const found = itemIssue([...answers, index], problem)
    if (found.path.join('.') !== first) issues.push(found)
  }
  return { ok: false, issues }
}
