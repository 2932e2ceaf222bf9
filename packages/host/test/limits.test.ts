import { connect } from 'node:net'
import { type AskUserQuestionItem, isUserQuestionError } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import { isAllowedOrigin, MAX_RECEIPT_ISSUES, MAX_TIMER_MS } from '../src/index.ts'
import {
  answerBody,
  manualTimers,
  openTab,
  post,
  readyTab,
  refusedStatus,
  startHost,
  type Tab,
  type TestHost,
} from './helpers.ts'

let running: TestHost | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

const start = async (overrides: Parameters<typeof startHost>[0] = {}) => {
  running = await startHost(overrides)
  return running
}

/** A batch whose one question carries `bytes` of Markdown detail. */
const sized = (bytes: number): AskUserQuestionItem[] => [
  { id: 'color', question: 'Which color?', options: [{ label: 'Red' }], detail: 'x'.repeat(bytes) },
]

describe('pending questions are bounded', () => {
  it('an ask past maxPendingPerSession rejects at once with ASK_LIMIT_REACHED', async () => {
    const { ask, host } = await start({ maxPendingPerSession: 3 })
    const first = ask('s1')
    for (let i = 0; i < 2; i++) void ask('s1')
    await expect(ask('s1')).rejects.toMatchObject({ code: 'ASK_LIMIT_REACHED' })
    expect(host.pending()).toHaveLength(3)
    // Another session is not affected; a settled ask frees its slot.
    void ask('s2')
    expect(host.pending()).toHaveLength(4)
    expect(host.abortSession('s1')).toBe(3)
    await expect(first).rejects.toMatchObject({ code: 'ASK_ABORTED' })
    void ask('s1')
    expect(host.pending()).toHaveLength(2)
  })

  it('an ask past maxPending rejects with ASK_LIMIT_REACHED', async () => {
    const { ask } = await start({ maxPending: 2 })
    void ask('s1')
    void ask('s2')
    await expect(ask('b1')).rejects.toMatchObject({ code: 'ASK_LIMIT_REACHED' })
  })

  it('a question frame above maxQuestionBytes rejects with ASK_TOO_LARGE and no tab sees it', async () => {
    const { ask, base, host } = await start({ maxQuestionBytes: 10_000 })
    const tab = await readyTab(base)
    const refused = ask('s1', { questions: sized(10_000) })
    await expect(refused).rejects.toSatisfy((error) => isUserQuestionError(error, 'ASK_TOO_LARGE'))
    expect(host.pending()).toHaveLength(0)
    void ask('s1', { questions: sized(9_000) })
    await tab.count('question/requested')
    expect(tab.of('question/requested')).toHaveLength(1)
    tab.close()
  })
})

describe('a replay larger than the send cap', () => {
  it('streams every pending question and reaches mux/ready over a WebSocket', async () => {
    const { ask, base } = await start({ maxBufferedBytes: 256 * 1024 })
    for (let i = 0; i < 24; i++) void ask(i % 2 ? 's1' : 's2', { questions: sized(60_000) })
    const tab = await readyTab(base)
    const requested = tab.of('question/requested')
    expect(requested).toHaveLength(24)
    expect(tab.frames.at(-1)).toEqual({ type: 'mux/ready' })
    tab.close()
  })

  it('streams every pending question and reaches mux/ready over SSE', async () => {
    const { ask, base } = await start({ maxBufferedBytes: 256 * 1024 })
    for (let i = 0; i < 24; i++) void ask('s1', { questions: sized(60_000) })
    const response = await fetch(`http://${base}/api/mux`, {
      headers: { accept: 'text/event-stream', 'x-user': 'alice' },
    })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let text = ''
    while (!text.includes('"mux/ready"')) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
    await reader.cancel()
    expect(text.match(/"question\/requested"/g)).toHaveLength(24)
    expect(text).toContain('"mux/ready"')
  })

  it('still holds live frames until mux/ready and never doubles a replayed question', async () => {
    const { ask, base, host } = await start({ maxBufferedBytes: 256 * 1024 })
    for (let i = 0; i < 12; i++) void ask('s1', { questions: sized(60_000) })
    const tab = openTab(base, { user: 'alice' })
    await tab.count('question/requested')
    const first = host.pending()[0]?.rpcId ?? ''
    const answer = { answers: [{ id: 'color', selected: ['Red'] }] }
    expect((await post(base, answerBody(first, 's1', answer))).json).toEqual({ accepted: true })
    void ask('s1')
    await tab.ready()
    await tab.count('question/requested', 13)
    const ready = tab.frames.findIndex((frame) => frame.type === 'mux/ready')
    const resolved = tab.frames.findIndex((frame) => frame.type === 'question/resolved')
    expect(resolved).toBeGreaterThan(ready)
    const ids = tab.of('question/requested').map((frame) => frame.rpcId)
    expect(new Set(ids).size).toBe(ids.length)
    tab.close()
  })
})

