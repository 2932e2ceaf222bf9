import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemorySessions } from '../src/stores/sessions.memory.ts'
import { createMemoryTranscripts } from '../src/stores/transcripts.memory.ts'
import type { SessionRecord } from '../src/stores/types.ts'
import { startDemo, user } from './harness.ts'

describe('the in-memory session store', () => {
  it('evicts the least recently updated session once the total bound is reached', async () => {
    let now = 0
    const evicted: SessionRecord[] = []
    const sessions = createMemorySessions({
      maxSessions: 2,
      now: () => now++,
      onEvict: (session) => evicted.push(session),
    })
    const first = await sessions.create('alice')
    const second = await sessions.create('bob')
    await sessions.touch(first.id)
    await sessions.create('carol')
    expect(evicted.map((s) => s.id)).toEqual([second.id])
    expect(await sessions.get(second.id)).toBeUndefined()
    expect(await sessions.get(first.id)).toBe(first)
    expect(sessions.size).toBe(2)
  })

  it("evicts the principal's own oldest session at the per-principal bound", async () => {
    const evicted: string[] = []
    const sessions = createMemorySessions({
      maxSessionsPerPrincipal: 2,
      onEvict: (session) => evicted.push(session.id),
    })
    const bob = await sessions.create('bob')
    const oldest = await sessions.create('alice')
    await sessions.create('alice')
    await sessions.create('alice')
    expect(evicted).toEqual([oldest.id])
    expect(await sessions.list('alice')).toHaveLength(2)
    expect(await sessions.get(bob.id)).toBe(bob)
  })

  it('keeps at most maxEvents transcript events, newest last', async () => {
    const transcripts = createMemoryTranscripts({ maxEvents: 3, exists: () => true })
    for (let i = 0; i < 5; i++)
      await transcripts.record('s', {
        kind: 'message',
        id: `m${i}`,
        role: 'user',
        text: '.',
        at: i,
      })
    expect((await transcripts.events('s')).map((e) => e.id)).toEqual(['m2', 'm3', 'm4'])
  })
})

describe('the demo host under bounds', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>
  afterEach(async () => {
    await demo?.close()
  })

  it('aborts the pending asks of a session evicted by the total bound', async () => {
    demo = await startDemo({ sessions: { maxSessions: 3 } })
    const alice = user(demo.base)
    const oldest = await alice.newSession()
    const { body } = await alice.request('/api/test/ask', {
      method: 'POST',
      json: { sessionId: oldest, questions: [{ id: 'q', question: 'Still there?' }] },
    })
    expect((await alice.request(`/api/test/asks/${body.askId}`)).body.status).toBe('pending')
    const bob = user(demo.base)
    for (let i = 0; i < 3; i++) await bob.newSession()
    expect((await alice.request(`/api/sessions/${oldest}`)).status).toBe(404)
    const ask = await alice.request(`/api/test/asks/${body.askId}`)
    expect(ask.body).toMatchObject({ status: 'rejected', error: { code: 'ASK_ABORTED' } })
    expect(demo.host.pending()).toHaveLength(0)
  })

  it('has the documented server timeouts by default', async () => {
    demo = await startDemo()
    expect(demo.server.headersTimeout).toBe(10_000)
    expect(demo.server.requestTimeout).toBe(30_000)
    expect(demo.server.keepAliveTimeout).toBe(5_000)
    expect(demo.server.maxHeadersCount).toBe(100)
  })

  /** Starts a POST whose body never finishes, one byte every 50 ms; `closed` resolves when the server hangs up. */
  async function dribble(port: number) {
    const alice = user(`http://127.0.0.1:${port}`)
    await alice.request('/')
    const socket = connect(port, '127.0.0.1')
    let reply = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      reply += chunk
    })
    socket.on('error', () => {})
    socket.write(
      `POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${alice.cookie}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"title":"',
    )
    const drip = setInterval(() => socket.write('x'), 50)
    const closed = new Promise<string>((resolve) =>
      socket.on('close', () => {
        clearInterval(drip)
        resolve(reply)
      }),
    )
    return { closed }
  }

  it('close() ends within the grace even while a client dribbles a POST body', async () => {
    demo = await startDemo({ shutdownGraceMs: 300, requestTimeout: 60_000, headersTimeout: 60_000 })
    const upload = await dribble(demo.port)
    await new Promise<void>((resolve) => demo.server.once('request', () => resolve()))
    const started = performance.now()
    await demo.close()
    expect(performance.now() - started).toBeLessThan(300 + 1_000)
    await upload.closed
  })

  it('cuts an upload that dribbles past the request timeout', async () => {
    demo = await startDemo({ requestTimeout: 500, headersTimeout: 500 })
    const upload = await dribble(demo.port)
    const started = performance.now()
    const reply = await upload.closed
    // Checked every second at most (connectionsCheckingInterval), so 0.5 s + 1 s.
    expect(performance.now() - started).toBeLessThan(2_500)
    expect(reply).toMatch(/^HTTP\/1\.1 408/)
  })

  it('answers a request queued behind another on one keep-alive connection, an error included', async () => {
    // A large file the client does not read yet keeps the first reply going out.
    const root = mkdtempSync(path.join(tmpdir(), 'parley-web-'))
    writeFileSync(path.join(root, 'index.html'), '<!doctype html>')
    mkdirSync(path.join(root, 'assets'))
    writeFileSync(path.join(root, 'assets', 'big.js'), Buffer.alloc(16 * 1024 * 1024, 97))
    demo = await startDemo({ webRoot: root })
    let queued: ServerResponse | undefined
    demo.server.on('request', (req, res) => {
      if (req.method === 'POST') queued = res
    })
    const socket = connect(demo.port, '127.0.0.1')
    socket.pause()
    const body = JSON.stringify({ sessionId: 'nobody', questions: [] })
    socket.write(
      'GET /assets/big.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' +
        'POST /api/test/ask HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    )
    // The second request's error reply is written while the first still goes out: it waits
    // for the socket (it has none yet), and is sent once the first is done.
    await expect.poll(() => queued?.writableEnded).toBe(true)
    expect(queued?.socket).toBeNull()
    let reply = ''
    socket.on('data', (chunk: Buffer) => {
      reply = (reply + chunk.toString('latin1')).slice(-4096)
    })
    socket.resume()
    await expect.poll(() => /\r\n\r\n\{"error":\{"code":"[A-Z_]+"/.test(reply)).toBe(true)
    socket.destroy()
    rmSync(root, { recursive: true, force: true })
  })
})
