import { request as httpRequest } from 'node:http'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMIT } from '../apps/host/src/rate-limit.ts'
import { type Demo, type Principal, principal, QUESTIONS, startDemo, VALID_ANSWER } from './demo.ts'
import { recordPart, writeResults } from './report.ts'

const { WebSocket } = createRequire(new URL('../apps/host/package.json', import.meta.url))(
  'ws',
) as typeof import('ws')

let demo: Demo
let alice: Principal
let aliceSession: string
const figures: [string, number | string][] = []
let failures = 0

/** Counts a named check: `passed` of `total` cases held. */
function tally(name: string, results: boolean[]) {
  const passed = results.filter(Boolean).length
  figures.push([name, `${passed}/${results.length}`])
  failures += results.length - passed
  return passed === results.length
}

beforeAll(async () => {
  // The default limiter (20 burst, 10/s per principal), as the demo runs it.
  demo = await startDemo()
  alice = await principal(demo.base)
  aliceSession = await alice.newSession()
})

afterAll(async () => {
  await demo?.close()
  recordPart({
    id: '5-security',
    title: 'Security (server side)',
    expectation:
      "The demo host with its default rate limit. Another principal must not see or touch a session (mux, respond, test API); cross-origin upgrades and cross-site form posts are refused; bodies above the limits get 413; a flood from one principal is rate-limited while another principal's answer goes through. XSS payloads rendering inert in the browser are covered by the Playwright suite (`e2e/`).",
    figures,
    failures,
  })
  writeResults()
})

