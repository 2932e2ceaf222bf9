import {
  type AskUserQuestionRequest,
  createUserQuestionService,
  UserQuestionError,
} from '@parley/seam'
import { generateText, stepCountIs } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { afterEach, describe, expect, it } from 'vitest'
import { post } from '../../host/test/helpers.ts'
import { askUserQuestionAiTool } from '../src/ai-sdk.ts'
import { ASK_USER_QUESTION_DESCRIPTION } from '../src/index.ts'
import { firstOption, modelInput, serviceAnswering } from './helpers.ts'
import { type HostWithClock, hostWithClock } from './host.ts'

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

/** A mock model that calls ask_user_question with `input` in step 1 and says "done" in step 2. */
function modelCalling(input: unknown) {
  return new MockLanguageModelV3({
    doGenerate: [
      {
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call-42',
            toolName: 'ask_user_question',
            input: JSON.stringify(input),
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      },
    ],
  })
}

/** The tool result the model received in its second step. */
function toolResultSeenInStep2(model: MockLanguageModelV3) {
  const prompt = model.doGenerateCalls[1]?.prompt ?? []
  const message = prompt.find((entry) => entry.role === 'tool')
  const part = message?.role === 'tool' ? message.content[0] : undefined
  return part?.type === 'tool-result' ? part : undefined
}

async function run(
  service: ReturnType<typeof createUserQuestionService>,
  input: unknown,
  options = {},
) {
  const model = modelCalling(input)
  const result = await generateText({
    model,
    prompt: 'Set up the project.',
    tools: { ask_user_question: askUserQuestionAiTool(service, options) },
    stopWhen: stepCountIs(2),
  })
  return { model, result }
}

describe('askUserQuestionAiTool with the AI SDK', () => {
  it('passes the asker and names a subagent in the text the model reads', async () => {
    const { service, seen } = serviceAnswering(firstOption)
    const asker = { name: 'Test writer', parents: ['Planner'] }
    const { model } = await run(service, modelInput, { asker })
    expect(seen[0]?.asker).toEqual(asker)
    const output = toolResultSeenInStep2(model)?.output
    const value = output?.type === 'text' ? output.value : ''
    expect(value.split('\n').slice(0, 2)).toEqual([
      'Asked by Planner › Test writer (a subagent).',
      'The user answered 3 of 3 question(s).',
    ])
  })

  it('offers the model the tool with its description and JSON Schema', async () => {
    const { service } = serviceAnswering(firstOption)
    const { model } = await run(service, modelInput)
    const [offered] = model.doGenerateCalls[0]?.tools ?? []
    expect(offered).toMatchObject({
      type: 'function',
      name: 'ask_user_question',
      description: ASK_USER_QUESTION_DESCRIPTION,
      inputSchema: { type: 'object', required: ['questions'] },
    })
  })

  it('asks the provider and hands the answer to the model in its next step', async () => {
    const { service, seen } = serviceAnswering(firstOption)
    const { model, result } = await run(service, modelInput, { sessionId: 'session-7' })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ callId: 'call-42', sessionId: 'session-7' })
    expect(seen[0]?.questions[1]?.multiSelect).toBe(true)
    expect(toolResultSeenInStep2(model)).toMatchObject({
      toolCallId: 'call-42',
      toolName: 'ask_user_question',
      output: {
        type: 'text',
        value: [
          'The user answered 3 of 3 question(s).',
          '- db ("Which database?"): selected "Postgres (Recommended)"',
          '- features ("Which features?"): selected "Auth"',
          '- name ("Project name?"): wrote "typed"',
        ].join('\n'),
      },
    })
    expect(result.text).toBe('done')
    expect(result.steps[0]?.toolResults[0]?.output).toEqual({
      ok: true,
      answer: {
        answers: [
          { id: 'db', selected: ['Postgres (Recommended)'] },
          { id: 'features', selected: ['Auth'] },
          { id: 'name', selected: [], custom: 'typed' },
        ],
      },
    })
  })

  it('passes the abort signal of the generation to the provider', async () => {
    const { service, seen } = serviceAnswering(firstOption)
    const controller = new AbortController()
    await generateText({
      model: modelCalling(modelInput),
      prompt: 'Go.',
      tools: { ask_user_question: askUserQuestionAiTool(service) },
      stopWhen: stepCountIs(2),
      abortSignal: controller.signal,
    })
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal)
    expect(seen[0]?.signal?.aborted).toBe(false)
  })

  it('tells the model a cancel is not consent', async () => {
    const { service } = serviceAnswering(() =>
      Promise.reject(new UserQuestionError('Dismissed.', 'ASK_CANCELLED')),
    )
    const { model, result } = await run(service, modelInput)
    expect(toolResultSeenInStep2(model)?.output).toMatchObject({
      type: 'text',
      value: expect.stringContaining('A cancel is not consent'),
    })
    expect(result.steps[0]?.toolResults[0]?.output).toEqual({
      ok: false,
      error: { name: 'UserQuestionError', code: 'ASK_CANCELLED', message: 'Dismissed.' },
    })
  })

  it('lets the model correct invalid input from an INVALID_INPUT result naming the path', async () => {
    const { service, seen } = serviceAnswering(firstOption)
    const { model } = await run(service, {
      questions: [{ id: 'a', question: 'A?', options: [{ label: 1 }] }],
    })
    expect(seen).toHaveLength(0)
    expect(toolResultSeenInStep2(model)?.output).toMatchObject({
      value: expect.stringContaining('questions.0.options.0.label: expected string'),
    })
  })

  it('rethrows errors as SDK tool errors when asked to', async () => {
    const service = createUserQuestionService()
    const { model, result } = await run(service, modelInput, { errors: 'throw' })
    const errors = result.steps[0]?.content.filter((part) => part.type === 'tool-error') ?? []
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ error: { name: 'UserQuestionError', code: 'NO_PROVIDER' } })
    expect(toolResultSeenInStep2(model)?.output).toMatchObject({ type: 'error-text' })
  })

  it('passes the configured agent to the caller policy', async () => {
    const agents: unknown[] = []
    const service = createUserQuestionService({
      callerPolicy: (agent) => {
        agents.push(agent)
        return 'delegated'
      },
    })
    service.registerProvider({
      ask: async (request: AskUserQuestionRequest) => firstOption(request),
    })
    const { model } = await run(service, modelInput, { agent: 'sub-agent' })
    expect(agents).toEqual(['sub-agent'])
    expect(toolResultSeenInStep2(model)?.output).toMatchObject({
      value: expect.stringContaining('(DELEGATED_CALLER)'),
    })
  })
})

