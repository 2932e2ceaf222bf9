import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Frame, startDemo, user } from './harness.ts'

let demo: Awaited<ReturnType<typeof startDemo>>
beforeEach(async () => {
  demo = await startDemo()
})
afterEach(async () => {
  await demo.close()
})

async function respond(u: ReturnType<typeof user>, body: unknown) {
  return u.request('/api/respond', { method: 'POST', json: body })
}

const transcript = async (u: ReturnType<typeof user>, sessionId: string) =>
  (await u.request(`/api/sessions/${sessionId}`)).body.events as Frame[]

describe('principals and sessions', () => {
  it('mints an HttpOnly, SameSite=Lax principal cookie on the first page load', async () => {
    const response = await fetch(`${demo.base}/`)
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^parley_principal=v1\.[\w-]{22}\.[\w-]{43};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
  })

  it('creates a session for the caller and lists it as idle', async () => {
    const alice = user(demo.base)
    const sessionId = await alice.newSession('Release checklist')
    const list = await alice.request('/api/sessions')
    expect(list.body.sessions).toEqual([
      expect.objectContaining({ id: sessionId, title: 'Release checklist', status: 'idle' }),
    ])
  })

  it("answers another principal's session exactly as a missing one: 404 NO_SESSION", async () => {
    const alice = user(demo.base)
    const mallory = user(demo.base)
    const sessionId = await alice.newSession()
    await mallory.request('/')
    const missing = await mallory.request('/api/sessions/00000000-0000-0000-0000-000000000000')
    const replies = [
      await mallory.request(`/api/sessions/${sessionId}`),
      await mallory.request(`/api/sessions/${sessionId}/messages`, {
        method: 'POST',
        json: { text: 'hi' },
      }),
      await mallory.request(`/api/sessions/${sessionId}/stop`, { method: 'POST', json: {} }),
    ]
    for (const reply of replies) {
      expect(reply.status).toBe(404)
      expect(reply.body).toEqual(missing.body)
    }
    expect(missing.body.error.code).toBe('NO_SESSION')
    expect((await mallory.request('/api/sessions')).body.sessions).toEqual([])
  })

  it('never sets a cookie on an API reply', async () => {
    const stranger = await fetch(`${demo.base}/api/sessions`)
    expect(stranger.status).toBe(401)
    expect(stranger.headers.get('set-cookie')).toBeNull()
    const alice = user(demo.base)
    await alice.newSession()
    const list = await fetch(`${demo.base}/api/sessions`, { headers: { cookie: alice.cookie } })
    expect(list.headers.get('set-cookie')).toBeNull()
  })

  it('refuses a cross-site form post by its content type', async () => {
    const alice = user(demo.base)
    await alice.request('/')
    const form = await alice.request('/api/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=x',
    })
    expect(form.status).toBe(415)
  })

  it('puts every POST behind the content-type fence, even those without fields', async () => {
    const alice = user(demo.base)
    const sessionId = await alice.newSession()
    const plain = { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }
    expect((await alice.request(`/api/sessions/${sessionId}/stop`, plain)).status).toBe(415)
    expect((await alice.request('/api/test/drop-sockets', plain)).status).toBe(415)
  })

  it('refuses a malformed body with a 400 that names the field', async () => {
    const alice = user(demo.base)
    const sessionId = await alice.newSession()
    const blank = await alice.request(`/api/sessions/${sessionId}/messages`, {
      method: 'POST',
      json: { text: '   ' },
    })
    expect(blank.status).toBe(400)
    expect(blank.body.error).toMatchObject({
      code: 'BAD_BODY',
      message: expect.stringContaining('text'),
    })
    const title = await alice.request('/api/sessions', { method: 'POST', json: { title: 42 } })
    expect(title.status).toBe(400)
  })

  it('refuses a state-changing request from a foreign origin', async () => {
    const alice = user(demo.base)
    await alice.request('/')
    const response = await alice.request('/api/sessions', {
      method: 'POST',
      json: {},
      headers: { origin: 'https://evil.example' },
    })
    expect(response.status).toBe(403)
  })

  it('refuses an Origin with the same host but another scheme (https on an http host)', async () => {
    const alice = user(demo.base)
    await alice.request('/')
    const https = demo.base.replace('http:', 'https:')
    const foreign = await alice.request('/api/sessions', {
      method: 'POST',
      json: {},
      headers: { origin: https },
    })
    expect(foreign.status).toBe(403)
    expect(foreign.body.error.code).toBe('FOREIGN_ORIGIN')
    const own = await alice.request('/api/sessions', {
      method: 'POST',
      json: {},
      headers: { origin: demo.base },
    })
    expect(own.status).toBe(201)
  })

  it('sends nosniff, no-referrer and same-origin CORP on JSON replies and 404s', async () => {
    const alice = user(demo.base)
    await alice.request('/')
    const replies = [
      await alice.request('/api/sessions'),
      await alice.request('/api/nowhere'),
      await alice.request('/api/sessions/nope'),
      await fetch(`${demo.base}/api/sessions`),
      await alice.request('/api/respond', { method: 'POST', json: { rpcId: 'x' } }),
    ]
    for (const reply of replies) {
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff')
      expect(reply.headers.get('referrer-policy')).toBe('no-referrer')
      expect(reply.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    }
  })
})

