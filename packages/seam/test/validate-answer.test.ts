import { describe, expect, it } from 'vitest'
import { type AskUserQuestionAnswerItem, validateAnswer } from '../src/index.ts'
import { batch } from './fixtures.ts'

const red = { id: 'colour', selected: ['Red'] }
const cheese = { id: 'toppings', selected: ['Cheese'] }
const ada = { id: 'name', selected: [], custom: 'Ada' }

/** An answer to the fixture batch with items replaced by id, then extra items appended. */
function answer(replace: Record<string, unknown> = {}, ...extra: unknown[]) {
  const items = [red, cheese, ada].map((item) => (item.id in replace ? replace[item.id] : item))
  return { answers: [...items.filter((item) => item !== undefined), ...extra] }
}

type Accepted = [string, unknown, AskUserQuestionAnswerItem[]]

const accepted: Accepted[] = [
  [
    'one label per single-select, labels on multi-select, custom on free text',
    answer(),
    [red, cheese, ada],
  ],
  [
    'items in any order, returned in question order',
    { answers: [ada, cheese, red] },
    [red, cheese, ada],
  ],
  [
    'a recommended label spelled with its suffix',
    answer({ colour: { id: 'colour', selected: ['Blue (Recommended)'] } }),
    [{ id: 'colour', selected: ['Blue (Recommended)'] }, cheese, ada],
  ],
  [
    'a skipped single-select',
    answer({ colour: { id: 'colour', selected: [] } }),
    [{ id: 'colour', selected: [] }, cheese, ada],
  ],
  [
    'a skipped multi-select',
    answer({ toppings: { id: 'toppings', selected: [] } }),
    [red, { id: 'toppings', selected: [] }, ada],
  ],
  [
    'a skipped free-text question',
    answer({ name: { id: 'name', selected: [] } }),
    [red, cheese, { id: 'name', selected: [] }],
  ],
  [
    'every question skipped',
    { answers: ['colour', 'toppings', 'name'].map((id) => ({ id, selected: [] })) },
    ['colour', 'toppings', 'name'].map((id) => ({ id, selected: [] })),
  ],
  [
    'custom replacing the single-select choice',
    answer({ colour: { id: 'colour', selected: [], custom: 'Teal' } }),
    [{ id: 'colour', selected: [], custom: 'Teal' }, cheese, ada],
  ],
  [
    'custom alone on a multi-select',
    answer({ toppings: { id: 'toppings', selected: [], custom: 'Ham' } }),
    [red, { id: 'toppings', selected: [], custom: 'Ham' }, ada],
  ],
  [
    'custom together with labels on a multi-select',
    answer({ toppings: { id: 'toppings', selected: ['Olives'], custom: 'Ham' } }),
    [red, { id: 'toppings', selected: ['Olives'], custom: 'Ham' }, ada],
  ],
  [
    'every option of a multi-select',
    answer({ toppings: { id: 'toppings', selected: ['Basil', 'Olives', 'Cheese'] } }),
    [red, { id: 'toppings', selected: ['Basil', 'Olives', 'Cheese'] }, ada],
  ],
  [
    'custom with surrounding whitespace, trimmed',
    answer({ name: { id: 'name', selected: [], custom: '  Ada\n' } }),
    [red, cheese, ada],
  ],
  [
    'custom with inner whitespace kept',
    answer({ name: { id: 'name', selected: [], custom: ' Ada  Lovelace ' } }),
    [red, cheese, { id: 'name', selected: [], custom: 'Ada  Lovelace' }],
  ],
  [
    'custom that is an emoji joined with zero-width joiners',
    answer({ name: { id: 'name', selected: [], custom: '👩\u200d💻' } }),
    [red, cheese, { id: 'name', selected: [], custom: '👩\u200d💻' }],
  ],
  [
    'unknown keys on items and answer, dropped',
    { answers: [{ ...red, value: 1 }, cheese, ada], extra: true },
    [red, cheese, ada],
  ],
]

