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

  it('refuses a pattern RE2 cannot compile, and one that is too long', () => {
    expect(rulesOf({ input: { pattern: '(' } })).toEqual(['bad-pattern'])
    expect(rulesOf({ input: { pattern: 'a'.repeat(MAX_PATTERN_LENGTH + 1) } })).toEqual([
      'pattern-too-long',
    ])
    // What RE2 does not have: backreferences, lookahead and lookbehind, \u{…} (RE2 writes \x{…}).
    for (const pattern of [
      '(a)\\1',
      '(?=a)',
      '^(?!x)',
      '(?<=a)b',
      '(?<!a)b',
      '\\u{1F600}',
      'a{1001}',
    ])
      expect(issuesOf({ input: { pattern } }), pattern).toEqual([
        {
          rule: 'bad-pattern',
          path: ['questions', 0, 'input', 'pattern'],
          code: 'INVALID_QUESTION',
        },
      ])
  })

  it("says RE2's reason for refusing a pattern", () => {
    const result = validateRequest({
      questions: [{ id: 'q', question: 'Q?', input: { pattern: '(a)\\1' } }],
    })
    expect(result.ok ? '' : result.issues[0]?.message).toBe(
      'Question "q": the pattern is not valid RE2 syntax (invalid escape sequence: `\\1`); RE2 has no backreferences or lookaround.',
    )
  })

  it('accepts RE2 patterns, those that backtrack exponentially elsewhere included', () => {
    for (const pattern of [
      '^[A-Z]{3}$',
      '^(\\d{3}-)*\\d{4}$',
      '^[(+*)]+$',
      '\\(a+\\)+',
      '^\\p{L}+$',
      '(a+)?',
      '(?:ab)+',
      '\\x{1F600}',
      '(?i)^yes$',
      '(a+)+$',
      '^(\\w*,?)*$',
      '^(\\w|\\w)*$',
      '^(?:a|a)*$',
      '^([a-z]|[a-z0-9])*$',
    ])
      expect(rulesOf({ input: { pattern } }), pattern).toEqual([])
  })

  it('applies the same rules to a question frame on the wire', () => {
    const parsed = parseQuestionRequestedFrame({
      type: 'question/requested',
      rpcId: 'r1',
      sessionId: 's1',
      requestedAt: 1,
      questions: [{ id: 'q', question: 'Q?', input: { pattern: '(?=a)' } }],
    })
    expect(parsed.ok ? [] : parsed.issues.map((issue) => issue.rule)).toEqual(['bad-pattern'])
  })
})