/** 'ready' when the tab got mux/ready (then closes it), else the refused status. */
function outcomeOf(tab: Tab): Promise<string> {
  return new Promise((resolve) => {
    tab.socket.on('unexpected-response', (_req, res) => {
      resolve(String(res.statusCode))
      res.resume()
      tab.socket.terminate()
    })
    tab.ready().then(
      () => {
        tab.close()
        resolve('ready')
      },
      () => {},
    )
  })
}

describe('open streams are bounded', () => {
  it('refuses the stream past maxStreamsPerPrincipal with 429, and frees the slot on close', async () => {
    const { base } = await start({ maxStreamsPerPrincipal: 3 })
    const tabs = await Promise.all([1, 2, 3].map(() => readyTab(base)))
    expect(await refusedStatus(openTab(base, { user: 'alice' }))).toBe(429)
    const sse = await fetch(`http://${base}/api/mux`, {
      headers: { accept: 'text/event-stream', 'x-user': 'alice' },
    })
    expect(sse.status).toBe(429)
    // bob has his own allowance.
    const bob = await readyTab(base, { user: 'bob' })
    tabs[0]?.close()
    await tabs[0]?.closed
    // The server sees the close a moment after the client does.
    let outcome = ''
    for (let attempt = 0; attempt < 40 && outcome !== 'ready'; attempt++) {
      outcome = await outcomeOf(openTab(base, { user: 'alice' }))
      if (outcome !== 'ready') await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect(outcome).toBe('ready')
    for (const tab of [...tabs, bob]) tab.close()
  })

  it('refuses past maxStreams with 503', async () => {
    const { base } = await start({ maxStreams: 1 })
    const tab = await readyTab(base)
    expect(await refusedStatus(openTab(base, { user: 'bob' }))).toBe(503)
    tab.close()
  })
})

describe('timeouts', () => {
  it('a timeout longer than the longest timer waits its full length', async () => {
    const clock = manualTimers()
    const { ask, host } = await start({ timers: clock.timers })
    const thirtyDays = 30 * 24 * 60 * 60 * 1000
    const asked = ask('s1', { timeoutMs: thirtyDays })
    clock.fire(MAX_TIMER_MS)
    expect(host.pending()).toHaveLength(1)
    clock.fire(thirtyDays - MAX_TIMER_MS)
    await expect(asked).rejects.toMatchObject({ code: 'ASK_TIMED_OUT' })
  })

  it('a respond body that dribbles past bodyTimeoutMs gets 408 and the connection ends', async () => {
    const { base } = await start({ bodyTimeoutMs: 200 })
    const [host, port] = base.split(':')
    const started = Date.now()
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), host)
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk
      })
      socket.on('close', () => resolve(text))
      socket.write(
        'POST /api/respond HTTP/1.1\r\nHost: localhost\r\nx-user: alice\r\n' +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"rpc',
      )
      const drip = setInterval(() => socket.write(' '), 50)
      socket.on('close', () => clearInterval(drip))
    })
    expect(reply).toMatch(/^HTTP\/1\.1 408/)
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})

