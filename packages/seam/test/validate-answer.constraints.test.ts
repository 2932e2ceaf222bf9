import { describe, expect, it } from 'vitest'
import {
  type AskUserQuestionAnswerItem,
  type AskUserQuestionItem,
  checkAnswerItem,
  validateAnswer,
} from '../src/index.ts'

const age: AskUserQuestionItem = {
  id: 'age',
  question: 'How old are you?',
  required: true,
  input: { type: 'integer', minimum: 0, maximum: 150 },
}
const price: AskUserQuestionItem = {
  id: 'price',
  question: 'Price?',
  input: { type: 'number', minimum: 0.5 },
}
const email: AskUserQuestionItem = {
  id: 'email',
  question: 'Email?',
  input: { format: 'email', maxLength: 40 },
}
const code: AskUserQuestionItem = {
  id: 'code',
  question: 'Code?',
  input: { minLength: 3, pattern: '^[A-Z]+$' },
}
const size: AskUserQuestionItem = {
  id: 'size',
  question: 'Size?',
  options: [{ label: 'S' }, { label: 'M' }, { label: 'L' }],
  allowCustom: false,
}
const tags: AskUserQuestionItem = {
  id: 'tags',
  question: 'Tags?',
  multiSelect: true,
  options: [{ label: 'a' }, { label: 'b' }, { label: 'c' }],
  minSelected: 2,
  maxSelected: 2,
}

const rulesOf = (question: AskUserQuestionItem, item: Omit<AskUserQuestionAnswerItem, 'id'>) =>
  checkAnswerItem(question, { id: question.id, ...item }).map((issue) => issue.rule)

const typed = (custom: string) => ({ selected: [], custom })

