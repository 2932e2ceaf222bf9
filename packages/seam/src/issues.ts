/**
 * The one mapper from schema issues to Parley's issues: a path of keys and a
 * short problem ("expected string", "must be at least 1", "unknown key
 * \"x\""), worded the same for the seam, the wire and the tool's input.
 */
import type * as v from 'valibot'
import type { UserQuestionErrorCode } from './errors.ts'
import type { ValidationIssue } from './types.ts'

type Issue = v.BaseIssue<unknown>

const EXPECTED_TYPES = new Set(['string', 'number', 'boolean', 'array', 'object'])

function received(issue: Issue): string {
  return issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input
}

/** The problem of one issue, in words a developer and a model can act on. */
export function describeIssue(issue: Issue): string {
  switch (issue.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
      // A key issue: a required key is missing, or a strict object met an unknown one.
      if (issue.expected === 'never') return 'unknown key'
      if (issue.input === undefined && issue.expected?.startsWith('"')) return 'is required'
      return 'expected object'
    case 'string':
    case 'number':
    case 'boolean':
    case 'array':
      return `expected ${issue.type}`
    case 'literal':
    case 'picklist':
      return `expected ${issue.expected ?? 'another value'}`
    case 'finite':
      return 'expected a finite number'
    case 'integer':
    case 'safe_integer':
      return 'expected int'
    case 'min_length':
      return Array.isArray(issue.input)
        ? `expected at least ${issue.requirement} item(s)`
        : `must be at least ${issue.requirement}`
    case 'max_length':
      return `must be at most ${issue.requirement}`
    case 'min_value':
      return `must be at least ${issue.requirement}`
    case 'max_value':
      return `must be at most ${issue.requirement}`
    case 'union':
    case 'variant':
      return issue.expected && !EXPECTED_TYPES.has(received(issue))
        ? `expected ${issue.expected}`
        : 'matches none of the allowed shapes'
    case 'check':
      return issue.message
    default:
      return 'is invalid'
  }
}

/** The keys of an issue's path (`[]` at the root). */
export function issuePath(issue: Issue): (string | number)[] {
  return (issue.path ?? []).map((item) => {
    const key = item.key
    return typeof key === 'number' || typeof key === 'string' ? key : String(key)
  })
}

/** Schema issues as validation issues with `code`, rule `shape`, a path and a message. */
export function shapeIssues(
  issues: readonly Issue[],
  code: UserQuestionErrorCode,
): ValidationIssue[] {
  return issues.map((issue) => {
    const path = issuePath(issue)
    const where = path.length > 0 ? path.join('.') : 'value'
    return { code, rule: 'shape', path, message: `${where}: ${describeIssue(issue)}` }
  })
}