describe('what a response learns', () => {
  it("someone else's rpcId with one's own session is not-pending, like an unknown one", async () => {
    const { ask, base, host } = await start()
    void ask('b1')
    const bobs = host.pending()[0]?.rpcId ?? ''
    const foreign = await post(base, answerBody(bobs, 's1'), { user: 'alice' })
    const unknown = await post(base, answerBody('no-such-rpc', 's1'), { user: 'alice' })
    expect(foreign).toEqual(unknown)
    expect(foreign.json).toEqual({ accepted: false, reason: 'not-pending' })
    expect(host.pending()).toHaveLength(1)
  })

  it("a wrong session among one's own still says session-mismatch", async () => {
    const { ask, base, host } = await start()
    void ask('s2')
    const rpcId = host.pending()[0]?.rpcId ?? ''
    const reply = await post(base, answerBody(rpcId, 's1'))
    expect(reply.json).toMatchObject({
      reason: 'bad-response',
      issues: [{ rule: 'session-mismatch' }],
    })
  })

  it(`a body with thousands of problems lists ${MAX_RECEIPT_ISSUES} and says there are more`, async () => {
    const { ask, base, host } = await start()
    void ask('s1')
    const rpcId = host.pending()[0]?.rpcId ?? ''
    const answers = Array.from({ length: 5_000 }, () => ({ id: 7, selected: 'no' }))
    const response = await fetch(`http://${base}/api/respond`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'alice' },
      body: JSON.stringify({ rpcId, sessionId: 's1', result: { ok: true, answer: { answers } } }),
    })
    const text = await response.text()
    const receipt = JSON.parse(text)
    expect(receipt.reason).toBe('bad-response')
    expect(receipt.issues).toHaveLength(MAX_RECEIPT_ISSUES)
    expect(receipt.omittedIssues).toBe(1)
    expect(text.length).toBeLessThan(16 * 1024)
  })
})

describe('the Origin fence', () => {
  it('is exported for an app’s own routes, with the same rule', () => {
    const own = { scheme: 'http', host: '127.0.0.1:4173' }
    expect(isAllowedOrigin({ ...own, origin: undefined })).toBe(true)
    expect(isAllowedOrigin({ ...own, origin: 'http://127.0.0.1:4173' })).toBe(true)
    expect(isAllowedOrigin({ ...own, origin: 'https://127.0.0.1:4173' })).toBe(false)
    expect(isAllowedOrigin({ ...own, origin: 'http://127.0.0.1:5173' })).toBe(false)
    expect(isAllowedOrigin({ ...own, origin: 'null' })).toBe(false)
    expect(isAllowedOrigin({ ...own, host: undefined, origin: 'http://127.0.0.1:4173' })).toBe(
      false,
    )
    const allowed = ['http://localhost:5173']
    expect(isAllowedOrigin({ ...own, origin: 'http://localhost:5173', allowed })).toBe(true)
  })

  it('compares the scheme: an https page may not use an http host', async () => {
    const { base } = await start()
    const reply = await post(base, answerBody('x', 's1'), { origin: `https://${base}` })
    expect(reply.status).toBe(403)
    expect(await refusedStatus(openTab(base, { user: 'alice', origin: `https://${base}` }))).toBe(
      403,
    )
    expect((await post(base, answerBody('x', 's1'), { origin: `http://${base}` })).status).toBe(200)
  })

  it('trusts X-Forwarded-Proto only with trustProxy', async () => {
    const forwardedPost = (base: string) =>
      fetch(`http://${base}/api/respond`, {
        method: 'POST',
        headers: {
          'x-forwarded-proto': 'https',
          'content-type': 'application/json',
          'x-user': 'alice',
          origin: `https://${base}`,
        },
        body: JSON.stringify(answerBody('x', 's1')),
      })
    const trusting = await start({ trustProxy: true })
    expect((await forwardedPost(trusting.base)).status).toBe(200)
    await trusting.close()
    const plain = await start()
    expect((await forwardedPost(plain.base)).status).toBe(403)
  })
})

describe('every reply', () => {
  it('carries nosniff, no-store and a same-origin resource policy', async () => {
    const { base } = await start()
    for (const init of [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': 'alice' },
        body: '{}',
      },
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' },
      { method: 'GET', headers: {} },
    ]) {
      const response = await fetch(`http://${base}/api/respond`, init)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    }
  })
})

describe('a stream narrowed with ?session=', () => {
  it('stops getting a session’s frames the moment access to it is revoked', async () => {
    const granted = new Set(['s1'])
    const { ask, base, host } = await start({
      canAccess: (user, sessionId) => user === 'alice' && granted.has(sessionId),
    })
    const tab = await readyTab(base, { sessions: ['s1'] })
    void ask('s1')
    await tab.count('question/requested')
    granted.delete('s1')
    void ask('s1')
    host.broadcast('s1', { type: 'chat/x' })
    granted.add('s1')
    host.broadcast('s1', { type: 'chat/after' })
    await tab.count('chat/after')
    expect(tab.of('question/requested')).toHaveLength(1)
    expect(tab.of('chat/x')).toHaveLength(0)
    tab.close()
  })
})
