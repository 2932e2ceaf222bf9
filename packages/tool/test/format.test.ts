import { UserQuestionError } from '@parley/seam'
import { describe, expect, it } from 'vitest'
import { formatToolResult, ToolInputError } from '../src/index.ts'

const questions = [
  { id: 'db', question: 'Which database?' },
  { id: 'features', question: 'Which features?' },
  { id: 'name', question: 'Project name?' },
]

describe('formatToolResult for an answer', () => {
  it('lists each answer by id with its question, labels and custom text', () => {
    const text = formatToolResult(
      {
        answers: [
          { id: 'db', selected: ['Postgres (Recommended)'] },
          { id: 'features', selected: ['Auth', 'Billing'], custom: 'SSO' },
          { id: 'name', selected: [], custom: 'Parley' },
        ],
      },
      questions,
    )
    expect(text).toBe(
      [
        'The user answered 3 of 3 question(s).',
        '- db ("Which database?"): selected "Postgres (Recommended)"',
        '- features ("Which features?"): selected "Auth", "Billing"; wrote "SSO"',
        '- name ("Project name?"): wrote "Parley"',
      ].join('\n'),
    )
  })

  it('states a skip plainly', () => {
    const text = formatToolResult({ answers: [{ id: 'db', selected: [] }] }, questions)
    expect(text).toBe(
      [
        'The user answered 0 of 1 question(s).',
        '- db ("Which database?"): skipped (no answer given; do not assume one)',
      ].join('\n'),
    )
  })

  it('falls back to ids when the questions are not given', () => {
    expect(formatToolResult({ answers: [{ id: 'db', selected: ['SQLite'] }] })).toContain(
      '- db: selected "SQLite"',
    )
  })

  it('quotes text so a label cannot break the line structure', () => {
    expect(
      formatToolResult({ answers: [{ id: 'n', selected: [], custom: 'a\nb "c"' }] }),
    ).toContain('wrote "a\\nb \\"c\\""')
  })
})

describe('formatToolResult for an error', () => {
  it('states a cancel plainly as not consent', () => {
    const text = formatToolResult(new UserQuestionError('Dismissed.', 'ASK_CANCELLED'))
    expect(text).toMatch(/^The user cancelled/)
    expect(text).toContain('ASK_CANCELLED')
    expect(text).toContain('not consent')
    expect(text).toContain('do not proceed as if approved')
  })

  it('states a timeout and an abort without assuming an answer', () => {
    expect(formatToolResult(new UserQuestionError('x', 'ASK_TIMED_OUT'))).toMatch(
      /did not answer in time \(ASK_TIMED_OUT\): no human decision was made.* Do not assume any answer, do not pick an option or a default/,
    )
    expect(formatToolResult(new UserQuestionError('x', 'ASK_ABORTED'))).toMatch(
      /aborted .*\(ASK_ABORTED\)\. Do not assume any answer/,
    )
  })

  it('says a refused ask was never shown, and what to do about it', () => {
    const limited = formatToolResult(new UserQuestionError('x', 'ASK_LIMIT_REACHED'))
    expect(limited).toMatch(/not shown.*\(ASK_LIMIT_REACHED\)\. Do not assume any answer/)
    const large = formatToolResult(new UserQuestionError('x', 'ASK_TOO_LARGE'))
    expect(large).toMatch(/not shown.*\(ASK_TOO_LARGE\)\. Shorten/)
    expect(large).toContain('call ask_user_question again')
  })

  it('tells the model how to fix invalid input', () => {
    const error = new ToolInputError([{ path: ['questions', 0, 'id'], problem: 'expected string' }])
    const text = formatToolResult(error)
    expect(text).toContain('(INVALID_INPUT)')
    expect(text).toContain('questions.0.id: expected string')
    expect(text).toContain('call ask_user_question again')
  })

  it.each([
    ['NO_PROVIDER', 'No question provider is registered.'],
    ['INVALID_QUESTION', 'Question id "a" is used twice.'],
    ['CALLER_NOT_LIVE', 'The calling agent is not live.'],
  ] as const)('names any other code (%s) with its message', (code, message) => {
    expect(formatToolResult(new UserQuestionError(message, code))).toBe(
      `Asking the user failed (${code}): ${message}`,
    )
  })

  it('renders plain { name, code, message } data like the error it came from', () => {
    expect(
      formatToolResult({ name: 'UserQuestionError', code: 'ASK_CANCELLED', message: 'x' }),
    ).toMatch(/cancelled/)
  })

  it.each([new Error('boom'), 'boom', null, undefined, 42])('renders %s as UNKNOWN', (value) => {
    expect(formatToolResult(value)).toMatch(/^Asking the user failed \(UNKNOWN\)/)
  })
})
