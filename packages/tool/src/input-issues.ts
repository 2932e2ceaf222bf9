import type * as z from 'zod/mini'
import type { ToolInputIssue } from './errors.ts'

function problemOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`
    case 'too_small':
      return issue.origin === 'array'
        ? `expected at least ${String(issue.minimum)} item(s)`
        : `must be at least ${String(issue.minimum)}`
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    default:
      return 'is invalid'
  }
}

/** Turns a schema failure into issues a model can act on. */
export function toolInputIssues(error: z.core.$ZodError): ToolInputIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
    problem: problemOf(issue),
  }))
}