describe('validateAnswer accepts', () => {
  it.each(accepted)('%s', (_, input, expected) => {
    expect(validateAnswer(batch, input)).toEqual({ ok: true, answer: { answers: expected } })
  })

  it('accepts an answer to a single optionless question', () => {
    const request = { questions: [{ id: 'q', question: 'Why?' }] }
    expect(
      validateAnswer(request, { answers: [{ id: 'q', selected: [], custom: 'because' }] }),
    ).toMatchObject({ ok: true })
  })
})

type Rejected = [string, unknown, string, string | undefined]

const rejected: Rejected[] = [
  [
    'an unknown question id',
    answer({}, { id: 'size', selected: [] }),
    'unknown-question',
    undefined,
  ],
  ['a duplicate item', answer({}, red), 'duplicate-answer', 'colour'],
  [
    'a duplicate item that differs',
    answer({}, { id: 'colour', selected: [] }),
    'duplicate-answer',
    'colour',
  ],
  ['a missing item', answer({ name: undefined }), 'missing-answer', 'name'],
  ['no items at all', { answers: [] }, 'missing-answer', 'colour'],
  [
    'a renamed id',
    answer({ colour: { id: 'color', selected: ['Red'] } }),
    'unknown-question',
    undefined,
  ],
  [
    'an id differing only in case',
    answer({ colour: { id: 'Colour', selected: ['Red'] } }),
    'unknown-question',
    undefined,
  ],
  [
    'a label that is no option',
    answer({ colour: { id: 'colour', selected: ['Green'] } }),
    'unknown-option',
    'colour',
  ],
  [
    'a label without its (Recommended) suffix',
    answer({ colour: { id: 'colour', selected: ['Blue'] } }),
    'unknown-option',
    'colour',
  ],
  [
    'a label in the wrong case',
    answer({ colour: { id: 'colour', selected: ['red'] } }),
    'unknown-option',
    'colour',
  ],
  [
    'a label with extra whitespace',
    answer({ colour: { id: 'colour', selected: [' Red'] } }),
    'unknown-option',
    'colour',
  ],
  [
    'a label of another question',
    answer({ colour: { id: 'colour', selected: ['Cheese'] } }),
    'unknown-option',
    'colour',
  ],
  [
    'an unknown label on a multi-select',
    answer({ toppings: { id: 'toppings', selected: ['Cheese', 'Ham'] } }),
    'unknown-option',
    'toppings',
  ],
  [
    'a label selected twice on a multi-select',
    answer({ toppings: { id: 'toppings', selected: ['Cheese', 'Cheese'] } }),
    'duplicate-selection',
    'toppings',
  ],
  [
    'two labels on a single-select',
    answer({ colour: { id: 'colour', selected: ['Red', 'Blue (Recommended)'] } }),
    'too-many-selections',
    'colour',
  ],
  [
    'the same label twice on a single-select',
    answer({ colour: { id: 'colour', selected: ['Red', 'Red'] } }),
    'too-many-selections',
    'colour',
  ],
  [
    'custom with a label on a single-select',
    answer({ colour: { id: 'colour', selected: ['Red'], custom: 'Teal' } }),
    'custom-with-selection',
    'colour',
  ],
  [
    'an empty custom',
    answer({ name: { id: 'name', selected: [], custom: '' } }),
    'empty-custom',
    'name',
  ],
  [
    'a whitespace-only custom',
    answer({ name: { id: 'name', selected: [], custom: ' \n\t' } }),
    'empty-custom',
    'name',
  ],
  [
    'a custom of zero-width spaces only',
    answer({ name: { id: 'name', selected: [], custom: '\u200b\u200b' } }),
    'empty-custom',
    'name',
  ],
  [
    'a custom of a Hangul filler, a word joiner and a bidi override',
    answer({ name: { id: 'name', selected: [], custom: '\u3164\u2060\u202e' } }),
    'empty-custom',
    'name',
  ],
  [
    'an invisible-only custom on a multi-select with labels',
    answer({ toppings: { id: 'toppings', selected: ['Cheese'], custom: '\ufeff' } }),
    'empty-custom',
    'toppings',
  ],
  [
    'an empty custom on a multi-select with labels',
    answer({ toppings: { id: 'toppings', selected: ['Cheese'], custom: ' ' } }),
    'empty-custom',
    'toppings',
  ],
  [
    'an empty custom on a single-select skip',
    answer({ colour: { id: 'colour', selected: [], custom: '' } }),
    'empty-custom',
    'colour',
  ],
  [
    'a selected label on an optionless question',
    answer({ name: { id: 'name', selected: ['Ada'] } }),
    'no-options',
    'name',
  ],
  [
    'a selected label with custom on an optionless question',
    answer({ name: { id: 'name', selected: ['x'], custom: 'Ada' } }),
    'no-options',
    'name',
  ],
  [
    'selected as a string',
    answer({ colour: { id: 'colour', selected: 'Red' } }),
    'shape',
    undefined,
  ],
  ['a missing selected', answer({ name: { id: 'name', custom: 'Ada' } }), 'shape', undefined],
  ['a numeric label', answer({ colour: { id: 'colour', selected: [1] } }), 'shape', undefined],
  ['a numeric id', answer({ colour: { id: 1, selected: ['Red'] } }), 'shape', undefined],
  ['a missing id', answer({ colour: { selected: ['Red'] } }), 'shape', undefined],
  [
    'a numeric custom',
    answer({ name: { id: 'name', selected: [], custom: 42 } }),
    'shape',
    undefined,
  ],
  [
    'a null custom',
    answer({ name: { id: 'name', selected: [], custom: null } }),
    'shape',
    undefined,
  ],
  ['an item that is a string', answer({ colour: 'Red' }), 'shape', undefined],
  ['an item that is null', answer({ colour: null }), 'shape', undefined],
  ['answers as an object', { answers: { colour: ['Red'] } }, 'shape', undefined],
  ['answers missing', {}, 'shape', undefined],
  ['an answer that is an array', [red, cheese, ada], 'shape', undefined],
  ['an answer that is null', null, 'shape', undefined],
  ['an answer that is a string', 'Red', 'shape', undefined],
]

