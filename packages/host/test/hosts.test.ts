import { afterEach, describe, expect, it } from 'vitest'
import {
  appRouteRefusal,
  createQuestionHost,
  isAllowedHost,
  type MuxRefusal,
  type QuestionHost,
} from '../src/index.ts'
import { startHost, type TestHost } from './helpers.ts'
import { rawRequest, upgradeLines } from './raw.ts'

// DNS rebinding: a page on `evil.example`, once that name resolves to this
// machine, reaches the host with `Host: evil.example` and its own Origin,
// which the same-origin rule would accept. The Host fence refuses it first.

const BODY = JSON.stringify({ rpcId: 'r1', sessionId: 's1', outcome: 'dismissed' })

/** Raw request lines for every route the host serves, with this `Host`. */
function routeRequests(host: string): [string, string[]][] {
  const post = (path: string) => [
    `POST ${path} HTTP/1.1`,
    `Host: ${host}`,
    `Origin: http://${host}`,
    'x-user: alice',
    'Content-Type: application/json',
    `Content-Length: ${BODY.length}`,
    'Connection: close',
    '',
    BODY,
  ]
  return [
    ['respond', post('/api/respond')],
    ['extend', post('/api/extend')],
    ['amend', post('/api/amend')],
    ['probe', post('/api/mux')],
    [
      'sse',
      [
        'GET /api/mux HTTP/1.1',
        `Host: ${host}`,
        'Accept: text/event-stream',
        'x-user: alice',
        'Connection: close',
      ],
    ],
    ['websocket', upgradeLines('/api/mux', host)],
  ]
}

/**
 * Sends raw lines (a POST's blank line and body included) and reads the reply:
 * a refusal until the host closes the connection, a stream that opened until
 * its headers came (it stays open). Never a fixed wait: a loaded machine is slow.
 */
const send = (base: string, lines: string[]) =>
  rawRequest(base, lines, 10_000, { untilStreamOpens: true })

describe('the Host fence on the Node host', () => {
  let running: TestHost
  afterEach(() => running.close())

  it('refuses Host: evil.example on every route with 403 HOST_NOT_ALLOWED, and tells onRefused', async () => {
    const refused: MuxRefusal[] = []
    running = await startHost({ onRefused: (info) => refused.push(info) })
    const port = running.base.split(':')[1]
    for (const [route, lines] of routeRequests(`evil.example:${port}`)) {
      const outcome = await send(running.base, lines)
      expect(outcome.status, route).toBe(403)
      expect(outcome.text, route).toContain('"code":"HOST_NOT_ALLOWED"')
    }
    expect(refused.map((r) => [r.transport, r.code])).toEqual([
      ['probe', 'HOST_NOT_ALLOWED'],
      ['sse', 'HOST_NOT_ALLOWED'],
      ['websocket', 'HOST_NOT_ALLOWED'],
    ])
  })

  it('lets the loopback names through, with any port', async () => {
    running = await startHost()
    const port = running.base.split(':')[1]
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'LOCALHOST']) {
      for (const [route, lines] of routeRequests(host)) {
        const outcome = await send(running.base, lines)
        expect(outcome.text, `${route} ${host}`).not.toContain('HOST_NOT_ALLOWED')
        expect(outcome.status, `${route} ${host}`).not.toBeNull()
      }
    }
  })

  it('allows the hosts of allowedOrigins by default, only allowedHosts when given, any with false', async () => {
    running = await startHost({ allowedOrigins: ['https://app.example'] })
    const port = running.base.split(':')[1]
    const probe = (host: string) =>
      send(running.base, routeRequests(host).find(([route]) => route === 'probe')?.[1] ?? [])
    expect((await probe('app.example')).text).not.toContain('HOST_NOT_ALLOWED')
    expect((await probe('other.example')).status).toBe(403)
    await running.close()
    running = await startHost({ allowedHosts: ['parley.example'] })
    expect((await probe('parley.example')).text).not.toContain('HOST_NOT_ALLOWED')
    expect((await probe(`localhost:${port}`)).text).toContain('HOST_NOT_ALLOWED')
    await running.close()
    running = await startHost({ allowedHosts: false })
    expect((await probe('evil.example')).text).not.toContain('HOST_NOT_ALLOWED')
  })
})

describe('the Host fence on the fetch handler', () => {
  let host: QuestionHost<string>
  afterEach(() => host.dispose())

  it('refuses a rebound name on every route and admits localhost', async () => {
    host = createQuestionHost<string>({
      authenticate: () => 'alice',
      canAccess: () => true,
    })
    const routes: [string, RequestInit][] = [
      ['/api/respond', { method: 'POST', body: BODY }],
      ['/api/extend', { method: 'POST', body: BODY }],
      ['/api/amend', { method: 'POST', body: BODY }],
      ['/api/mux', { method: 'POST' }],
      ['/api/mux', { headers: { accept: 'text/event-stream' } }],
    ]
    for (const [path, init] of routes) {
      const headers = { 'content-type': 'application/json', ...(init.headers as object) }
      const evil = await host.fetch(new Request(`http://evil.example${path}`, { ...init, headers }))
      expect(evil.status, path).toBe(403)
      expect(await evil.json()).toMatchObject({ code: 'HOST_NOT_ALLOWED' })
      const local = await host.fetch(
        new Request(`http://localhost:3000${path}`, { ...init, headers }),
      )
      expect(local.status, path).not.toBe(403)
      await local.body?.cancel()
    }
  })
})

describe('isAllowedHost', () => {
  it('judges a Host header value the way the host does', () => {
    expect(isAllowedHost('localhost:5173')).toBe(true)
    expect(isAllowedHost('[::1]:8080')).toBe(true)
    expect(isAllowedHost('evil.example')).toBe(false)
    expect(isAllowedHost('localhost@evil.example')).toBe(false)
    expect(isAllowedHost('localhost/evil')).toBe(false)
    expect(isAllowedHost(null)).toBe(false)
    expect(isAllowedHost('app.example', ['app.example'])).toBe(true)
    expect(isAllowedHost('evil.example', false)).toBe(true)
  })
})

describe('appRouteRefusal, the host’s fences for an app’s own routes', () => {
  const post = {
    host: 'localhost:3000',
    origin: null,
    scheme: 'http',
    contentType: 'application/json',
  }
  it('lets a same-origin JSON post from a loopback host through', () => {
    expect(appRouteRefusal(post)).toBeNull()
    expect(appRouteRefusal({ ...post, origin: 'http://localhost:3000' })).toBeNull()
    expect(appRouteRefusal({ ...post, contentType: 'application/json; charset=utf-8' })).toBeNull()
  })
  it('refuses a rebound host, a cross-site origin and a text/plain form, as the host does', () => {
    expect(appRouteRefusal({ ...post, host: 'evil.example' })?.code).toBe('HOST_NOT_ALLOWED')
    expect(appRouteRefusal({ ...post, origin: 'https://evil.example' })?.code).toBe(
      'ORIGIN_NOT_ALLOWED',
    )
    expect(appRouteRefusal({ ...post, contentType: 'text/plain' })).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    })
  })
  it('answers to the names an app adds', () => {
    const named = { ...post, host: 'chat.example.com', allowedHosts: ['chat.example.com'] }
    expect(appRouteRefusal(named)).toBeNull()
  })
})