describe('askUserQuestionAiTool with a deadline, on a real host', () => {
  let host: HostWithClock
  afterEach(() => host.running.close())

  it('tells the model the user did not answer in time when timeoutMs passes', async () => {
    host = await hostWithClock()
    const running = run(host.running.service, modelInput, { sessionId: 's1', timeoutMs: 60_000 })
    const { request } = await host.registered
    expect(request).toMatchObject({ callId: 'call-42', timeoutMs: 60_000 })
    host.clock.fire(60_000)
    const { model, result } = await running
    expect(toolResultSeenInStep2(model)?.output).toEqual({
      type: 'text',
      value:
        'The user did not answer in time (ASK_TIMED_OUT): no human decision was made, and nothing they may have started to enter was sent. Do not assume any answer, do not pick an option or a default for them, and do not proceed as if approved.',
    })
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({
      ok: false,
      error: { name: 'UserQuestionError', code: 'ASK_TIMED_OUT' },
    })
  })

  it('tells the model the question was aborted when the tool call aborts first', async () => {
    host = await hostWithClock()
    const controller = new AbortController()
    const aiTool = askUserQuestionAiTool(host.running.service, {
      sessionId: 's1',
      timeoutMs: 60_000,
    })
    // `context` is required by ai 7's execute options; ai 6 has none and ignores it.
    const call = {
      toolCallId: 'call-42',
      messages: [],
      abortSignal: controller.signal,
      context: {},
    }
    const executed = aiTool.execute?.(modelInput, call)
    await host.registered
    controller.abort()
    const output = await executed
    if (output === undefined || Symbol.asyncIterator in output)
      throw new Error('expected a single output')
    expect(output).toMatchObject({ ok: false, error: { code: 'ASK_ABORTED' } })
    expect(
      await aiTool.toModelOutput?.({ toolCallId: 'call-42', input: modelInput, output }),
    ).toEqual({
      type: 'text',
      value:
        'The question was aborted before the user answered (ASK_ABORTED). Do not assume any answer.',
    })
    expect(host.clock.pending.size).toBe(0)
  })

  it('tells the agent, with the tool call id, when the person asks the host for more time', async () => {
    host = await hostWithClock()
    const changes: unknown[] = []
    const aiTool = askUserQuestionAiTool(host.running.service, {
      sessionId: 's1',
      timeoutMs: 60_000,
      onDeadline: (change, toolCallId) => changes.push([change.reason, toolCallId]),
    })
    const call = {
      toolCallId: 'call-42',
      messages: [],
      abortSignal: new AbortController().signal,
      context: {},
    }
    const executed = aiTool.execute?.(modelInput, call)
    const { rpcId } = await host.registered
    const receipt = await post(
      host.running.base,
      { rpcId, sessionId: 's1', reason: 'user' },
      { path: '/api/extend' },
    )
    expect(receipt.json).toMatchObject({ extended: true })
    expect(changes).toEqual([['user', 'call-42']])
    host.running.host.abortSession('s1')
    await executed
  })

  it('throws a TypeError at creation for a timeoutMs that is not a positive safe integer', () => {
    const { service } = serviceAnswering(firstOption)
    expect(() => askUserQuestionAiTool(service, { timeoutMs: 0 })).toThrowError(TypeError)
  })
})
