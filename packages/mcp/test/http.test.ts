import { createServer, type Server as HttpServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, describe, expect, it } from 'vitest'
import { createAskUserQuestionMcpServer, humanPacedRequestOptions } from '../src/index.ts'
import {
  createStreamableHttpHandler,
  type StreamableHttpHandlerOptions,
} from '../src/node/index.ts'
import { answers, fakeUser, slowly } from './fake-user.ts'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serve(options: StreamableHttpHandlerOptions = {}) {
  const user = fakeUser()
  const mcp = createStreamableHttpHandler(
    () =>
      createAskUserQuestionMcpServer(user.service, {
        sessionId: (call) => call.mcpSessionId,
        progressIntervalMs: 50,
      }),
    options,
  )
  const http: HttpServer = createServer((req, res) => {
    if (req.url?.startsWith('/mcp')) return void mcp.handle(req, res)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  cleanups.push(
    () => new Promise((resolve) => http.close(() => resolve())),
    () => mcp.close(),
  )
  return { user, mcp, url: new URL(`http://127.0.0.1:${port}/mcp`) }
}

async function agentAt(url: URL) {
  const agent = new Client({ name: 'some-agent', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(url)
  await agent.connect(transport)
  cleanups.push(() => agent.close())
  return { agent, transport }
}

const questions = [
  { id: 'go', question: 'Deploy now?', options: [{ label: 'Yes' }, { label: 'No' }] },
]

const post = (url: URL, headers: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  })

describe('ask_user_question over Streamable HTTP', () => {
  it('answers a call in a session of its own, with progress keeping a slow answer alive', async () => {
    const { user, mcp, url } = await serve()
    // An answer 2.5× the idle timeout: only the progress every 50 ms keeps the call alive. The
    // timeout is a second so a stall of the loaded event loop (400 ms failed on 2 busy cores)
    // is not taken for silence.
    user.will(slowly(2_500, answers({ go: ['Yes'] })))
    const { agent, transport } = await agentAt(url)
    expect(mcp.sessions).toBe(1)
    const result = await agent.callTool(
      { name: 'ask_user_question', arguments: { questions } },
      undefined,
      humanPacedRequestOptions({ idleTimeoutMs: 1_000 }),
    )
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'The user answered 1 of 1 question(s).\n- go ("Deploy now?"): selected "Yes"',
      },
    ])
    expect(user.asked[0]?.sessionId).toBe(transport.sessionId)
  })

  it('closes the session on DELETE', async () => {
    const { mcp, url } = await serve()
    const { transport } = await agentAt(url)
    expect(mcp.sessions).toBe(1)
    await transport.terminateSession()
    expect(mcp.sessions).toBe(0)
  })

  it('refuses a Host it does not serve (DNS rebinding) and a browser Origin it was not given', async () => {
    const { url } = await serve()
    const byHost = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { host: 'evil.example' } }, (res) => {
        res.resume()
        resolve(res.statusCode)
      })
      req.on('error', reject)
      req.end('{}')
    })
    expect(byHost).toBe(403)
    const byOrigin = await post(url, { origin: 'https://evil.example' })
    expect(byOrigin.status).toBe(403)
    expect(await byOrigin.json()).toMatchObject({
      error: { message: 'Origin https://evil.example is not allowed.' },
    })
  })

  it('lets an allowed Origin in', async () => {
    const { url } = await serve({ allowedOrigins: ['https://app.example'] })
    const response = await post(url, { origin: 'https://app.example' })
    // Past the checks, the transport answers: a request outside a session is refused.
    expect(response.status).toBe(400)
  })

  it('answers 404 for an unknown session and 503 beyond maxSessions', async () => {
    const { url } = await serve({ maxSessions: 1 })
    expect((await post(url, { 'mcp-session-id': 'nope' })).status).toBe(404)
    await agentAt(url)
    const second = new Client({ name: 'another-agent', version: '1.0.0' })
    await expect(second.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow(
      /503|Too many/,
    )
  })

  it('leaves no session behind for a request that is not an initialize', async () => {
    const { mcp, url } = await serve()
    expect((await post(url, {})).status).toBe(400)
    expect(mcp.sessions).toBe(0)
  })

  it('closes an idle session but never one with a question pending', async () => {
    const { user, mcp, url } = await serve({ idleSessionMs: 250 })
    user.will(slowly(1_200, answers({ go: ['No'] })))
    const rpc = (body: object, session?: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          ...(session && { 'mcp-session-id': session }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', ...body }),
      })
    const init = await rpc({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    })
    const session = init.headers.get('mcp-session-id') ?? undefined
    await init.text()
    await (await rpc({ method: 'notifications/initialized' }, session)).text()
    const call = rpc(
      {
        id: 2,
        method: 'tools/call',
        params: { name: 'ask_user_question', arguments: { questions } },
      },
      session,
    )
    // Well past the idle time, with the call still waiting for the user.
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(mcp.sessions).toBe(1)
    expect(await (await call).text()).toContain('selected \\"No\\"')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(mcp.sessions).toBe(0)
  }, 10_000)
})
