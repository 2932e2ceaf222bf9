import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js'
import { askUserQuestionInputJsonSchema, formatToolResult } from '@parley/tool'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type AskUserQuestionMcpServerOptions,
  createAskUserQuestionMcpServer,
  humanPacedRequestOptions,
} from '../src/index.ts'
import { answers, dismiss, type FakeUser, fakeUser, slowly, untilTimeout } from './fake-user.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

async function connect(user: FakeUser, options: AskUserQuestionMcpServerOptions = {}) {
  const server = createAskUserQuestionMcpServer(user.service, options)
  const agent = new Client({ name: 'some-agent', version: '1.0.0' })
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(serverSide), agent.connect(clientSide)])
  closers.push(
    () => agent.close(),
    () => server.close(),
  )
  return { server, agent }
}

const questions = [
  {
    id: 'db',
    question: 'Which database?',
    options: [{ label: 'Postgres (Recommended)' }, { label: 'SQLite' }],
  },
  { id: 'name', question: 'Project name?' },
]

describe('ask_user_question as an MCP tool', () => {
  it('lists one tool with the description and input JSON Schema of @parley/tool', async () => {
    const { agent } = await connect(fakeUser())
    const { tools } = await agent.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['ask_user_question'])
    expect(tools[0]?.inputSchema).toEqual({ ...askUserQuestionInputJsonSchema, type: 'object' })
    expect(tools[0]?.description).toMatch(/cancel is not consent/)
    expect(agent.getServerVersion()).toMatchObject({ name: 'parley' })
  })

  it('resolves a call with formatToolResult text and the answer as structured content', async () => {
    const user = fakeUser().will(answers({ db: ['Postgres (Recommended)'], name: 'Parley' }))
    const { agent } = await connect(user)
    const result = await agent.callTool({ name: 'ask_user_question', arguments: { questions } })
    const answer = {
      answers: [
        { id: 'db', selected: ['Postgres (Recommended)'] },
        { id: 'name', selected: [], custom: 'Parley' },
      ],
    }
    expect(result).toEqual({
      content: [{ type: 'text', text: formatToolResult(answer, questions) }],
      structuredContent: answer,
    })
    expect(formatToolResult(answer, questions)).toContain(
      '- name ("Project name?"): wrote "Parley"',
    )
    expect(user.asked[0]?.questions.map((question) => question.id)).toEqual(['db', 'name'])
  })

  it('tells the agent a cancel is not consent, as an error result', async () => {
    const { agent } = await connect(fakeUser().will(dismiss))
    const result = await agent.callTool({ name: 'ask_user_question', arguments: { questions } })
    expect(result.isError).toBe(true)
    expect(result.content).toEqual([
      {
        type: 'text',
        text: formatToolResult({ name: 'UserQuestionError', code: 'ASK_CANCELLED' }),
      },
    ])
  })

  it('answers bad input with INVALID_INPUT naming the path, without asking anyone', async () => {
    const user = fakeUser()
    const { agent } = await connect(user)
    const result = await agent.callTool({
      name: 'ask_user_question',
      arguments: { questions: [{ id: 'a', question: 'A?', multiSelect: true }] },
    })
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).toMatch(/INVALID_INPUT.*questions\.0\.multiSelect/)
    expect(user.asked).toHaveLength(0)
  })

  it('times out with ASK_TIMED_OUT at its deadline', async () => {
    const { agent } = await connect(fakeUser().will(untilTimeout), { timeoutMs: 30 })
    const result = await agent.callTool({ name: 'ask_user_question', arguments: { questions } })
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).toContain('did not answer in time (ASK_TIMED_OUT)')
  })

  it('refuses an unknown tool with a JSON-RPC error', async () => {
    const { agent } = await connect(fakeUser())
    await expect(agent.callTool({ name: 'other', arguments: {} })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    })
  })

  it('routes every ask to the session and agent the options read from the call', async () => {
    const user = fakeUser().will(answers({})).will(answers({}))
    const { agent } = await connect(user, {
      sessionId: (call) => `chat-${call.mcpSessionId ?? 'stdio'}`,
      agent: (call) => ({ requestId: call.requestId }),
    })
    await agent.callTool({ name: 'ask_user_question', arguments: { questions } })
    await agent.callTool({ name: 'ask_user_question', arguments: { questions } })
    expect(user.asked.map((request) => request.sessionId)).toEqual(['chat-stdio', 'chat-stdio'])
    const [first, second] = user.asked
    expect(first?.callId).toMatch(/^mcp-[0-9a-f]{8}-local-\d+$/)
    expect(first?.callId).not.toBe(second?.callId)
    expect(first?.agent).toEqual({ requestId: expect.any(Number) })
  })

  it('keeps a slow answer alive with progress, so the agent is never cut off mid-answer', async () => {
    const user = fakeUser().will(slowly(900, answers({ name: 'Late but fine' })))
    const { agent } = await connect(user, { progressIntervalMs: 50 })
    const result = await agent.callTool(
      { name: 'ask_user_question', arguments: { questions } },
      undefined,
      humanPacedRequestOptions({ idleTimeoutMs: 300 }),
    )
    expect(JSON.stringify(result.content)).toContain('wrote \\"Late but fine\\"')
  })

  it('withdraws the card when the agent cancels its call', async () => {
    let withdrawn = false
    const user = fakeUser().will(slowly(5_000, answers({}), () => (withdrawn = true)))
    const { agent } = await connect(user)
    const stop = new AbortController()
    const call = agent.callTool(
      { name: 'ask_user_question', arguments: { questions } },
      undefined,
      {
        signal: stop.signal,
      },
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    stop.abort('the agent moved on')
    await expect(call).rejects.toThrow(/moved on/)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(withdrawn).toBe(true)
  })
})