describe('the scripted agent', () => {
  it('asks the new-project questions and replies with the answers', async () => {
    const alice = user(demo.base)
    const sessionId = await alice.newSession()
    const mux = await alice.openMux()
    await mux.next((f) => f.type === 'mux/ready')
    await alice.request(`/api/sessions/${sessionId}/messages`, {
      method: 'POST',
      json: { text: 'Start a new project' },
    })
    const asked = await mux.next((f) => f.type === 'question/requested')
    expect(asked.questions.map((q: { id: string }) => q.id)).toEqual([
      'framework',
      'features',
      'name',
    ])
    expect((await alice.request('/api/sessions')).body.sessions[0].status).toBe(
      'waiting-for-answer',
    )

    const receipt = await respond(alice, {
      rpcId: asked.rpcId,
      sessionId,
      result: {
        ok: true,
        answer: {
          answers: [
            { id: 'framework', selected: ['React (Recommended)'] },
            { id: 'features', selected: ['TypeScript'], custom: 'Storybook' },
            { id: 'name', selected: [], custom: 'Orbit' },
          ],
        },
      },
    })
    expect(receipt.body).toEqual({ accepted: true })
    const reply = await mux.next(
      (f) => f.type === 'chat/event' && f.event.role === 'agent' && /Orbit/.test(f.event.text),
    )
    expect(reply.event.text).toContain('React')
    expect(reply.event.text).toContain('TypeScript, Storybook')
    const row = (await transcript(alice, sessionId)).find((e) => e.kind === 'tool')
    expect(row).toMatchObject({ status: 'answered', answered: 3, total: 3 })
    expect((await alice.request('/api/sessions')).body.sessions[0].status).toBe('idle')
    mux.close()
    await demo.host.audit?.flush()
    const sink = demo.audit
    if (!('list' in sink)) throw new Error('one process keeps its audit log in memory')
    const records = sink.list({ sessionId })
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({
      kind: 'question',
      rpcId: asked.rpcId,
      outcome: 'answered',
      by: { principal: expect.any(String) },
      answer: {
        answers: [
          { id: 'framework', selected: ['React (Recommended)'] },
          { id: 'features', selected: ['TypeScript'], redacted: true },
          { id: 'name', selected: [], redacted: true },
        ],
      },
    })
    expect(JSON.stringify(records)).not.toContain('Orbit')
  })

  it('tells a cancel apart from an interruption', async () => {
    const alice = user(demo.base)
    const sessionId = await alice.newSession()
    const mux = await alice.openMux()
    await alice.request(`/api/sessions/${sessionId}/messages`, {
      method: 'POST',
      json: { text: '/plan' },
    })
    const plan = await mux.next((f) => f.type === 'question/requested')
    expect(plan.questions[0].intent).toEqual({ kind: 'plan-review', approve: 'Approve' })
    expect((await alice.request('/api/sessions')).body.sessions[0].status).toBe('plan-review')
    await respond(alice, {
      rpcId: plan.rpcId,
      sessionId,
      result: { ok: false, error: { code: 'cancelled' } },
    })
    const cancelled = await mux.next(
      (f) => f.type === 'chat/event' && f.event.kind === 'tool' && f.event.status !== 'running',
    )
    expect(cancelled.event).toMatchObject({ status: 'cancelled', code: 'ASK_CANCELLED' })
    await mux.next((f) => f.type === 'chat/event' && /talk it through/.test(f.event.text ?? ''))

    await alice.request(`/api/sessions/${sessionId}/messages`, {
      method: 'POST',
      json: { text: '/many' },
    })
    const many = await mux.next((f) => f.type === 'question/requested')
    expect(many.questions).toHaveLength(10)
    await alice.request(`/api/sessions/${sessionId}/stop`, { method: 'POST', json: {} })
    const resolved = await mux.next((f) => f.type === 'question/resolved' && f.rpcId === many.rpcId)
    expect(resolved.outcome).toBe('aborted')
    const interrupted = await mux.next(
      (f) => f.type === 'chat/event' && f.event.kind === 'tool' && f.event.status !== 'running',
    )
    expect(interrupted.event).toMatchObject({ status: 'interrupted', code: 'ASK_ABORTED' })
    await mux.next((f) => f.type === 'chat/event' && /interrupted/.test(f.event.text ?? ''))
    mux.close()
  })
})

