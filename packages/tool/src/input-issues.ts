import { describeIssue, issuePath } from '@parley/seam'
import type * as v from 'valibot'
import type { ToolInputIssue } from './errors.ts'

/** Turns a schema failure into issues a model can act on (the seam's wording). */
export function toolInputIssues(issues: readonly v.BaseIssue<unknown>[]): ToolInputIssue[] {
  return issues.map((issue) => ({ path: issuePath(issue), problem: describeIssue(issue) }))
}
