import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createUserQuestionService } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMemoryPendingStore,
  createQuestionHost,
  type PendingStore,
} from '../src/node/index.ts'
import {
  answerBody,
  openTab,
  post,
  QUESTIONS,
  readyTab,
  startHost,
  type TestHost,
} from './helpers.ts'
import { rawRequest, upgradeLines } from './raw.ts'

let running: TestHost | undefined
const errors: string[] = []
afterEach(async () => {
  await running?.close()
  running = undefined
  errors.length = 0
})

const start = async (overrides: Parameters<typeof startHost>[0] = {}) => {
  running = await startHost({ onError: (_error, where) => errors.push(where), ...overrides })
  return running
}

/** The host still serves: a tab reaches mux/ready. */
async function stillServes(base: string) {
  const tab = await readyTab(base)
  tab.close()
}

describe('a request target that does not parse', () => {
  it('is answered 400 on the HTTP routes, and the host keeps serving', async () => {
    const { base } = await start()
    for (const target of ['http://[/api/respond', 'http://[/', 'http://a:99999/api/mux']) {
      const outcome = await rawRequest(base, [`GET ${target} HTTP/1.1`, `Host: ${base}`])
      expect(outcome.status, target).toBe(400)
    }
    await stillServes(base)
  })

  it('is answered 400 on an upgrade and the socket is closed', async () => {
    const { base } = await start()
    const outcome = await rawRequest(base, upgradeLines('http://[/api/mux', base))
    expect(outcome.status).toBe(400)
    expect(outcome.closed).toBe(true)
    await stillServes(base)
  })
})

