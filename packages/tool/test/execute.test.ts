import { createUserQuestionService, ParleyError, UserQuestionError } from '@parley/seam'
import { describe, expect, it } from 'vitest'
import { createAskUserQuestionTool, ToolInputError } from '../src/index.ts'
import { firstOption, modelInput, serviceAnswering, skipAll } from './helpers.ts'

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

describe('execute with valid input', () => {
  it('maps multi_select to multiSelect and keeps header, options and descriptions', async () => {
    const { service, seen } = serviceAnswering(skipAll)
    await createAskUserQuestionTool(service).execute(modelInput)
    expect(seen[0]?.questions).toEqual([
      {
        id: 'db',
        question: 'Which database?',
        header: 'Storage',
        options: [
          { label: 'Postgres (Recommended)', description: 'battle-tested' },
          { label: 'SQLite' },
        ],
      },
      {
        id: 'features',
        question: 'Which features?',
        options: [{ label: 'Auth' }, { label: 'Billing' }],
        multiSelect: true,
      },
      { id: 'name', question: 'Project name?' },
    ])
  })

  it('passes an option preview through to the card', async () => {
    const { service, seen } = serviceAnswering(skipAll)
    const preview = '```sql\ncreate table t (id int);\n```'
    await createAskUserQuestionTool(service).execute({
      questions: [{ id: 'db', question: 'Which database?', options: [{ label: 'SQL', preview }] }],
    })
    expect(seen[0]?.questions[0]?.options).toEqual([{ label: 'SQL', preview }])
  })

  it('refuses a preview past the byte limit as the seam does', async () => {
    const { service } = serviceAnswering(skipAll)
    const preview = '€'.repeat(3000) // 9,000 bytes of UTF-8 in 3,000 characters
    const error = await rejectionOf(
      createAskUserQuestionTool(service).execute({
        questions: [{ id: 'db', question: 'Which?', options: [{ label: 'A', preview }] }],
      }),
    )
    expect(error).toMatchObject({ name: 'UserQuestionError', code: 'INVALID_QUESTION' })
  })

  it('passes multi_select: false through as multiSelect: false', async () => {
    const { service, seen } = serviceAnswering(skipAll)
    await createAskUserQuestionTool(service).execute({
      questions: [{ id: 'a', question: 'A?', options: [{ label: 'X' }], multi_select: false }],
    })
    expect(seen[0]?.questions[0]?.multiSelect).toBe(false)
  })

  it('passes signal, sessionId, callId and agent to service.ask', async () => {
    const { service, seen } = serviceAnswering(skipAll)
    const signal = new AbortController().signal
    const agent = { name: 'root' }
    await createAskUserQuestionTool(service).execute(modelInput, {
      signal,
      sessionId: 'session-1',
      callId: 'call-1',
      agent,
    })
    expect(seen[0]?.signal).toBe(signal)
    expect(seen[0]?.agent).toBe(agent)
    expect(seen[0]).toMatchObject({ sessionId: 'session-1', callId: 'call-1' })
  })

  it('leaves routing out of the request when the context has none', async () => {
    const { service, seen } = serviceAnswering(skipAll)
    await createAskUserQuestionTool(service).execute(modelInput)
    expect(Object.keys(seen[0] ?? {})).toEqual(['questions'])
  })

  it('resolves with the normalized answer in question order', async () => {
    const { service } = serviceAnswering((request) => ({
      answers: [...firstOption(request).answers]
        .reverse()
        .map((item) =>
          item.custom === undefined ? item : { ...item, custom: `  ${item.custom}  ` },
        ),
    }))
    expect(await createAskUserQuestionTool(service).execute(modelInput)).toEqual({
      answers: [
        { id: 'db', selected: ['Postgres (Recommended)'] },
        { id: 'features', selected: ['Auth'] },
        { id: 'name', selected: [], custom: 'typed' },
      ],
    })
  })
})

