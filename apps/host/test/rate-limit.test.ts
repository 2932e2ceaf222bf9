import { Agent, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createRateLimiter } from '../src/rate-limit.ts'
import { createDemoServer } from '../src/server.ts'
import { user } from './harness.ts'

describe('the token bucket', () => {
  it('allows the burst, then refuses with the wait until a token is back', () => {
    let now = 0
    const limiter = createRateLimiter({ burst: 3, perSecond: 2, now: () => now })
    expect([1, 2, 3].map(() => limiter.take('a').ok)).toEqual([true, true, true])
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 })
    now += 500
    expect(limiter.take('a').ok).toBe(true)
    expect(limiter.take('a').ok).toBe(false)
  })

  it('keeps one bucket per key', () => {
    const limiter = createRateLimiter({ burst: 1, perSecond: 1, now: () => 0 })
    expect(limiter.take('a').ok).toBe(true)
    expect(limiter.take('a').ok).toBe(false)
    expect(limiter.take('b').ok).toBe(true)
  })

  it('never refills above the burst', () => {
    let now = 0
    const limiter = createRateLimiter({ burst: 2, perSecond: 10, now: () => now })
    now += 60_000
    expect([1, 2, 3].map(() => limiter.take('a').ok)).toEqual([true, true, false])
  })

  it('forgets full buckets when it holds too many keys', () => {
    let now = 0
    const limiter = createRateLimiter({ burst: 1, perSecond: 1, maxKeys: 2, now: () => now })
    limiter.take('a')
    limiter.take('b')
    now += 5_000
    limiter.take('c')
    // 'a' was forgotten while full, so it starts over with a full bucket.
    expect(limiter.take('a').ok).toBe(true)
  })
})

describe('the demo host behind the limiter', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  async function start(rateLimit: { burst: number; perSecond: number }) {
    const demo = createDemoServer({ webRoot: '/nonexistent-web-root', testApi: true, rateLimit })
    await new Promise<void>((resolve) => demo.server.listen(0, '127.0.0.1', resolve))
    close = demo.close
    return `http://127.0.0.1:${(demo.server.address() as AddressInfo).port}`
  }

  const respond = (u: ReturnType<typeof user>) =>
    u.request('/api/respond', { method: 'POST', json: { rpcId: 'x' } })

  it('answers 429 with retry-after and RATE_LIMITED once a principal spends its burst', async () => {
    const base = await start({ burst: 3, perSecond: 0.5 })
    const alice = user(base)
    await alice.request('/')
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await respond(alice)).status)
    expect(statuses.slice(0, 3)).not.toContain(429)
    const limited = await respond(alice)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('2')
    expect(limited.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } })
  })

  it('answers a refused small upload on the connection it came on, and keeps it open', async () => {
    const demo = createDemoServer({
      webRoot: '/nonexistent-web-root',
      rateLimit: { burst: 1, perSecond: 0.1 },
    })
    await new Promise<void>((resolve) => demo.server.listen(0, '127.0.0.1', resolve))
    close = demo.close
    let connections = 0
    demo.server.on('connection', () => connections++)
    const { port } = demo.server.address() as AddressInfo
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const body = JSON.stringify({ rpcId: 'x', pad: 'y'.repeat(8_000) })
    const post = () =>
      new Promise<{ status: number; code: string }>((resolve, reject) => {
        const request = httpRequest({
          host: '127.0.0.1',
          port,
          path: '/api/respond',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        })
        request.on('response', (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            resolve({ status: response.statusCode ?? 0, code: JSON.parse(text).error?.code ?? '' })
          })
        })
        request.on('error', reject)
        // The body in two writes: the refusal is decided before the rest has arrived.
        request.write(body.slice(0, 100))
        setImmediate(() => request.end(body.slice(100)))
      })
    try {
      await post()
      const refused = [await post(), await post()]
      expect(refused).toEqual([
        { status: 429, code: 'RATE_LIMITED' },
        { status: 429, code: 'RATE_LIMITED' },
      ])
      expect(connections).toBe(1)
    } finally {
      agent.destroy()
    }
  })

  it('limits the demo API routes too, but not reads or another principal', async () => {
    const base = await start({ burst: 2, perSecond: 0.1 })
    const alice = user(base)
    const bob = user(base)
    await alice.newSession()
    await alice.newSession()
    expect((await alice.request('/api/sessions', { method: 'POST', json: {} })).status).toBe(429)
    expect((await alice.request('/api/sessions')).status).toBe(200)
    expect((await respond(alice)).status).toBe(429)
    await bob.request('/')
    expect((await respond(bob)).status).toBe(200)
  })

  it('keys rotating forged cookies on the address, so they do not bypass the limit', async () => {
    const base = await start({ burst: 3, perSecond: 0.1 })
    const statuses = []
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${base}/api/sessions`, {
        method: 'POST',
        headers: {
          cookie: `parley_principal=v1.${String(i).padStart(22, 'A')}.${'B'.repeat(43)}`,
          'content-type': 'application/json',
        },
        body: '{}',
      })
      statuses.push(response.status)
      if (response.status === 429) {
        expect(response.headers.get('retry-after')).toEqual(expect.any(String))
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      }
      await response.arrayBuffer()
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429])
  })

  it('leaves the test API alone', async () => {
    const base = await start({ burst: 1, perSecond: 0.1 })
    const alice = user(base)
    const sessionId = await alice.newSession()
    const asks = []
    for (let i = 0; i < 5; i++)
      asks.push(
        await alice.request('/api/test/ask', {
          method: 'POST',
          json: { sessionId, questions: [{ id: 'q', question: 'Why?' }] },
        }),
      )
    expect(asks.map((ask) => ask.status)).toEqual([202, 202, 202, 202, 202])
  })
})
