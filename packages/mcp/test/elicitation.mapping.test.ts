import { validateRequest } from '@parley/seam'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  type FormElicitationParams,
  FormElicitationParamsSchema,
  toElicitationForm,
} from '../src/index.ts'

const form = (
  properties: Record<string, unknown>,
  required: string[] = [],
  message = 'Book a table',
): FormElicitationParams =>
  v.parse(FormElicitationParamsSchema, {
    message,
    requestedSchema: { type: 'object', properties, required },
  })

const questionsOf = (params: FormElicitationParams) => toElicitationForm(params, 'Bistro').questions

describe('a form elicitation as Parley questions', () => {
  it('leads a one-property form with the message, the title and description as detail', () => {
    const [question] = questionsOf(
      form({ name: { type: 'string', title: 'Name', description: 'As on the booking.' } }),
    )
    expect(question).toEqual({
      id: 'name',
      header: 'Bistro',
      question: 'Book a table',
      detail: '**Name**\n\nAs on the booking\\.',
    })
  })

  it('titles each question of a longer form, with the message as its detail', () => {
    const questions = questionsOf(
      form({ name: { type: 'string', title: 'Name' }, guests: { type: 'integer' } }),
    )
    expect(questions.map(({ question, detail }) => ({ question, detail }))).toEqual([
      { question: 'Name', detail: 'Book a table' },
      { question: 'guests', detail: 'Book a table' },
    ])
  })

  it('maps enum, enum with enumNames and oneOf to single-select with titles as labels', () => {
    const questions = questionsOf(
      form(
        {
          a: { type: 'string', enum: ['x', 'y'] },
          b: { type: 'string', enum: ['x', 'y'], enumNames: ['Ex', 'Why'] },
          c: {
            type: 'string',
            oneOf: [
              { const: 'x', title: 'Ex' },
              { const: 'y', title: 'Why' },
            ],
            default: 'y',
          },
        },
        ['a'],
      ),
    )
    expect(
      questions.map(({ options, allowCustom, required, multiSelect }) => ({
        options,
        allowCustom,
        required,
        multiSelect,
      })),
    ).toEqual([
      {
        options: [{ label: 'x' }, { label: 'y' }],
        allowCustom: false,
        required: true,
        multiSelect: undefined,
      },
      {
        options: [{ label: 'Ex' }, { label: 'Why' }],
        allowCustom: false,
        required: undefined,
        multiSelect: undefined,
      },
      {
        options: [{ label: 'Ex' }, { label: 'Why (Recommended)' }],
        allowCustom: false,
        required: undefined,
        multiSelect: undefined,
      },
    ])
  })

  it('maps an array of choices to multi-select with minItems and maxItems', () => {
    const [question] = questionsOf(
      form({
        extras: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'w', title: 'Window' },
              { const: 'q', title: 'Quiet' },
              { const: 'h', title: 'High chair' },
            ],
          },
          minItems: 1,
          maxItems: 2,
          default: ['q'],
        },
      }),
    )
    expect(question).toMatchObject({
      multiSelect: true,
      allowCustom: false,
      minSelected: 1,
      maxSelected: 2,
      options: [{ label: 'Window' }, { label: 'Quiet (Recommended)' }, { label: 'High chair' }],
    })
  })

  it('maps a boolean to two options, its default recommended', () => {
    const [question] = questionsOf(form({ terrace: { type: 'boolean', default: false } }))
    expect(question).toMatchObject({
      options: [{ label: 'Yes' }, { label: 'No (Recommended)' }],
      allowCustom: false,
    })
  })

  it('maps strings and numbers to typed answers with their constraints, the default as suggestion', () => {
    const questions = questionsOf(
      form({
        email: { type: 'string', format: 'email', maxLength: 80, default: 'a@b.co' },
        code: { type: 'string', minLength: 4, pattern: '^[0-9]+$' },
        guests: { type: 'integer', minimum: 1, maximum: 12, default: 2 },
        budget: { type: 'number', minimum: 0 },
      }),
    )
    expect(questions.map((question) => question.input)).toEqual([
      { format: 'email', maxLength: 80, suggestion: 'a@b.co' },
      { minLength: 4, pattern: '^[0-9]+$' },
      { type: 'integer', minimum: 1, maximum: 12, suggestion: '2' },
      { type: 'number', minimum: 0 },
    ])
    expect(questions.every((question) => question.options === undefined)).toBe(true)
  })

  it('keeps labels unique when two choices share a title', () => {
    const [question] = questionsOf(
      form({
        room: {
          type: 'string',
          oneOf: [
            { const: 'a', title: 'Room' },
            { const: 'b', title: 'Room' },
            { const: 'c', title: '' },
          ],
        },
      }),
    )
    expect(question?.options).toEqual([{ label: 'Room' }, { label: 'Room (b)' }, { label: 'c' }])
    expect(
      validateRequest({
        questions: questionsOf(form({ room: { type: 'string', enum: ['x', 'x'] } })),
      }).ok,
    ).toBe(true)
  })

  it('escapes Markdown in the server text it puts into the detail', () => {
    const [, question] = questionsOf(
      form(
        { a: { type: 'string' }, b: { type: 'string', description: '[click](http://x) *now*' } },
        [],
        '# Hi',
      ),
    )
    expect(question?.detail).toBe('\\# Hi\n\n\\[click\\]\\(http\\:\\/\\/x\\) \\*now\\*')
  })
})

describe('the answer as typed content', () => {
  it('gives numbers as numbers, booleans as booleans, choices as their values, and leaves skips out', () => {
    const params = form({
      name: { type: 'string' },
      guests: { type: 'integer' },
      budget: { type: 'number' },
      terrace: { type: 'boolean' },
      time: {
        type: 'string',
        oneOf: [
          { const: '19', title: '7 pm' },
          { const: '21', title: '9 pm' },
        ],
        default: '19',
      },
      extras: { type: 'array', items: { type: 'string', enum: ['window', 'quiet'] } },
      note: { type: 'string' },
    })
    const content = toElicitationForm(params, 'Bistro').contentOf({
      answers: [
        { id: 'name', selected: [], custom: 'Ada' },
        { id: 'guests', selected: [], custom: '4' },
        { id: 'budget', selected: [], custom: '12.5' },
        { id: 'terrace', selected: ['No'] },
        { id: 'time', selected: ['7 pm (Recommended)'] },
        { id: 'extras', selected: ['window', 'quiet'] },
        { id: 'note', selected: [] },
      ],
    })
    expect(content).toEqual({
      name: 'Ada',
      guests: 4,
      budget: 12.5,
      terrace: false,
      time: '19',
      extras: ['window', 'quiet'],
    })
  })
})
