import type * as z from 'zod/mini'
import type { UserQuestionErrorCode } from './errors.ts'
import type { ValidationIssue } from './types.ts'

function describe(problem: z.core.$ZodIssue): string {
  switch (problem.code) {
    case 'invalid_type':
      return `expected ${problem.expected}`
    case 'invalid_value':
      return `expected one of ${problem.values.map((value) => JSON.stringify(value)).join(', ')}`
    case 'too_small':
      return `must be at least ${String(problem.minimum)}`
    case 'too_big':
      return `must be at most ${String(problem.maximum)}`
    case 'invalid_union':
      return 'matches none of the allowed shapes'
    case 'unrecognized_keys':
      return `has unknown keys ${problem.keys.map((key) => JSON.stringify(key)).join(', ')}`
    case 'custom':
      return problem.message
    default:
      return 'is invalid'
  }
}

/** Turns a schema failure into validation issues with readable paths. */
export function shapeIssues(
  error: z.core.$ZodError,
  code: UserQuestionErrorCode,
): ValidationIssue[] {
  return error.issues.map((problem) => {
    const path = problem.path.map((key) => (typeof key === 'symbol' ? String(key) : key))
    const where = path.length > 0 ? path.join('.') : 'value'
    return { code, rule: 'shape', path, message: `${where}: ${describe(problem)}` }
  })
}
