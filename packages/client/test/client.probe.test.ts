import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createQuestionHost } from '../../host/src/node/index.ts'
import { WebSocket } from '../../host/test/helpers.ts'
import {
  createQuestionClient,
  type QuestionClient,
  type QuestionClientError,
  type QuestionClientOptions,
  type WebSocketConstructor,
} from '../src/index.ts'
import { eventSourceAs } from './event-source.ts'
import { ACCESS_FOR_TESTS, manualClock, startHost, type TestHost, until } from './loopback.ts'

// A browser hides why a WebSocket or an EventSource failed. After a downlink
// fails before it opened, the client probes `POST /api/mux` and puts the
// reason in its state (and `onError`), instead of "connecting" forever.

let running: TestHost | undefined
let client: QuestionClient | undefined
const servers: Server[] = []
afterEach(async () => {
  client?.dispose()
  client = undefined
  await running?.close()
  running = undefined
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

/** A Node WebSocket that sends these headers (the browser sends Origin and cookies itself). */
function webSocketWith(headers: () => Record<string, string>): WebSocketConstructor {
  return class extends WebSocket {
    constructor(url: string) {
      super(url, { headers: headers() })
    }
  }
}

function probingClient(
  base: string,
  headers: () => Record<string, string>,
  extra: Partial<QuestionClientOptions> = {},
) {
  const errors: QuestionClientError[] = []
  const clock = manualClock()
  const created = createQuestionClient({
    baseUrl: `http://${base}`,
    WebSocket: webSocketWith(headers),
    headers,
    timers: clock.timers,
    random: () => 1,
    onError: (error) => errors.push(error),
    ...extra,
  })
  client = created
  const problem = () =>
    until(created.subscribe, () => created.getConnectionProblem() ?? undefined, 'a problem')
  return { client: created, errors, clock, problem }
}

describe('the reason a connection is refused', () => {
  it('forbidden-origin: a page whose origin the host refuses (a dev proxy that rewrites Host)', async () => {
    running = await startHost()
    const headers = () => ({ 'x-user': 'alice', origin: 'http://localhost:5173' })
    const { client, errors, problem, clock } = probingClient(running.base, headers)
    expect(await problem()).toMatchObject({
      reason: 'forbidden-origin',
      status: 403,
      code: 'ORIGIN_NOT_ALLOWED',
    })
    expect(client.getConnectionStatus()).toBe('connecting')
    // It keeps trying under the backoff, and says it once, not on every attempt.
    await clock.scheduledSoon()
    clock.fire()
    await clock.scheduledSoon()
    expect(errors.map((error) => [error.code, error.reason, error.status])).toEqual([
      ['CONNECTION_FAILED', 'forbidden-origin', 403],
    ])
  })

  it('unauthorized, then connected once the user signs in again (the problem clears)', async () => {
    running = await startHost()
    let user: string | null = null
    const headers = (): Record<string, string> => (user ? { 'x-user': user } : {})
    const { client, problem, clock } = probingClient(running.base, headers)
    expect(await problem()).toMatchObject({ reason: 'unauthorized', status: 401 })
    user = 'alice'
    await clock.scheduledSoon()
    clock.fire()
    await until(client.subscribe, () => client.getConnectionStatus() === 'open', 'open')
    expect(client.getConnectionProblem()).toBeNull()
  })

  it('forbidden: a session this user may not see', async () => {
    running = await startHost()
    const { problem } = probingClient(running.base, () => ({ 'x-user': 'bob' }), {
      sessions: ['s1'],
    })
    expect(await problem()).toMatchObject({ reason: 'forbidden', code: 'SESSION_NOT_ACCESSIBLE' })
  })

  it('busy: no stream slot left for this user', async () => {
    running = await startHost({ maxStreamsPerPrincipal: 0 })
    const { problem } = probingClient(running.base, () => ({ 'x-user': 'alice' }))
    expect(await problem()).toMatchObject({ reason: 'busy', status: 429, code: 'TOO_MANY_STREAMS' })
  })

  it('not-found: a mux path nothing answers', async () => {
    running = await startHost()
    const { problem } = probingClient(running.base, () => ({ 'x-user': 'alice' }), {
      muxPath: '/api/nope',
    })
    expect(await problem()).toMatchObject({ reason: 'not-found', status: 404 })
  })

  it('unreachable: nothing listens', async () => {
    const server = createServer()
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    server.close()
    await once(server, 'close')
    const { problem } = probingClient(`127.0.0.1:${port}`, () => ({}))
    expect(await problem()).toMatchObject({ reason: 'unreachable' })
  })

  it('protocol: something that is not a Parley host answers the probe', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<!doctype html><title>app</title>')
    })
    servers.push(server)
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    const { problem } = probingClient(`127.0.0.1:${port}`, () => ({}))
    expect(await problem()).toMatchObject({ reason: 'protocol', status: 200 })
  })

  it('dispose() during a probe leaves no timer and no later state change', async () => {
    running = await startHost()
    const { client, clock } = probingClient(running.base, () => ({}))
    client.start()
    const states: string[] = []
    client.subscribe((state) => states.push(state.connection))
    client.dispose()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(clock.scheduled).toBe(0)
    expect(client.getConnectionProblem()).toBeNull()
    expect(states).toEqual(['closed'])
  })
})

describe("transport 'auto'", () => {
  /** A Node host that serves SSE but answers no upgrade (a route handler's situation). */
  async function sseOnlyHost() {
    const host = createQuestionHost<string>({
      authenticate: (request) => request.headers.get('x-user'),
      canAccess: (user, sessionId) => ACCESS_FOR_TESTS[user]?.includes(sessionId) ?? false,
    })
    const server = createServer((request, response) => host.handleRequest(request, response))
    servers.push(server)
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    return { host, base: `127.0.0.1:${port}` }
  }

  it('falls back to SSE when the upgrade fails but the host admits the page, and remembers it', async () => {
    const { host, base } = await sseOnlyHost()
    const sockets: string[] = []
    const headers = () => ({ 'x-user': 'alice' })
    class CountingWebSocket extends webSocketWith(headers) {
      constructor(url: string) {
        super(url)
        sockets.push(url)
      }
    }
    const options = {
      baseUrl: `http://${base}`,
      transport: 'auto' as const,
      WebSocket: CountingWebSocket,
      EventSource: eventSourceAs('alice'),
      headers,
    }
    const first = createQuestionClient(options)
    client = first
    await until(first.subscribe, () => first.getConnectionStatus() === 'open', 'open over SSE')
    expect(sockets).toHaveLength(1)
    expect(first.getConnectionProblem()).toBeNull()
    // Another client of the same page goes straight to SSE.
    const second = createQuestionClient(options)
    await until(second.subscribe, () => second.getConnectionStatus() === 'open', 'second open')
    expect(sockets).toHaveLength(1)
    second.dispose()
    host.dispose()
  })

  it("with transport 'websocket' it does not fall back, and says the host serves SSE only", async () => {
    const { host, base } = await sseOnlyHost()
    const { problem } = probingClient(base, () => ({ 'x-user': 'alice' }), {
      transport: 'websocket',
      EventSource: eventSourceAs('alice'),
    })
    expect(await problem()).toMatchObject({ reason: 'protocol' })
    expect(client?.getConnectionProblem()?.message).toMatch(/SSE only/)
    host.dispose()
  })
})
