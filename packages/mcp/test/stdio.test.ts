import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterEach, describe, expect, it } from 'vitest'
import { humanPacedRequestOptions, registerElicitationHandler } from '../src/index.ts'
import { answers, fakeUser } from './fake-user.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

/** Node 20 runs the TypeScript fixture through tsx, from the workspace root. */
const spawnFixture = (name: string) =>
  new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', fixture(name)],
    cwd: root,
    stderr: 'pipe',
  })

const clients: Client[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close()
})

describe('over stdio, with the server in a child process', () => {
  it('answers an elicitation through Parley with typed content', async () => {
    const user = fakeUser().will(answers({ guests: '3', terrace: ['No'], time: ['21:00'] }))
    const client = new Client({ name: 'parley-chat', version: '1.0.0' })
    registerElicitationHandler(client, user.service, { decline: false })
    clients.push(client)
    await client.connect(spawnFixture('elicit-server.ts'))
    const result = await client.callTool(
      { name: 'book_table', arguments: {} },
      undefined,
      humanPacedRequestOptions(),
    )
    expect(result.content).toEqual([
      {
        type: 'text',
        text: JSON.stringify({
          action: 'accept',
          content: { guests: 3, terrace: false, time: '21:00' },
        }),
      },
    ])
    expect(user.asked[0]?.questions[0]?.header).toBe('Bistro over stdio')
  }, 30_000)

  it('serves ask_user_question to an MCP client', async () => {
    const agent = new Client({ name: 'some-agent', version: '1.0.0' })
    clients.push(agent)
    await agent.connect(spawnFixture('ask-server.ts'))
    const { tools } = await agent.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['ask_user_question'])
    const answered = await agent.callTool({
      name: 'ask_user_question',
      arguments: {
        questions: [
          { id: 'db', question: 'Which database?', options: [{ label: 'Postgres (Recommended)' }] },
          { id: 'name', question: 'Project name?' },
        ],
      },
    })
    expect(answered.content).toEqual([
      {
        type: 'text',
        text: [
          'The user answered 2 of 2 question(s).',
          '- db ("Which database?"): selected "Postgres (Recommended)"',
          '- name ("Project name?"): wrote "typed over stdio"',
        ].join('\n'),
      },
    ])
    const dismissed = await agent.callTool({
      name: 'ask_user_question',
      arguments: { questions: [{ id: 'dismiss', question: 'Go on?' }] },
    })
    expect(dismissed.isError).toBe(true)
    expect(JSON.stringify(dismissed.content)).toContain('ASK_CANCELLED')
  }, 30_000)
})