describe('execute with input that fails the schema', () => {
  it.each([
    [
      'a numeric option label',
      { questions: [{ id: 'a', question: 'A?', options: [{ label: 'X' }, { label: 2 }] }] },
      'questions.0.options.1.label: expected string',
    ],
    ['a missing question text', { questions: [{ id: 'a' }] }, 'questions.0.question: is required'],
    ['a numeric id', { questions: [{ id: 1, question: 'A?' }] }, 'questions.0.id: expected string'],
    ['questions as a string', { questions: 'A?' }, 'questions: expected array'],
    ['no questions key', {}, 'questions: is required'],
    ['an empty batch', { questions: [] }, 'questions: expected at least 1 item(s)'],
    [
      'multi_select as a string',
      { questions: [{ id: 'a', question: 'A?', multi_select: 'yes' }] },
      'questions.0.multi_select: expected boolean',
    ],
    [
      'the camel-case multiSelect key',
      { questions: [{ id: 'a', question: 'A?', multiSelect: true }] },
      'questions.0.multiSelect: unknown key',
    ],
    [
      'a value on an option',
      { questions: [{ id: 'a', question: 'A?', options: [{ label: 'X', value: 'x' }] }] },
      'questions.0.options.0.value: unknown key',
    ],
    [
      'recommended and allow_custom keys',
      { questions: [{ id: 'a', question: 'A?', recommended: 'X', allow_custom: true }] },
      'questions.0.recommended: unknown key',
    ],
    ['input that is not an object', 'ask them', 'input: expected object'],
    ['null input', null, 'input: expected object'],
  ])('rejects %s with INVALID_INPUT naming the path', async (_, input, named) => {
    const { service, seen } = serviceAnswering(skipAll)
    const error = await rejectionOf(createAskUserQuestionTool(service).execute(input))
    expect(error).toBeInstanceOf(ToolInputError)
    expect(error).toBeInstanceOf(ParleyError)
    expect(error).toMatchObject({ name: 'ToolInputError', code: 'INVALID_INPUT' })
    expect(error instanceof Error ? error.message : '').toContain(named)
    expect(seen).toHaveLength(0)
  })

  it('names every offending path, with a structured issue for each', async () => {
    const { service } = serviceAnswering(skipAll)
    const error = await rejectionOf(
      createAskUserQuestionTool(service).execute({
        questions: [
          { id: 'a', question: 3 },
          { id: 'b', question: 'B?', header: false },
        ],
      }),
    )
    expect(error).toMatchObject({
      issues: [
        { path: ['questions', 0, 'question'], problem: 'expected string' },
        { path: ['questions', 1, 'header'], problem: 'expected string' },
      ],
    })
  })
})

describe('execute errors from the service', () => {
  it.each([
    [
      'duplicate ids',
      {
        questions: [
          { id: 'a', question: 'A?' },
          { id: 'a', question: 'B?' },
        ],
      },
      'INVALID_QUESTION',
    ],
    [
      'multi_select without options',
      { questions: [{ id: 'a', question: 'A?', multi_select: true }] },
      'INVALID_QUESTION',
    ],
    ['an empty question text', { questions: [{ id: 'a', question: ' ' }] }, 'INVALID_QUESTION'],
  ])('rejects %s with the seam code %s', async (_, input, code) => {
    const { service } = serviceAnswering(skipAll)
    const error = await rejectionOf(createAskUserQuestionTool(service).execute(input))
    expect(error).toBeInstanceOf(UserQuestionError)
    expect(error).toMatchObject({ name: 'UserQuestionError', code })
  })

  it('passes a cancel through with its name and code', async () => {
    const cancelled = new UserQuestionError('The user cancelled.', 'ASK_CANCELLED')
    const { service } = serviceAnswering(() => Promise.reject(cancelled))
    expect(await rejectionOf(createAskUserQuestionTool(service).execute(modelInput))).toBe(
      cancelled,
    )
  })

  it('rejects NO_PROVIDER when no UI is registered', async () => {
    const tool = createAskUserQuestionTool(createUserQuestionService())
    await expect(tool.execute(modelInput)).rejects.toMatchObject({
      name: 'UserQuestionError',
      code: 'NO_PROVIDER',
    })
  })

  it('rejects ASK_ABORTED when the tool call is aborted', async () => {
    const { service } = serviceAnswering(() => new Promise(() => {}))
    const controller = new AbortController()
    const pending = createAskUserQuestionTool(service).execute(modelInput, {
      signal: controller.signal,
    })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: 'ASK_ABORTED' })
  })
})
