import { describe, expect, it } from 'vitest'
import { validateRequest } from '../src/index.ts'
import { batch, colour, name, plan, toppings } from './fixtures.ts'

function issuesOf(request: unknown) {
  const result = validateRequest(request)
  if (result.ok) throw new Error('expected the request to be rejected')
  return result.issues
}

describe('validateRequest accepts', () => {
  it.each([
    ['a batch of every kind of question', batch],
    ['a plan review with detail and an approve option', { questions: [plan] }],
    ['routing and a deadline', { questions: [name], sessionId: 's', callId: 'c', timeoutMs: 10 }],
    ['an explicit single-select', { questions: [{ ...colour, multiSelect: false }] }],
    [
      'an optionless question with an empty options list',
      { questions: [{ ...name, options: [] }] },
    ],
  ])('%s', (_, request) => {
    expect(validateRequest(request)).toMatchObject({ ok: true })
  })

  it('returns the request with unknown keys dropped and signal and agent kept', () => {
    const signal = new AbortController().signal
    const result = validateRequest({
      questions: [{ ...colour, desc: 'x' }],
      signal,
      agent: 'a',
      x: 1,
    })
    expect(result).toEqual({ ok: true, request: { questions: [colour], signal, agent: 'a' } })
  })
})

describe('validateRequest rejects', () => {
  it.each([
    ['an empty batch', { questions: [] }, 'EMPTY_QUESTIONS', 'empty-questions', undefined],
    [
      'an empty id',
      { questions: [{ id: '', question: 'Q?' }] },
      'INVALID_QUESTION',
      'empty-id',
      '',
    ],
    [
      'a whitespace-only id',
      { questions: [{ id: '  ', question: 'Q?' }] },
      'INVALID_QUESTION',
      'empty-id',
      '  ',
    ],
    [
      'empty question text',
      { questions: [{ id: 'a', question: '' }] },
      'INVALID_QUESTION',
      'empty-question',
      'a',
    ],
    [
      'whitespace-only question text',
      { questions: [{ id: 'a', question: '\n\t ' }] },
      'INVALID_QUESTION',
      'empty-question',
      'a',
    ],
    [
      'an id of zero-width spaces',
      { questions: [{ id: '\u200b\u200b', question: 'Q?' }] },
      'INVALID_QUESTION',
      'empty-id',
      '\u200b\u200b',
    ],
    [
      'question text of invisible characters only',
      { questions: [{ id: 'a', question: '\u2060\u2800\u200f' }] },
      'INVALID_QUESTION',
      'empty-question',
      'a',
    ],
    [
      'duplicate question ids',
      { questions: [colour, { ...name, id: 'colour' }] },
      'INVALID_QUESTION',
      'duplicate-id',
      'colour',
    ],
    [
      'duplicate option labels',
      { questions: [{ id: 'a', question: 'Q?', options: [{ label: 'X' }, { label: 'X' }] }] },
      'INVALID_QUESTION',
      'duplicate-option',
      'a',
    ],
    [
      'an empty option label',
      { questions: [{ id: 'a', question: 'Q?', options: [{ label: ' ' }] }] },
      'INVALID_QUESTION',
      'empty-label',
      'a',
    ],
    [
      'an option label of a Hangul filler',
      { questions: [{ id: 'a', question: 'Q?', options: [{ label: '\u3164' }] }] },
      'INVALID_QUESTION',
      'empty-label',
      'a',
    ],
    [
      'multiSelect without options',
      { questions: [{ id: 'a', question: 'Q?', multiSelect: true }] },
      'INVALID_QUESTION',
      'multi-select-without-options',
      'a',
    ],
    [
      'multiSelect with an empty options list',
      { questions: [{ id: 'a', question: 'Q?', multiSelect: true, options: [] }] },
      'INVALID_QUESTION',
      'multi-select-without-options',
      'a',
    ],
    [
      'an intent whose approve is not an option',
      { questions: [{ ...plan, intent: { kind: 'plan-review', approve: 'Ship it' } }] },
      'BAD_INTENT',
      'approve-not-an-option',
      'plan',
    ],
    [
      'an intent on an optionless question',
      { questions: [{ ...plan, options: undefined }] },
      'BAD_INTENT',
      'approve-not-an-option',
      'plan',
    ],
    [
      'an intent without detail',
      { questions: [{ ...plan, detail: undefined }] },
      'BAD_INTENT',
      'intent-without-detail',
      'plan',
    ],
    [
      'an intent with blank detail',
      { questions: [{ ...plan, detail: '  ' }] },
      'BAD_INTENT',
      'intent-without-detail',
      'plan',
    ],
  ])('%s (%s, rule %s)', (_, request, code, rule, questionId) => {
    const issues = issuesOf(request)
    expect(issues).toContainEqual(expect.objectContaining({ code, rule }))
    const found = issues.find((issue) => issue.rule === rule)
    expect(found?.questionId).toBe(questionId)
    expect(found?.message.length).toBeGreaterThan(0)
  })

  it('reports every invalid item, each naming its question id and a path', () => {
    const issues = issuesOf({
      questions: [
        { id: 'a', question: '' },
        { id: 'b', question: 'Q?', multiSelect: true },
      ],
    })
    expect(issues).toEqual([
      expect.objectContaining({
        questionId: 'a',
        rule: 'empty-question',
        path: ['questions', 0, 'question'],
      }),
      expect.objectContaining({
        questionId: 'b',
        rule: 'multi-select-without-options',
        path: ['questions', 1, 'multiSelect'],
      }),
    ])
  })

  it('names the offending option in the path of a duplicate label', () => {
    const [issue] = issuesOf({
      questions: [{ ...toppings, options: [{ label: 'A' }, { label: 'B' }, { label: 'A' }] }],
    })
    expect(issue?.path).toEqual(['questions', 0, 'options', 2, 'label'])
  })

  it('reports item problems before intent problems', () => {
    const issues = issuesOf({
      questions: [
        { ...plan, detail: undefined },
        { id: '', question: 'Q?' },
      ],
    })
    expect(issues.map((issue) => issue.code)).toEqual(['INVALID_QUESTION'])
  })

  it.each([
    ['questions missing', {}],
    ['questions not an array', { questions: 'Q?' }],
    ['a question that is a string', { questions: ['Q?'] }],
    ['a numeric id', { questions: [{ id: 1, question: 'Q?' }] }],
    ['a missing question text', { questions: [{ id: 'a' }] }],
    ['options that are strings', { questions: [{ id: 'a', question: 'Q?', options: ['X'] }] }],
    [
      'an option without label',
      { questions: [{ id: 'a', question: 'Q?', options: [{ description: 'd' }] }] },
    ],
    ['multiSelect as a string', { questions: [{ ...toppings, multiSelect: 'yes' }] }],
    [
      'an unknown intent kind',
      { questions: [{ ...plan, intent: { kind: 'poll', approve: 'Approve' } }] },
    ],
    ['a negative timeout', { questions: [name], timeoutMs: -1 }],
    ['a fractional timeout', { questions: [name], timeoutMs: 1.5 }],
    ['a numeric sessionId', { questions: [name], sessionId: 7 }],
  ])('wrong types: %s, with INVALID_QUESTION shape issues', (_, request) => {
    const issues = issuesOf(request)
    expect(issues.length).toBeGreaterThan(0)
    for (const issue of issues)
      expect(issue).toMatchObject({ code: 'INVALID_QUESTION', rule: 'shape' })
  })

  it('rejects a signal that is not an AbortSignal', () => {
    expect(issuesOf({ questions: [name], signal: 'stop' })).toEqual([
      expect.objectContaining({ code: 'INVALID_QUESTION', rule: 'shape', path: ['signal'] }),
    ])
  })

  it('names the path of a wrong type in the message', () => {
    const [issue] = issuesOf({ questions: [{ id: 'a', question: 'Q?', options: [{ label: 3 }] }] })
    expect(issue?.path).toEqual(['questions', 0, 'options', 0, 'label'])
    expect(issue?.message).toBe('questions.0.options.0.label: expected string')
  })
})

describe('validateRequest never throws', () => {
  it.each([
    null,
    undefined,
    0,
    42,
    'questions',
    true,
    [],
    [{ id: 'a', question: 'Q?' }],
    () => {},
    Symbol('x'),
    new Date(),
    JSON.parse('{"__proto__": {"questions": []}}'),
    JSON.parse(
      '{"questions": [{"id": "a", "question": "Q?", "__proto__": {"multiSelect": true}}]}',
    ),
    { questions: [null] },
    { questions: [[]] },
    { questions: null },
  ])('on %s', (garbage) => {
    expect(() => validateRequest(garbage)).not.toThrow()
    expect(typeof validateRequest(garbage).ok).toBe('boolean')
  })

  it('rejects non-objects with issues', () => {
    for (const garbage of [null, undefined, 42, 'x', [], () => {}]) {
      expect(validateRequest(garbage)).toMatchObject({ ok: false })
    }
  })

  it('does not take a __proto__ key as a question list', () => {
    expect(
      validateRequest(JSON.parse('{"__proto__": {"questions": [{"id":"a","question":"Q"}]}}')),
    ).toMatchObject({
      ok: false,
    })
  })
})