/** Opens the mux and collects frames; `null` status when the upgrade succeeded. */
function openMux(cookie: string | null, origin: string, query = '') {
  const frames: Record<string, unknown>[] = []
  const headers: Record<string, string> = { origin }
  if (cookie) headers.cookie = cookie
  const socket = new WebSocket(`${demo.base.replace('http', 'ws')}/api/mux${query}`, { headers })
  socket.on('message', (data) => frames.push(JSON.parse(String(data))))
  const opened = new Promise<number | null>((resolve) => {
    socket.once('open', () => resolve(null))
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      socket.terminate()
    })
    socket.once('error', () => resolve(-1))
  })
  const waitFor = async (test: (frame: Record<string, unknown>) => boolean) => {
    const deadline = Date.now() + 5_000
    while (!frames.some(test)) {
      if (Date.now() > deadline) throw new Error('frame never came')
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
  return { socket, frames, opened, waitFor }
}

const answerBody = (rpcId: string, sessionId: string) => ({
  rpcId,
  sessionId,
  result: { ok: true, answer: VALID_ANSWER },
})

describe('security', () => {
  it('keeps another principal out of a session: mux, respond, test API', async () => {
    const mallory = await principal(demo.base)
    const malloryOwn = await mallory.newSession()
    const mux = openMux(mallory.cookie, demo.base)
    expect(await mux.opened).toBeNull()
    await mux.waitFor((frame) => frame.type === 'mux/ready')

    const { askId, rpcId } = await alice.ask(aliceSession)
    await alice.request(`/api/sessions/${aliceSession}/messages`, { json: { text: 'hello' } })
    // A marker in mallory's own session: everything before it has been delivered.
    await mallory.ask(malloryOwn)
    await mux.waitFor(
      (frame) => frame.sessionId === malloryOwn && frame.type === 'question/requested',
    )
    const leaked = mux.frames.filter(
      (frame) => frame.sessionId === aliceSession || frame.rpcId === rpcId,
    )
    mux.socket.close()

    const narrowed = openMux(mallory.cookie, demo.base, `?session=${aliceSession}`)
    const respond = await mallory.request('/api/respond', { json: answerBody(rpcId, aliceSession) })
    const cancel = await mallory.request('/api/respond', {
      json: { rpcId, sessionId: aliceSession, result: { ok: false, error: { code: 'cancelled' } } },
    })
    const read = await mallory.request(`/api/test/asks/${askId}`)
    const abort = await mallory.request(`/api/test/asks/${askId}/abort`, { json: {} })
    const ask = await mallory.request('/api/test/ask', {
      json: { sessionId: aliceSession, questions: QUESTIONS },
    })
    const transcript = await mallory.request(`/api/sessions/${aliceSession}`)
    const stillPending = (await alice.askStatus(askId)).status === 'pending'
    const aliceAnswers = await alice.request('/api/respond', {
      json: answerBody(rpcId, aliceSession),
    })

    expect(
      tally("another principal's mux carries none of the session's frames", [leaked.length === 0]),
    ).toBe(true)
    expect(
      tally('another principal is refused (403) by @parley/host: ?session=, respond, cancel', [
        (await narrowed.opened) === 403,
        respond.status === 403,
        cancel.status === 403,
      ]),
    ).toBe(true)
    // The demo API answers a foreign id as it answers an unknown one, so it is no existence oracle.
    expect(
      tally(
        'another principal is told "no such thing" (404) by the demo API: test API read/abort/ask, transcript',
        [read.status === 404, abort.status === 404, ask.status === 404, transcript.status === 404],
      ),
    ).toBe(true)
    expect(
      tally('the question stays pending and its owner answers it', [
        stillPending,
        aliceAnswers.body.accepted === true,
      ]),
    ).toBe(true)
  })

  it('refuses requests without a principal (401)', async () => {
    const mux = openMux(null, demo.base)
    const response = await fetch(`${demo.base}/api/respond`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(answerBody('x', 'y')),
    })
    expect(
      tally('no cookie: mux and respond refused with 401', [
        (await mux.opened) === 401,
        response.status === 401,
      ]),
    ).toBe(true)
  })

  it('refuses a cross-origin WebSocket upgrade and cross-origin state changes', async () => {
    const eve = await principal(demo.base)
    const session = await eve.newSession()
    const evil = 'https://evil.example'
    const upgrade = openMux(eve.cookie, evil)
    const lookalike = openMux(eve.cookie, `${demo.base}.evil.example`)
    const routes = [
      '/api/respond',
      '/api/extend',
      '/api/sessions',
      `/api/sessions/${session}/messages`,
      `/api/sessions/${session}/stop`,
      '/api/test/ask',
      '/api/test/drop-sockets',
    ]
    const posts = await Promise.all(
      routes.map((path) =>
        eve.request(path, { json: { sessionId: session, text: 'x' }, headers: { origin: evil } }),
      ),
    )
    expect(
      tally('cross-origin upgrades refused (403), foreign and look-alike origins', [
        (await upgrade.opened) === 403,
        (await lookalike.opened) === 403,
      ]),
    ).toBe(true)
    expect(
      tally(
        'cross-origin POSTs refused (403) on respond, extend, sessions, messages, stop, test API',
        posts.map((post) => post.status === 403),
      ),
    ).toBe(true)
  })

  it('refuses a rebound Host on every host route (403 HOST_NOT_ALLOWED), loopback names allowed', async () => {
    const gina = await principal(demo.base)
    const session = await gina.newSession()
    const { askId, rpcId } = await gina.ask(session)
    const port = new URL(demo.base).port
    const body = JSON.stringify(answerBody(rpcId, session))
    /** One raw request with this `Host` (and a matching Origin, as a rebound page sends). */
    const send = (host: string, method: string, path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const url = new URL(path, demo.base)
        const req = httpRequest(url, {
          method,
          setHost: false,
          headers: { host, origin: `http://${host}`, cookie: gina.cookie, ...headers },
        })
        req.on('response', (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            text += chunk
            // An admitted stream stays open: its status line is all this needs.
            if (res.statusCode === 200 && method === 'GET') req.destroy()
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
          res.on('close', () => resolve({ status: res.statusCode ?? 0, text }))
        })
        req.on('upgrade', (res, socket) => {
          socket.destroy()
          resolve({ status: res.statusCode ?? 0, text: '' })
        })
        req.on('error', reject)
        req.end(method === 'POST' ? body : undefined)
      })
    const json = { 'content-type': 'application/json' }
    const routes: [string, string, string, Record<string, string>][] = [
      ['respond', 'POST', '/api/respond', json],
      ['extend', 'POST', '/api/extend', json],
      ['amend', 'POST', '/api/amend', json],
      ['probe', 'POST', '/api/mux', {}],
      ['sse', 'GET', `/api/mux?session=${session}`, { accept: 'text/event-stream' }],
      [
        'websocket',
        'GET',
        '/api/mux',
        {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      ],
    ]
    const rebound = []
    for (const [, method, path, headers] of routes)
      rebound.push(await send(`evil.example:${port}`, method, path, headers))
    const stillPending = (await gina.askStatus(askId)).status
    const stream = await send(`localhost:${port}`, 'GET', `/api/mux?session=${session}`, {
      accept: 'text/event-stream',
    })
    const answered = await send(`localhost:${port}`, 'POST', '/api/respond', json)
    expect(
      tally(
        'a rebound Host (evil.example) is refused 403 HOST_NOT_ALLOWED: respond, extend, amend, probe, SSE, upgrade',
        rebound.map((reply) => reply.status === 403 && reply.text.includes('HOST_NOT_ALLOWED')),
      ),
    ).toBe(true)
    expect(
      tally('the loopback name localhost reads the stream and answers', [
        stillPending === 'pending',
        stream.status === 200,
        answered.status === 200 && answered.text.includes('"accepted":true'),
      ]),
    ).toBe(true)
  })

  it('refuses cross-site form posts by their content type (415)', async () => {
    const frank = await principal(demo.base)
    const session = await frank.newSession()
    const routes = [
      '/api/respond',
      '/api/extend',
      '/api/sessions',
      `/api/sessions/${session}/messages`,
      '/api/test/ask',
    ]
    const forms: [string, string][] = [
      ['text/plain', '{"rpcId":"x","sessionId":"y"}'],
      ['application/x-www-form-urlencoded', 'text=hello'],
      [
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-data; name="text"\r\n\r\nhi\r\n--b--',
      ],
    ]
    const results: boolean[] = []
    for (const path of routes)
      for (const [type, body] of forms) {
        // Same-origin Origin and the victim's cookie: the content type alone must refuse it.
        const reply = await frank.request(path, {
          body,
          headers: { 'content-type': type },
        })
        results.push(reply.status === 415)
      }
    expect(
      tally(
        'form content types refused (415) on respond, extend, sessions, messages, test API',
        results,
      ),
    ).toBe(true)
    // Routes that take no fields still take `{}`, so the same fence stands in front of them.
    const { askId } = await frank.ask(session)
    const bodiless = [
      `/api/sessions/${session}/stop`,
      '/api/test/drop-sockets',
      `/api/test/asks/${askId}/abort`,
    ]
    const refused: boolean[] = []
    for (const path of bodiless) {
      const reply = await frank.request(path, {
        body: '{}',
        headers: { 'content-type': 'text/plain' },
      })
      refused.push(reply.status === 415)
    }
    refused.push((await frank.askStatus(askId)).status === 'pending')
    expect(
      tally(
        'text/plain refused (415) on the routes that take no fields (stop, drop-sockets, abort); the ask stays pending',
        refused,
      ),
    ).toBe(true)
  })

  it('refuses oversized bodies (413)', async () => {
    const grace = await principal(demo.base)
    const session = await grace.newSession()
    const { rpcId } = await grace.ask(session)
    const big = (bytes: number) => 'x'.repeat(bytes)
    const respond = await grace.request('/api/respond', {
      json: { ...answerBody(rpcId, session), padding: big(257 * 1024) },
    })
    const message = await grace.request(`/api/sessions/${session}/messages`, {
      json: { text: big(65 * 1024) },
    })
    const ask = await grace.request('/api/test/ask', {
      json: { sessionId: session, questions: QUESTIONS, padding: big(257 * 1024) },
    })
    const chunked = await new Promise<number>((resolve, reject) => {
      const url = new URL('/api/respond', demo.base)
      const req = httpRequest(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: grace.cookie },
      })
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      // No content-length: the host must count while it reads.
      for (let i = 0; i < 40; i++) req.write(big(8 * 1024))
      req.end()
    })
    const stillAnswerable = await grace.request('/api/respond', {
      json: answerBody(rpcId, session),
    })
    expect(
      tally('oversized bodies refused (413): respond, chunked respond, messages, test API', [
        respond.status === 413,
        chunked === 413,
        message.status === 413,
        ask.status === 413,
      ]),
    ).toBe(true)
    expect(
      tally('the question is answerable after the oversized posts', [
        stillAnswerable.body.accepted === true,
      ]),
    ).toBe(true)
  })

  it("rate-limits a flood from one principal without touching another's answer", async () => {
    const henry = await principal(demo.base)
    const ivy = await principal(demo.base)
    const ivySession = await ivy.newSession()
    const { rpcId } = await ivy.ask(ivySession)
    const started = performance.now()
    const flood = Array.from({ length: 120 }, (_, i) =>
      henry.request('/api/respond', { json: answerBody(`flood-${i}`, 'nobody') }),
    )
    const ivyAnswer = ivy.request('/api/respond', { json: answerBody(rpcId, ivySession) })
    const replies = await Promise.all(flood)
    const seconds = (performance.now() - started) / 1000
    // The bucket's burst, and its refill while the flood lasted (long on a loaded machine).
    const { burst, perSecond } = DEFAULT_RATE_LIMIT
    const allowed = burst + Math.ceil(perSecond * seconds)
    const limited = replies.filter((reply) => reply.status === 429)
    const wellFormed = limited.every(
      (reply) =>
        Number(reply.headers.get('retry-after')) >= 1 && reply.body?.error?.code === 'RATE_LIMITED',
    )
    const answered = await ivyAnswer
    figures.push(
      ['flood: respond POSTs from one principal', replies.length],
      ['flood: refused with 429', limited.length],
      ['flood: let through (burst and refill)', replies.length - limited.length],
      [
        'flood: at most let through in its time (burst + refill)',
        Math.min(allowed, replies.length),
      ],
    )
    expect(
      tally(
        "rate limit: 429 with retry-after and RATE_LIMITED; the other principal's answer accepted",
        [
          replies.length - limited.length <= allowed,
          wellFormed,
          answered.status === 200 && answered.body.accepted === true,
        ],
      ),
    ).toBe(true)
    await demo.assertAlive()
  })

  it('closes the downlink with 1008 when a client sends anything', async () => {
    const judy = await principal(demo.base)
    const mux = openMux(judy.cookie, demo.base)
    await mux.opened
    const code = new Promise<number>((resolve) => mux.socket.once('close', (c) => resolve(c)))
    mux.socket.send('{"type":"question/resolved"}')
    expect(tally('a client message closes the mux with 1008', [(await code) === 1008])).toBe(true)
  })

  it('rate-limits minting principals per client address', async () => {
    const limited = await startDemo({ mintLimit: { burst: 5, perSecond: 0.01 } })
    try {
      const statuses: (number | 'minted')[] = []
      for (let i = 0; i < 20; i++) {
        const reply = await fetch(`${limited.base}/`, { redirect: 'manual' })
        await reply.body?.cancel()
        statuses.push(reply.headers.get('set-cookie') ? 'minted' : reply.status)
      }
      expect(
        tally(
          'principals minted from one address, 20 navigations, burst 5: 5 minted, 15 refused 429',
          [
            statuses.filter((status) => status === 'minted').length === 5,
            statuses.slice(5).every((status) => status === 429),
          ],
        ),
      ).toBe(true)
    } finally {
      await limited.close()
    }
  })

  it('serves no test API unless it is enabled (404)', async () => {
    const plain = await startDemo({ testApi: false })
    try {
      const kim = await principal(plain.base)
      const session = await kim.newSession()
      const ask = await kim.request('/api/test/ask', {
        json: { sessionId: session, questions: QUESTIONS },
      })
      const drop = await kim.request('/api/test/drop-sockets', { json: {} })
      expect(tally('test API off by default: 404', [ask.status === 404, drop.status === 404])).toBe(
        true,
      )
    } finally {
      await plain.close()
    }
  })
})
