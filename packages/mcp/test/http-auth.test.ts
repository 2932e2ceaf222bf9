import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, describe, expect, it } from 'vitest'
import { createAskUserQuestionMcpServer } from '../src/index.ts'
import {
  createStreamableHttpHandler,
  type StreamableHttpHandlerOptions,
} from '../src/node/index.ts'
import { fakeUser } from './fake-user.ts'

// A Streamable HTTP endpoint anyone can reach must not let one caller take
// every session: 100 unauthenticated initializes used to fill the pool for
// the 30 minutes a session may idle. `authenticate` names the caller, and
// each caller gets its own share of the pool.

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const TOKENS: Record<string, string> = { 'token-alice': 'alice', 'token-mallory': 'mallory' }

async function serve(options: StreamableHttpHandlerOptions<string> = {}) {
  const user = fakeUser()
  const mcp = createStreamableHttpHandler(
    () => createAskUserQuestionMcpServer(user.service, { sessionId: (call) => call.mcpSessionId }),
    {
      authenticate: (req) =>
        TOKENS[req.headers.authorization?.replace(/^Bearer /, '') ?? ''] ?? null,
      ...options,
    },
  )
  const http: HttpServer = createServer((req, res) => void mcp.handle(req, res))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  cleanups.push(
    () => new Promise((resolve) => http.close(() => resolve())),
    () => mcp.close(),
  )
  return { mcp, url: new URL(`http://127.0.0.1:${port}/mcp`) }
}

/** A real MCP SDK client, connected with this bearer token (or none). */
async function connect(url: URL, token?: string) {
  const agent = new Client({ name: 'some-agent', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
  })
  await agent.connect(transport)
  cleanups.push(() => agent.close())
  return { agent, transport }
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'flood', version: '1' },
  },
})

const initialize = (url: URL, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: INITIALIZE,
  }).then(async (reply) => {
    await reply.body?.cancel()
    return reply.status
  })

describe('who may use the Streamable HTTP handler', () => {
  it('refuses a client authenticate does not know with 401, and opens no session for it', async () => {
    const { mcp, url } = await serve()
    await expect(connect(url)).rejects.toThrow(/401|Not authenticated/)
    await expect(connect(url, 'forged')).rejects.toThrow(/401|Not authenticated/)
    expect(await initialize(url)).toBe(401)
    expect(mcp.sessions).toBe(0)
    const { agent } = await connect(url, 'token-alice')
    expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual(['ask_user_question'])
    expect(mcp.sessions).toBe(1)
  })

  it('counts a throwing authenticate as nobody', async () => {
    const { url } = await serve({
      authenticate: () => {
        throw new Error('token store down')
      },
    })
    expect(await initialize(url, { authorization: 'Bearer token-alice' })).toBe(401)
  })

  it('keeps one client to its share of the pool: a flood of initializes leaves room for others', async () => {
    const { mcp, url } = await serve({ maxSessions: 100, maxSessionsPerPrincipal: 5 })
    const flood = await Promise.all(
      Array.from({ length: 100 }, () => initialize(url, { authorization: 'Bearer token-mallory' })),
    )
    expect(flood.filter((status) => status === 200)).toHaveLength(5)
    expect(flood.filter((status) => status === 429)).toHaveLength(95)
    expect(mcp.sessions).toBe(5)
    const { agent } = await connect(url, 'token-alice')
    expect((await agent.listTools()).tools).toHaveLength(1)
  })

  it('gives a session only to the principal that opened it', async () => {
    const { url } = await serve()
    const { transport } = await connect(url, 'token-alice')
    const sessionId = transport.sessionId ?? ''
    const stolen = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: 'Bearer token-mallory',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    })
    expect(stolen.status).toBe(404)
  })

  it('without authenticate counts each remote address as one client', async () => {
    const { mcp, url } = await serve({ authenticate: undefined, maxSessionsPerPrincipal: 3 })
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push(await initialize(url))
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    expect(mcp.sessions).toBe(3)
  })
})