describe('the test API', () => {
  it('is not reachable unless PARLEY_TEST_API is on', async () => {
    const off = await startDemo({ testApi: false })
    const alice = user(off.base)
    const sessionId = await alice.newSession()
    const ask = await alice.request('/api/test/ask', {
      method: 'POST',
      json: { sessionId, questions: [] },
    })
    expect(ask.status).toBe(404)
    expect(
      (await alice.request('/api/test/drop-sockets', { method: 'POST', json: {} })).status,
    ).toBe(404)
    await off.close()
  })

  it('reports the rpcId of the frame and how the ask settled', async () => {
    const alice = user(demo.base)
    const sessionId = await alice.newSession()
    const mux = await alice.openMux()
    const questions = [
      { id: 'color', question: 'Which colour?', options: [{ label: 'Blue' }, { label: 'Red' }] },
    ]
    const { body } = await alice.request('/api/test/ask', {
      method: 'POST',
      json: { sessionId, questions },
    })
    const frame = await mux.next((f) => f.type === 'question/requested')
    const pending = await alice.request(`/api/test/asks/${body.askId}`)
    expect(pending.body).toMatchObject({ status: 'pending', rpcId: frame.rpcId })
    await respond(alice, {
      rpcId: frame.rpcId,
      sessionId,
      result: { ok: true, answer: { answers: [{ id: 'color', selected: ['Blue'] }] } },
    })
    await mux.next((f) => f.type === 'question/resolved')
    const settled = await alice.request(`/api/test/asks/${body.askId}`)
    expect(settled.body).toMatchObject({
      status: 'answered',
      answer: { answers: [{ id: 'color', selected: ['Blue'] }] },
    })
    mux.close()
  })

  it("reads a seam rejection as rejected with the seam's error", async () => {
    const alice = user(demo.base)
    const sessionId = await alice.newSession()
    const { body } = await alice.request('/api/test/ask', {
      method: 'POST',
      json: { sessionId, questions: [] },
    })
    await expect
      .poll(async () => (await alice.request(`/api/test/asks/${body.askId}`)).body)
      .toMatchObject({
        status: 'rejected',
        error: { name: 'UserQuestionError', code: 'EMPTY_QUESTIONS' },
      })
  })

  it('aborts an ask as a cancelled agent turn would, only for its owner and only with JSON', async () => {
    const alice = user(demo.base)
    const mallory = user(demo.base)
    await mallory.request('/')
    const sessionId = await alice.newSession()
    const questions = [{ id: 'q', question: 'Go?' }]
    const foreignSession = await mallory.request('/api/test/ask', {
      method: 'POST',
      json: { sessionId, questions },
    })
    expect(foreignSession.status).toBe(404)
    expect(foreignSession.body.error.code).toBe('NO_SESSION')
    const { body } = await alice.request('/api/test/ask', {
      method: 'POST',
      json: { sessionId, questions },
    })
    const read = await mallory.request(`/api/test/asks/${body.askId}`)
    expect(read.status).toBe(404)
    expect(read.body.error.code).toBe('NO_ASK')
    const abort = await mallory.request(`/api/test/asks/${body.askId}/abort`, {
      method: 'POST',
      json: {},
    })
    expect(abort.status).toBe(404)
    expect(abort.body.error.code).toBe('NO_ASK')
    const plain = { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }
    expect((await alice.request(`/api/test/asks/${body.askId}/abort`, plain)).status).toBe(415)
    expect((await alice.request(`/api/test/asks/${body.askId}`)).body.status).toBe('pending')
    await alice.request(`/api/test/asks/${body.askId}/abort`, { method: 'POST', json: {} })
    await expect
      .poll(async () => (await alice.request(`/api/test/asks/${body.askId}`)).body)
      .toMatchObject({
        status: 'rejected',
        error: { code: 'ASK_ABORTED' },
      })
  })

  it("drops the caller's downlink sockets on request, and only the caller's", async () => {
    const alice = user(demo.base)
    await alice.newSession()
    const mux = await alice.openMux()
    const closed = new Promise((resolve) => mux.socket.once('close', resolve))
    const bob = user(demo.base)
    await bob.newSession()
    const bobs = await bob.openMux()
    const dropped = await alice.request('/api/test/drop-sockets', { method: 'POST', json: {} })
    expect(dropped.body.dropped).toBe(1)
    expect(bobs.socket.readyState).toBe(bobs.socket.OPEN)
    bobs.close()
    await closed
  })
})
