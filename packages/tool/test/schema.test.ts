import { AskUserQuestionItemSchema, MAX_OPTION_PREVIEW_BYTES } from '@parley/seam'
import { toJsonSchema } from '@valibot/to-json-schema'
import { describe, expect, it } from 'vitest'
import {
  ASK_USER_QUESTION_DESCRIPTION,
  askUserQuestionInputJsonSchema,
  createAskUserQuestionTool,
} from '../src/index.ts'
import { serviceAnswering, skipAll } from './helpers.ts'

const tool = createAskUserQuestionTool(serviceAnswering(skipAll).service)

function keysDeep(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysDeep(item, found)
  else if (typeof value === 'object' && value !== null)
    for (const [key, inner] of Object.entries(value)) {
      found.add(key)
      keysDeep(inner, found)
    }
  return found
}

describe('the tool definition', () => {
  it('is named ask_user_question and publishes its description and JSON Schema', () => {
    expect(tool.name).toBe('ask_user_question')
    expect(tool.description).toBe(ASK_USER_QUESTION_DESCRIPTION)
    expect(tool.inputSchema).toBe(askUserQuestionInputJsonSchema)
  })

  it('has the input shape { questions: [{ id, question, header?, options?: [{ label, description?, preview? }], multi_select? }] }', () => {
    expect(tool.inputSchema).toMatchObject({
      type: 'object',
      required: ['questions'],
      additionalProperties: false,
      properties: {
        questions: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['id', 'question'],
            additionalProperties: false,
            properties: {
              id: { type: 'string' },
              question: { type: 'string' },
              header: { type: 'string' },
              multi_select: { type: 'boolean' },
              options: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['label'],
                  additionalProperties: false,
                  properties: {
                    label: { type: 'string' },
                    description: { type: 'string' },
                    preview: { type: 'string', maxLength: MAX_OPTION_PREVIEW_BYTES },
                  },
                },
              },
            },
          },
        },
      },
    })
    const question = tool.inputSchema.properties?.questions
    expect(Object.keys(JSON.parse(JSON.stringify(question)).items.properties)).toEqual([
      'id',
      'question',
      'header',
      'options',
      'multi_select',
    ])
  })

  it.each(['value', 'recommended', 'allow_custom', 'desc', 'multiSelect', 'detail', 'intent'])(
    'has no %s property anywhere',
    (key) => {
      const properties = JSON.stringify(tool.inputSchema)
      expect(properties).not.toContain(`"${key}":`)
    },
  )

  it('tells the model an option preview is Markdown with a byte limit', () => {
    const option = JSON.parse(JSON.stringify(tool.inputSchema)).properties.questions.items
      .properties.options.items
    expect(option.properties.preview.description).toMatch(/Markdown/)
    expect(option.properties.preview.description).toContain(
      `${MAX_OPTION_PREVIEW_BYTES} bytes of UTF-8`,
    )
  })

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(tool.inputSchema))).toEqual(tool.inputSchema)
    expect(keysDeep(tool.inputSchema).has('$schema')).toBe(true)
  })

  it('does not leak its descriptions into the seam schemas it derives from', () => {
    expect(JSON.stringify(toJsonSchema(AskUserQuestionItemSchema))).not.toContain(
      'description":"Stable',
    )
  })
})

describe('the description tells the model', () => {
  it.each([
    ['to ask concise questions', /concise/i],
    ['to prefer options', /prefer offering `options`/i],
    ['that the user can always type their own answer', /can always type their own answer/i],
    [
      'to put the recommended option first with the suffix',
      /recommend first and end its label with " \(Recommended\)"/,
    ],
    ['that a cancel is not consent', /cancel is not consent/i],
    ['not to proceed as if approved after a cancel', /do not proceed as if they approved/i],
  ])('%s', (_, pattern) => {
    expect(ASK_USER_QUESTION_DESCRIPTION).toMatch(pattern)
  })
})