describe('an upgrade to a path that is not the mux', () => {
  it.each(['/', '/nope', '/api/respond', '/API/MUX', '/api/mux/'])(
    'answers %s with 404 and closes the socket',
    async (target) => {
      const { base, server } = await start()
      const outcome = await rawRequest(base, upgradeLines(target, base))
      expect(outcome.status).toBe(404)
      expect(outcome.closed).toBe(true)
      const open = await new Promise<number>((resolve) =>
        server.getConnections((_error, count) => resolve(count)),
      )
      expect(open).toBe(0)
    },
  )

  it('is left to the app\'s own listener with otherUpgrades: "pass"', async () => {
    const host = createQuestionHost<string>({
      authenticate: () => 'alice',
      canAccess: () => true,
    })
    const server = createServer()
    host.attach(server, { otherUpgrades: 'pass' })
    server.on('upgrade', (request, socket) => {
      if (request.url === '/mine')
        socket.end('HTTP/1.1 418 I am a teapot\r\nConnection: close\r\n\r\n')
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const base = `127.0.0.1:${(server.address() as AddressInfo).port}`
    const outcome = await rawRequest(base, upgradeLines('/mine', base))
    expect(outcome.status).toBe(418)
    host.dispose()
    server.close()
  })
})

describe('a hook or store that throws', () => {
  it('authenticate throwing refuses 401 and is reported', async () => {
    const { base } = await start({
      authenticate: () => {
        throw new Error('auth down')
      },
    })
    expect((await post(base, answerBody('x', 's1'))).status).toBe(401)
    const outcome = await rawRequest(base, upgradeLines('/api/mux', base))
    expect(outcome.status).toBe(401)
    expect(errors).toContain('authenticate')
  })

  it('canAccess throwing counts as "no" for a frame, a replay and a response', async () => {
    let broken = false
    const { base, host, ask } = await start({
      canAccess: (user, sessionId) => {
        if (broken) throw new Error('acl down')
        return user === 'alice' && sessionId === 's1'
      },
    })
    const tab = await readyTab(base)
    broken = true
    void ask('s1')
    const rpcId = host.pending()[0]?.rpcId ?? ''
    expect((await post(base, answerBody(rpcId, 's1'))).status).toBe(403)
    const late = await readyTab(base)
    expect(late.of('question/requested')).toHaveLength(0)
    expect(tab.of('question/requested')).toHaveLength(0)
    expect(errors).toContain('canAccess')
    tab.close()
    late.close()
  })

  it('onRegistered throwing still shows the question', async () => {
    const { base, ask } = await start({
      onRegistered: () => {
        throw new Error('observer down')
      },
    })
    const tab = await readyTab(base)
    void ask('s1')
    await tab.count('question/requested')
    expect(errors).toContain('onRegistered')
    tab.close()
  })

  it('onResolved sees each question that ended, once, and a throwing one is reported', async () => {
    const seen: unknown[] = []
    const { base, ask } = await start({
      onResolved: (info) => {
        seen.push(info)
        throw new Error('observer down')
      },
    })
    const tab = await readyTab(base)
    const asked = ask('s1')
    const [requested] = await tab.count('question/requested')
    const rpcId = String(requested?.rpcId)
    expect((await post(base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await asked
    const [resolved] = await tab.count('question/resolved')
    expect(resolved).toMatchObject({ rpcId, outcome: 'answered' })
    expect(seen).toEqual([{ rpcId, sessionId: 's1', outcome: 'answered' }])
    expect(errors).toContain('onResolved')
    tab.close()
  })

  it('a store whose lookup throws answers 500 and the host keeps serving', async () => {
    const memory = createMemoryPendingStore()
    const store: PendingStore = {
      ...memory,
      get: () => {
        throw new Error('store down')
      },
    }
    const { base, host, ask } = await start({ store })
    void ask('s1')
    const rpcId = host.pending()[0]?.rpcId ?? ''
    expect((await post(base, answerBody(rpcId, 's1'))).status).toBe(500)
    expect(errors).toContain('request')
    await stillServes(base)
  })

  it('an app handler that throws behind handleRequest gets 500, not a dead process', async () => {
    const reported: string[] = []
    const host = createQuestionHost<string>({
      authenticate: () => 'alice',
      canAccess: () => true,
      onError: (_error, where) => reported.push(where),
    })
    const server = createServer((req, res) =>
      host.handleRequest(req, res, () => {
        throw new Error('app bug')
      }),
    )
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    const response = await fetch(`http://127.0.0.1:${port}/elsewhere`)
    expect(response.status).toBe(500)
    expect(reported).toEqual(['request'])
    host.dispose()
    server.close()
  })

  it('a fetch request whose handler throws gets a 500 Response', async () => {
    const store: PendingStore = {
      ...createMemoryPendingStore(),
      get: () => {
        throw new Error('store down')
      },
    }
    const host = createQuestionHost<string>({
      authenticate: () => 'alice',
      canAccess: () => true,
      store,
      onError: () => {},
    })
    const service = createUserQuestionService()
    service.registerProvider(host.provider)
    service.ask({ questions: QUESTIONS, sessionId: 's1' }).catch(() => {})
    const rpcId = host.pending()[0]?.rpcId ?? ''
    const response = await host.fetch(
      new Request('http://localhost/api/respond', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(answerBody(rpcId, 's1')),
      }),
    )
    expect(response.status).toBe(500)
    host.dispose()
  })
})

describe('a refused upgrade', () => {
  it('never keeps the socket: refused tabs leave no open connection', async () => {
    const { base, server } = await start()
    const tabs = Array.from({ length: 20 }, () =>
      openTab(base, { user: 'alice', origin: 'http://evil.example' }),
    )
    await Promise.all(tabs.map((tab) => tab.closed))
    await expect
      .poll(
        () => new Promise((resolve) => server.getConnections((_error, count) => resolve(count))),
      )
      .toBe(0)
  })
})

describe('a refused mux connection', () => {
  it('is reported to onRefused with its status, reason and transport', async () => {
    const refusals: { status: number; reason: string; transport: string }[] = []
    const { base } = await start({
      onRefused: ({ status, reason, transport }) => refusals.push({ status, reason, transport }),
    })
    openTab(base, { user: 'alice', origin: 'http://evil.example' })
    await expect.poll(() => refusals.length).toBe(1)
    const sse = await fetch(`http://${base}/api/mux`, { headers: { accept: 'text/event-stream' } })
    expect(sse.status).toBe(401)
    expect(refusals).toEqual([
      { status: 403, reason: 'Origin not allowed.', transport: 'websocket' },
      { status: 401, reason: 'Not authenticated.', transport: 'sse' },
    ])
  })

  it('keeps refusing when onRefused throws, and reports that', async () => {
    const { base } = await start({
      onRefused: () => {
        throw new Error('log down')
      },
    })
    const sse = await fetch(`http://${base}/api/mux`, { headers: { accept: 'text/event-stream' } })
    expect(sse.status).toBe(401)
    expect(errors).toContain('onRefused')
  })
})