describe('validateAnswer holds answers to the question constraints', () => {
  it('accepts answers that meet every constraint, trimmed', () => {
    const request = { questions: [age, price, email, code, size, tags] }
    const result = validateAnswer(request, {
      answers: [
        { id: 'age', selected: [], custom: ' 42 ' },
        { id: 'price', selected: [], custom: '0.5' },
        { id: 'email', selected: [], custom: 'ada@example.org' },
        { id: 'code', selected: [], custom: 'ABC' },
        { id: 'size', selected: ['M'] },
        { id: 'tags', selected: ['a', 'c'] },
      ],
    })
    expect(result).toEqual({
      ok: true,
      answer: {
        answers: [
          { id: 'age', selected: [], custom: '42' },
          { id: 'price', selected: [], custom: '0.5' },
          { id: 'email', selected: [], custom: 'ada@example.org' },
          { id: 'code', selected: [], custom: 'ABC' },
          { id: 'size', selected: ['M'] },
          { id: 'tags', selected: ['a', 'c'] },
        ],
      },
    })
  })

  it('refuses a skipped required question with rule "required"', () => {
    const result = validateAnswer({ questions: [age] }, { answers: [{ id: 'age', selected: [] }] })
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          code: 'BAD_ANSWER',
          rule: 'required',
          questionId: 'age',
          path: ['answers', 0],
          message: 'Question "age" is required: it cannot be skipped.',
        },
      ],
    })
  })

  it('lets an optional constrained question be skipped', () => {
    expect(rulesOf(price, { selected: [] })).toEqual([])
    expect(rulesOf(tags, { selected: [] })).toEqual([])
  })

  it('refuses text that is not a number where a number is asked for', () => {
    for (const text of ['abc', '1,5', '0x10', 'Infinity', '1e999', '--1', '.'])
      expect(rulesOf(price, typed(text)), text).toEqual(['not-a-number'])
    for (const text of ['1', '-2.5', '+3', '.5', '1e3', '2.'])
      expect(rulesOf({ ...price, input: { type: 'number' } }, typed(text)), text).toEqual([])
  })

  it('refuses a fraction or an unsafe integer where a whole number is asked for', () => {
    for (const text of ['4.5', 'four', '9007199254740993'])
      expect(rulesOf(age, typed(text)), text).toEqual(['not-an-integer'])
    expect(rulesOf(age, typed('4.0'))).toEqual([])
  })

  it('refuses numbers outside minimum and maximum, both inclusive', () => {
    expect(rulesOf(age, typed('-1'))).toEqual(['below-minimum'])
    expect(rulesOf(age, typed('151'))).toEqual(['above-maximum'])
    expect(rulesOf(age, typed('150'))).toEqual([])
    expect(rulesOf(price, typed('0.49'))).toEqual(['below-minimum'])
  })

  it('counts length in code points and checks format and pattern', () => {
    expect(rulesOf(code, typed('AB'))).toEqual(['too-short'])
    expect(rulesOf(code, typed('abc'))).toEqual(['pattern-mismatch'])
    expect(rulesOf(code, typed('ab'))).toEqual(['too-short', 'pattern-mismatch'])
    expect(rulesOf(email, typed('ada'))).toEqual(['bad-format'])
    expect(rulesOf(email, typed(`${'a'.repeat(30)}@example.org`))).toEqual(['too-long'])
    const emoji = { id: 'e', question: 'Emoji?', input: { maxLength: 2 } }
    expect(rulesOf(emoji, typed('😀😀'))).toEqual([])
  })

  it('matches a pattern anywhere unless it is anchored, as JSON Schema does', () => {
    const digit = { id: 'd', question: 'Digit?', input: { pattern: '\\d' } }
    expect(rulesOf(digit, typed('room 7'))).toEqual([])
    expect(rulesOf(digit, typed('none'))).toEqual(['pattern-mismatch'])
  })

  it('matches in linear time: patterns that backtrack exponentially elsewhere answer at once', () => {
    const answer = `${'a'.repeat(29)}!`
    for (const pattern of ['^(\\w|\\w)*$', '^(?:a|a)*$', '^([a-z]|[a-z0-9])*$', '(a+)+$']) {
      const hostile = { id: 'h', question: 'Word?', input: { pattern } }
      expect(rulesOf(hostile, typed(answer)), pattern).toEqual(['pattern-mismatch'])
      expect(rulesOf(hostile, typed('a'.repeat(30))), pattern).toEqual([])
    }
  })

  it('matches with RE2 semantics: flags inside the pattern, \\x{…} code points', () => {
    const yes = { id: 'y', question: 'Sure?', input: { pattern: '(?i)^yes$' } }
    expect(rulesOf(yes, typed('YES'))).toEqual([])
    const grin = { id: 'g', question: 'Emoji?', input: { pattern: '^\\x{1F600}$' } }
    expect(rulesOf(grin, typed('😀'))).toEqual([])
  })

  it('refuses a typed answer where allowCustom is false', () => {
    expect(rulesOf(size, typed('XL'))).toEqual(['custom-not-allowed'])
    expect(rulesOf(size, { selected: ['L'] })).toEqual([])
  })

  it('holds a multi-select answer between minSelected and maxSelected, custom counting as one', () => {
    expect(rulesOf(tags, { selected: ['a'] })).toEqual(['too-few-selections'])
    expect(rulesOf(tags, { selected: ['a', 'b', 'c'] })).toEqual(['too-many-selections'])
    expect(rulesOf(tags, { selected: ['a'], custom: 'd' })).toEqual([])
    expect(rulesOf(tags, { selected: ['a', 'b'], custom: 'd' })).toEqual(['too-many-selections'])
  })

  it('checks a typed "Other" answer on an optioned question against input too', () => {
    const colour = {
      id: 'colour',
      question: 'Colour?',
      options: [{ label: 'Red' }],
      input: { maxLength: 5 },
    }
    expect(rulesOf(colour, typed('Turquoise'))).toEqual(['too-long'])
  })

  it('gives checkAnswerItem paths relative to the item and the same rules as validateAnswer', () => {
    expect(checkAnswerItem(age, { id: 'age', selected: [], custom: 'x' })).toEqual([
      {
        code: 'BAD_ANSWER',
        rule: 'not-an-integer',
        questionId: 'age',
        path: ['custom'],
        message: 'The answer to "age" must be a whole number.',
      },
    ])
    expect(checkAnswerItem(size, { id: 'size', selected: ['XL'] })[0]).toMatchObject({
      rule: 'unknown-option',
      path: ['selected', 0],
    })
    const result = validateAnswer(
      { questions: [age] },
      { answers: [{ id: 'age', selected: [], custom: 'x' }] },
    )
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual([
      ['answers', 0, 'custom'],
    ])
  })

  it('words every constraint issue for a person, naming the limit', () => {
    const messages = [
      ...checkAnswerItem(age, { id: 'age', selected: [], custom: '200' }),
      ...checkAnswerItem(code, { id: 'code', selected: [], custom: 'a' }),
      ...checkAnswerItem(tags, { id: 'tags', selected: ['a'] }),
    ].map((issue) => issue.message)
    expect(messages).toEqual([
      'The answer to "age" must be at most 150.',
      'The answer to "code" must be at least 3 characters long.',
      'The answer to "code" does not have the expected form (pattern ^[A-Z]+$).',
      'Question "tags" needs at least 2 choice(s); 1 given.',
    ])
  })
})
