import { Agent, Runner } from '@openai/agents'
import {
  ASK_USER_QUESTION_DESCRIPTION,
  ASK_USER_QUESTION_TOOL_NAME,
  askUserQuestionInputJsonSchema,
} from '@parley/tool'
import { describe, expect, it } from 'vitest'
import { askUserQuestionTool, runWithParley } from '../src/index.ts'
import { type Person, serviceWith } from './helpers.ts'
import { callTool, providerOf, say, scriptedModel, toolOutput } from './scripted-model.ts'

const question = {
  questions: [
    {
      id: 'db',
      question: 'Which database?',
      header: 'Database',
      options: [{ label: 'PostgreSQL' }, { label: 'SQLite' }],
    },
  ],
}

/** A run where the model asks `input`, then repeats what the tool said. */
async function ask(person: Person, input: unknown = question) {
  const { service, seen } = serviceWith(person)
  const model = scriptedModel([
    () => [callTool('ask_user_question', input, 'call_q')],
    (sent) => [say(String(toolOutput(sent, 'call_q')))],
  ])
  const agent = new Agent({
    name: 'Planner',
    tools: [askUserQuestionTool(service, { sessionId: 's1' })],
  })
  const runner = new Runner({ modelProvider: providerOf(model), tracingDisabled: true })
  const result = await runWithParley(agent, 'Set up the project', { service, runner })
  return { result, seen, model }
}

describe('ask_user_question as an Agents SDK tool', () => {
  it('has @parley/tool’s name and description, and its schema’s fields', () => {
    const { service } = serviceWith(() => 'wait')
    const built = askUserQuestionTool(service)
    expect(built.name).toBe(ASK_USER_QUESTION_TOOL_NAME)
    expect(built.description).toBe(ASK_USER_QUESTION_DESCRIPTION)
    expect(Object.keys(built.parameters.properties)).toEqual(
      Object.keys(askUserQuestionInputJsonSchema.properties ?? {}),
    )
  })

  it('asks the person with the model’s call id and the model reads the answer', async () => {
    const { result, seen } = await ask(() => ({
      answers: [{ id: 'db', selected: ['PostgreSQL'] }],
    }))
    expect(seen[0]).toMatchObject({
      sessionId: 's1',
      callId: 'call_q',
      questions: [{ id: 'db', question: 'Which database?', header: 'Database' }],
    })
    expect(result.finalOutput).toMatch(/PostgreSQL/)
  })

  it('a dismissed question reaches the model as a cancel, not an answer', async () => {
    const { result } = await ask(() => 'cancel')
    expect(result.finalOutput).toMatch(
      /^The user cancelled the question \(ASK_CANCELLED\)\. A cancel is not consent/,
    )
    expect(result.finalOutput).not.toMatch(/PostgreSQL/)
  })

  it('input the schema refuses reaches the model as an error it can correct, and nobody is asked', async () => {
    const { result, seen } = await ask(() => 'wait', { questions: [{ id: 'x' }] })
    expect(seen).toEqual([])
    expect(result.finalOutput).toMatch(/INVALID_INPUT/)
  })
})
