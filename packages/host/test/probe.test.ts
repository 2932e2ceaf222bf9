import { afterEach, describe, expect, it } from 'vitest'
import { createQuestionHost, type MuxRefusal, type QuestionHost } from '../src/index.ts'
import { ACCESS, startHost, type TestHost } from './helpers.ts'

// The mux probe: `POST /api/mux` says whether a mux request like it would be
// admitted, and if not, why, with the refusal's stable code. It opens nothing.

describe('the mux probe on the Node host', () => {
  let running: TestHost
  afterEach(() => running.close())

  const probe = (headers: Record<string, string>, query = '') =>
    fetch(`http://${running.base}/api/mux${query}`, { method: 'POST', headers })

  it('admits a principal with both transports once WebSockets are attached', async () => {
    running = await startHost()
    const reply = await probe({ 'x-user': 'alice' }, '?session=s1')
    expect(reply.status).toBe(200)
    expect(await reply.json()).toEqual({ ok: true, transports: ['websocket', 'sse'] })
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff')
    expect(running.host.pending()).toEqual([])
  })

  it('names each refusal by its code, and tells onRefused it was a probe', async () => {
    const refused: MuxRefusal[] = []
    running = await startHost({ onRefused: (info) => refused.push(info) })
    const host = `127.0.0.1:${running.base.split(':')[1]}`
    const cases: [Record<string, string>, string, number, string][] = [
      [{}, '', 401, 'NOT_AUTHENTICATED'],
      [{ 'x-user': 'alice', origin: 'http://evil.test' }, '', 403, 'ORIGIN_NOT_ALLOWED'],
      [{ 'x-user': 'bob' }, '?session=s1', 403, 'SESSION_NOT_ACCESSIBLE'],
      [{ 'x-user': 'alice' }, '?session=', 400, 'EMPTY_SESSION_ID'],
    ]
    for (const [headers, query, status, code] of cases) {
      const reply = await probe(headers, query)
      expect(reply.status, code).toBe(status)
      expect(await reply.json()).toEqual({ error: expect.any(String), code })
    }
    expect(refused.map((r) => [r.transport, r.code])).toEqual(
      cases.map(([, , , code]) => ['probe', code]),
    )
    // The page's own origin passes the fence.
    const own = await probe({ 'x-user': 'alice', origin: `http://${host}` })
    expect(own.status).toBe(200)
  })

  it('answers 429 when the principal has no stream slot left, without taking one', async () => {
    running = await startHost({ maxStreamsPerPrincipal: 1 })
    const controller = new AbortController()
    const stream = await fetch(`http://${running.base}/api/mux`, {
      headers: { accept: 'text/event-stream', 'x-user': 'alice' },
      signal: controller.signal,
    })
    expect(stream.status).toBe(200)
    const full = await probe({ 'x-user': 'alice' })
    expect(full.status).toBe(429)
    expect(await full.json()).toMatchObject({ code: 'TOO_MANY_STREAMS' })
    expect((await probe({ 'x-user': 'bob' })).status).toBe(200)
    controller.abort()
  })

  it('refusals of upgrades, streams and routes carry codes too', async () => {
    running = await startHost()
    const plainGet = await fetch(`http://${running.base}/api/mux`, { headers: { 'x-user': 'a' } })
    expect(plainGet.status).toBe(426)
    expect(await plainGet.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' })
    const nobody = await fetch(`http://${running.base}/api/mux`, {
      headers: { accept: 'text/event-stream' },
    })
    expect(await nobody.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' })
    const respond = await fetch(`http://${running.base}/api/respond`, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'content-type': 'text/plain' },
      body: '{}',
    })
    expect(await respond.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
    const elsewhere = await fetch(`http://${running.base}/elsewhere`)
    expect(await elsewhere.json()).toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('the mux probe on the Fetch handler', () => {
  let host: QuestionHost<string>
  afterEach(() => host.dispose())

  it('offers only SSE, and refuses once disposed', async () => {
    host = createQuestionHost<string>({
      authenticate: (request) => request.headers.get('x-user'),
      canAccess: (user, sessionId) => ACCESS[user]?.includes(sessionId) ?? false,
    })
    const probe = () =>
      host.fetch(
        new Request('http://localhost/api/mux', { method: 'POST', headers: { 'x-user': 'alice' } }),
      )
    const reply = await probe()
    expect(await reply.json()).toEqual({ ok: true, transports: ['sse'] })
    host.dispose()
    const closed = await probe()
    expect(closed.status).toBe(503)
    expect(await closed.json()).toMatchObject({ code: 'SHUTTING_DOWN' })
  })
})