describe('validateAnswer rejects', () => {
  it.each(rejected)('%s (rule %s)', (_, input, rule, questionId) => {
    const result = validateAnswer(batch, input)
    expect(result.ok).toBe(false)
    const issues = result.ok ? [] : result.issues
    const issue = issues.find((found) => found.rule === rule)
    expect(issue, `issues: ${JSON.stringify(issues)}`).toBeDefined()
    expect(issue?.questionId).toBe(questionId)
    for (const found of issues) {
      expect(found.code).toBe('BAD_ANSWER')
      expect(found.message.length).toBeGreaterThan(0)
    }
  })
})

describe('validateAnswer issues', () => {
  it('report every problem, not only the first', () => {
    const result = validateAnswer(batch, {
      answers: [
        { id: 'colour', selected: ['Green'] },
        { id: 'size', selected: [] },
      ],
    })
    expect(result.ok ? [] : result.issues.map((issue) => issue.rule)).toEqual([
      'unknown-option',
      'unknown-question',
      'missing-answer',
      'missing-answer',
    ])
  })

  it('point at the offending item and label', () => {
    const result = validateAnswer(
      batch,
      answer({ toppings: { id: 'toppings', selected: ['Cheese', 'Ham'] } }),
    )
    expect(result.ok ? undefined : result.issues[0]?.path).toEqual(['answers', 1, 'selected', 1])
  })

  it('point at the offending path of a shape error', () => {
    const result = validateAnswer(batch, answer({ colour: { id: 'colour', selected: [1] } }))
    expect(result.ok ? undefined : result.issues[0]).toMatchObject({
      path: ['answers', 0, 'selected', 0],
      message: 'answers.0.selected.0: expected string',
    })
  })
})

it('the tables hold at least 40 cases', () => {
  expect(accepted.length + rejected.length).toBeGreaterThanOrEqual(40)
})

describe('validateAnswer on invisible custom text', () => {
  it('refuses a zero-width space with the same issues as spaces', () => {
    const invisible = validateAnswer(
      batch,
      answer({ name: { id: 'name', selected: [], custom: '\u200b' } }),
    )
    const spaces = validateAnswer(
      batch,
      answer({ name: { id: 'name', selected: [], custom: '   ' } }),
    )
    expect(invisible).toEqual(spaces)
    expect(invisible).toMatchObject({
      ok: false,
      issues: [{ rule: 'empty-custom', questionId: 'name' }],
    })
  })
})
