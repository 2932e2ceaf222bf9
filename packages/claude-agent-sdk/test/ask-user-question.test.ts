import type { PermissionResult } from '@anthropic-ai/claude-agent-sdk'
import { describe, expect, it } from 'vitest'
import { createCanUseTool } from '../src/index.ts'
import { callContext, type Person, serviceWith } from './helpers.ts'

const db = {
  question: 'Which database should we use?',
  header: 'Database',
  options: [
    {
      label: 'Postgres',
      description: 'Relational, battle-tested',
      preview: '```sql\ncreate table t ();\n```',
    },
    { label: 'SQLite', description: 'One file, no server' },
  ],
  multiSelect: false,
}
const features = {
  question: 'Which features do you want?',
  header: 'Features',
  options: [
    { label: 'Auth', description: 'Sign-in' },
    { label: 'Billing', description: 'Stripe' },
    { label: 'Search', description: 'Full text' },
  ],
  multiSelect: true,
}

async function answered(questions: unknown[], person: Person, extra: Record<string, unknown> = {}) {
  const { service, seen } = serviceWith(person)
  const { context } = callContext()
  const result: PermissionResult | null = await createCanUseTool(service, { sessionId: 's1' })(
    'AskUserQuestion',
    { questions, ...extra },
    context,
  )
  return { result, seen }
}

describe('AskUserQuestion through Parley', () => {
  it('is one batch: header chips, options with descriptions and previews, multiSelect, required', async () => {
    const { seen } = await answered([db, features], () => ({
      answers: [
        { id: 'q1', selected: ['SQLite'] },
        { id: 'q2', selected: ['Auth'] },
      ],
    }))
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({
      sessionId: 's1',
      callId: 'toolu_01',
      asker: { name: 'Claude' },
      questions: [
        {
          id: 'q1',
          header: 'Database',
          question: 'Which database should we use?',
          options: db.options,
          required: true,
        },
        {
          id: 'q2',
          header: 'Features',
          multiSelect: true,
          options: features.options,
          required: true,
        },
      ],
    })
    expect(seen[0]?.questions[0]).not.toHaveProperty('multiSelect')
  })

  it('a single choice is its label', async () => {
    const { result } = await answered([db], () => ({
      answers: [{ id: 'q1', selected: ['SQLite'] }],
    }))
    expect(result).toEqual({
      behavior: 'allow',
      updatedInput: { questions: [db], answers: { 'Which database should we use?': 'SQLite' } },
    })
  })

  it('a multi-select is its labels joined with ", "', async () => {
    const { result } = await answered([features], () => ({
      answers: [{ id: 'q1', selected: ['Auth', 'Search'] }],
    }))
    expect(result).toEqual({
      behavior: 'allow',
      updatedInput: {
        questions: [features],
        answers: { 'Which features do you want?': 'Auth, Search' },
      },
    })
  })

  it('"Other" is the typed text', async () => {
    const { result } = await answered([db], () => ({
      answers: [{ id: 'q1', selected: [], custom: 'DuckDB' }],
    }))
    expect(result).toEqual({
      behavior: 'allow',
      updatedInput: { questions: [db], answers: { 'Which database should we use?': 'DuckDB' } },
    })
  })

  it('typed text beside chosen labels is the notes', async () => {
    const { result } = await answered([features], () => ({
      answers: [{ id: 'q1', selected: ['Auth', 'Billing'], custom: 'Billing can wait a sprint' }],
    }))
    expect(result).toEqual({
      behavior: 'allow',
      updatedInput: {
        questions: [features],
        answers: { 'Which features do you want?': 'Auth, Billing' },
        annotations: { 'Which features do you want?': { notes: 'Billing can wait a sprint' } },
      },
    })
  })

  it('the chosen option’s preview goes back as its annotation', async () => {
    const { result } = await answered([db, features], () => ({
      answers: [
        { id: 'q1', selected: ['Postgres'] },
        { id: 'q2', selected: ['Search'] },
      ],
    }))
    expect(result).toEqual({
      behavior: 'allow',
      updatedInput: {
        questions: [db, features],
        answers: {
          'Which database should we use?': 'Postgres',
          'Which features do you want?': 'Search',
        },
        annotations: {
          'Which database should we use?': { preview: '```sql\ncreate table t ();\n```' },
        },
      },
    })
  })

  it('a cancel is a deny telling Claude the person declined and not to assume an answer', async () => {
    const { result } = await answered([db], () => 'cancel')
    expect(result).toEqual({
      behavior: 'deny',
      message:
        'The person declined to answer these questions. Do not assume an answer: continue without one only if that is safe, or ask them in the conversation.',
    })
  })

  it('the SDK’s abort signal withdraws the card and denies', async () => {
    const { service, seen } = serviceWith(() => 'wait')
    const { context, controller } = callContext()
    const pending = createCanUseTool(service)('AskUserQuestion', { questions: [db] }, context)
    expect(seen[0]?.signal?.aborted).toBe(false)
    controller.abort()
    expect(seen[0]?.signal?.aborted).toBe(true)
    expect(await pending).toEqual({
      behavior: 'deny',
      message: 'The request was withdrawn before the person answered. Do not assume an answer.',
    })
  })

  it('names a subagent under Claude and keeps the SDK’s ids and metadata as provenance', async () => {
    const { service, seen } = serviceWith(() => ({ answers: [{ id: 'q1', selected: ['SQLite'] }] }))
    const { context } = callContext({ agentID: 'agent_7' })
    await createCanUseTool(service, { subagentName: (id) => `Researcher ${id}` })(
      'AskUserQuestion',
      { questions: [db], metadata: { source: 'remember' } },
      context,
    )
    expect(seen[0]?.asker).toEqual({ name: 'Researcher agent_7', parents: ['Claude'] })
    expect(seen[0]?.agent).toEqual({
      sdk: 'claude-agent-sdk',
      toolName: 'AskUserQuestion',
      toolUseID: 'toolu_01',
      agentID: 'agent_7',
      source: 'remember',
    })
  })

  it('input it cannot read is a deny that says why, and no card', async () => {
    const { result, seen } = await answered([{ question: 'Which?' }], () => 'wait')
    expect(seen).toEqual([])
    expect(result).toMatchObject({
      behavior: 'deny',
      message: expect.stringMatching(/could not be read/),
    })
  })
})
