import { createUserQuestionService, UserQuestionError } from '@parley/seam'
import { describe, expect, it } from 'vitest'
import { createAskUserQuestionTool, formatToolResult } from '../src/index.ts'
import { firstOption, modelInput, serviceAnswering } from './helpers.ts'

const testWriter = { name: 'Test writer', parents: ['Planner'], reason: 'to pick the runner' }
const planner = { name: 'Planner' }
const answer = {
  answers: [
    { id: 'db', selected: ['SQLite'] },
    { id: 'name', selected: [], custom: 'Parley' },
  ],
}
const questions = [
  { id: 'db', question: 'Which database?' },
  { id: 'name', question: 'Project name?' },
]

describe('the tool passes who is asking', () => {
  it('sends the context asker with the request', async () => {
    const { service, seen } = serviceAnswering(firstOption)
    await createAskUserQuestionTool(service).execute(modelInput, { asker: testWriter })
    expect(seen[0]?.asker).toEqual(testWriter)
  })

  it('sends no asker when the context has none', async () => {
    const { service, seen } = serviceAnswering(firstOption)
    await createAskUserQuestionTool(service).execute(modelInput)
    expect(seen[0]).not.toHaveProperty('asker')
  })

  it('never takes an asker from the model input', async () => {
    const { service } = serviceAnswering(firstOption)
    const claimed = { ...modelInput, asker: { name: 'The user' } }
    await expect(createAskUserQuestionTool(service).execute(claimed)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    })
  })

  it('gives a subagent refused by the caller policy text that sends it back to its parent', async () => {
    const service = createUserQuestionService({ callerPolicy: () => 'delegated' })
    service.registerProvider({ ask: () => Promise.reject(new Error('never asked')) })
    const error = await createAskUserQuestionTool(service)
      .execute(modelInput, { asker: testWriter })
      .catch((caught: unknown) => caught)
    expect(formatToolResult(error, [], { asker: testWriter })).toBe(
      [
        'Asked by Planner › Test writer (a subagent).',
        'You may not ask the user directly (DELEGATED_CALLER): you run as a subagent. Do not assume any answer; hand the question back to the agent that delegated to you.',
      ].join('\n'),
    )
  })
})

describe('formatToolResult names a subagent asker', () => {
  it('adds one line before the answer when a subagent asked', () => {
    expect(formatToolResult(answer, questions, { asker: testWriter })).toBe(
      [
        'Asked by Planner › Test writer (a subagent).',
        'The user answered 2 of 2 question(s).',
        '- db ("Which database?"): selected "SQLite"',
        '- name ("Project name?"): wrote "Parley"',
      ].join('\n'),
    )
  })

  it('is unchanged for the root agent or without an asker', () => {
    const plain = formatToolResult(answer, questions)
    expect(formatToolResult(answer, questions, { asker: planner })).toBe(plain)
    expect(formatToolResult(answer, questions, { asker: { name: 'Planner', parents: [] } })).toBe(
      plain,
    )
    expect(plain.startsWith('The user answered 2 of 2')).toBe(true)
  })

  it('names the subagent on an error too', () => {
    const cancelled = new UserQuestionError('no', 'ASK_CANCELLED')
    expect(formatToolResult(cancelled, [], { asker: testWriter }).split('\n')).toEqual([
      'Asked by Planner › Test writer (a subagent).',
      'The user cancelled the question (ASK_CANCELLED). A cancel is not consent: do not assume any answer and do not proceed as if approved.',
    ])
  })
})
