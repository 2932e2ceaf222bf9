import { describe, expect, it } from 'vitest'
import { type AskUserQuestionItem, MAX_PATTERN_LENGTH, validateRequest } from '../src/index.ts'
import { parseQuestionRequestedFrame } from '../src/wire.ts'

function issuesOf(question: Record<string, unknown>) {
  const result = validateRequest({ questions: [{ id: 'q', question: 'Q?', ...question }] })
  return result.ok ? [] : result.issues.map(({ rule, path, code }) => ({ rule, path, code }))
}

const rulesOf = (question: Record<string, unknown>) => issuesOf(question).map((issue) => issue.rule)

describe('validateRequest checks that answer constraints can be met', () => {
  it('keeps every constraint on the parsed request', () => {
    const question: AskUserQuestionItem = {
      id: 'q',
      question: 'Q?',
      required: true,
      multiSelect: true,
      options: [{ label: 'a' }, { label: 'b' }],
      allowCustom: true,
      minSelected: 1,
      maxSelected: 2,
      input: { type: 'string', maxLength: 9, pattern: '^x', format: 'email', suggestion: 'x@y.z' },
    }
    const result = validateRequest({ questions: [question] })
    expect(result).toEqual({ ok: true, request: { questions: [question] } })
  })

  it('refuses ill-typed constraints as shape issues', () => {
    expect(issuesOf({ required: 'yes' })).toEqual([
      { rule: 'shape', path: ['questions', 0, 'required'], code: 'INVALID_QUESTION' },
    ])
    expect(rulesOf({ input: { type: 'date' } })).toEqual(['shape'])
    expect(rulesOf({ input: { maxLength: 0 } })).toEqual(['shape'])
    expect(rulesOf({ input: { minLength: 1.5 } })).toEqual(['shape'])
    expect(rulesOf({ input: { type: 'number', minimum: Number.NaN } })).toEqual(['shape'])
    expect(rulesOf({ multiSelect: true, options: [{ label: 'a' }], maxSelected: 0 })).toEqual([
      'shape',
    ])
  })

  it('refuses empty ranges', () => {
    expect(issuesOf({ input: { minLength: 5, maxLength: 4 } })).toEqual([
      {
        rule: 'empty-range',
        path: ['questions', 0, 'input', 'minLength'],
        code: 'INVALID_QUESTION',
      },
    ])
    expect(rulesOf({ input: { type: 'number', minimum: 2, maximum: 1 } })).toEqual(['empty-range'])
    expect(
      rulesOf({ multiSelect: true, options: [{ label: 'a' }], minSelected: 2, maxSelected: 1 }),
    ).toEqual(['empty-range'])
  })

  it('refuses text rules on numbers and number rules on text', () => {
    expect(rulesOf({ input: { type: 'integer', maxLength: 3 } })).toEqual(['string-rule-on-number'])
    expect(rulesOf({ input: { type: 'number', format: 'email' } })).toEqual([
      'string-rule-on-number',
    ])
    expect(rulesOf({ input: { minimum: 1 } })).toEqual(['number-rule-on-text'])
  })

  it('refuses selection limits off multi-select and a minimum it cannot reach', () => {
    expect(rulesOf({ options: [{ label: 'a' }], maxSelected: 1 })).toEqual([
      'selection-limits-without-multi-select',
    ])
    const two = [{ label: 'a' }, { label: 'b' }]
    expect(rulesOf({ multiSelect: true, options: two, minSelected: 3 })).toEqual([])
    expect(
      rulesOf({ multiSelect: true, options: two, minSelected: 3, allowCustom: false }),
    ).toEqual(['min-selected-unreachable'])
  })

  it('refuses a question that cannot be answered, and input nobody may type', () => {
    expect(rulesOf({ allowCustom: false })).toEqual(['no-way-to-answer'])
    expect(
      rulesOf({ options: [{ label: 'a' }], allowCustom: false, input: { maxLength: 3 } }),
    ).toEqual(['input-without-custom'])
  })

  it('refuses a pattern that does not compile, is too long or can backtrack exponentially', () => {
    expect(rulesOf({ input: { pattern: '(' } })).toEqual(['bad-pattern'])
    // Valid without the u flag, not with it: validators compile with u.
    expect(rulesOf({ input: { pattern: '\\-]' } })).toEqual(['bad-pattern'])
    expect(rulesOf({ input: { pattern: 'a'.repeat(MAX_PATTERN_LENGTH + 1) } })).toEqual([
      'pattern-too-long',
    ])
    for (const pattern of ['(a+)+$', '^(\\w*,?)*$', '((ab)*c)+', '(?:x{1,9})*', '(?<n>a+){2,}'])
      expect(rulesOf({ input: { pattern } }), pattern).toEqual(['unsafe-pattern'])
    for (const pattern of [
      '^[A-Z]{3}$',
      '^(\\d{3}-)*\\d{4}$',
      '^[(+*)]+$',
      '\\(a+\\)+',
      '^\\p{L}+$',
      '(a+)?',
      '(?:ab)+',
    ])
      expect(rulesOf({ input: { pattern } }), pattern).toEqual([])
  })

  it('applies the same rules to a question frame on the wire', () => {
    const parsed = parseQuestionRequestedFrame({
      type: 'question/requested',
      rpcId: 'r1',
      sessionId: 's1',
      requestedAt: 1,
      questions: [{ id: 'q', question: 'Q?', input: { pattern: '(a+)+' } }],
    })
    expect(parsed.ok ? [] : parsed.issues.map((issue) => issue.rule)).toEqual(['unsafe-pattern'])
  })
})
