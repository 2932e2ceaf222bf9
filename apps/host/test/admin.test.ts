import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN_TOKEN, adminGet, askedPerson, listed } from './admin-support.ts'
import { startDemo, user } from './harness.ts'

type Demo = Awaited<ReturnType<typeof startDemo>>
const started: Demo[] = []
afterEach(async () => {
  for (const demo of started.splice(0)) await demo.close()
})

async function demo(options: Parameters<typeof startDemo>[0] = {}) {
  const one = await startDemo({ adminToken: ADMIN_TOKEN, ...options })
  started.push(one)
  return one
}

describe('the admin routes', () => {
  it('answer 404 ADMIN_OFF when no admin token is set, whatever is sent', async () => {
    const { base } = await demo({ adminToken: undefined })
    for (const token of [null, ADMIN_TOKEN]) {
      const reply = await adminGet(base, '/api/admin/questions', token)
      expect(reply.status).toBe(404)
      expect(reply.body.error.code).toBe('ADMIN_OFF')
    }
  })

  it('refuse a request without the token, or with a wrong one, with 401 and a Bearer challenge', async () => {
    const { base } = await demo()
    const missing = await adminGet(base, '/api/admin/questions', null)
    expect([missing.status, missing.body.error.code]).toEqual([401, 'ADMIN_TOKEN_MISSING'])
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="parley-admin"')
    for (const wrong of ['not-the-token', `${ADMIN_TOKEN}x`, ADMIN_TOKEN.slice(0, -1)]) {
      const reply = await adminGet(base, '/api/admin/questions', wrong)
      expect([reply.status, reply.body.error.code]).toEqual([401, 'ADMIN_TOKEN_INVALID'])
    }
    const basic = await fetch(`${base}/api/admin/questions`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` },
    })
    expect(basic.status).toBe(401)
    expect((await adminGet(base, '/api/admin/questions')).status).toBe(200)
  })

  it('never take the token from the address, and refuse an address that carries one', async () => {
    const { base } = await demo()
    for (const name of ['token', 'access_token'])
      for (const token of [null, ADMIN_TOKEN]) {
        const reply = await adminGet(base, `/api/admin/questions?${name}=${ADMIN_TOKEN}`, token)
        expect([reply.status, reply.body.error.code]).toEqual([400, 'ADMIN_TOKEN_IN_URL'])
      }
  })

  it('only read: a POST is 405, an unknown admin path 404, a bad query 400 BAD_QUERY', async () => {
    const { base } = await demo()
    const post = await fetch(`${base}/api/admin/questions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD'])
    expect((await adminGet(base, '/api/admin/nothing')).body.error.code).toBe('NOT_FOUND')
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?outcome=lost',
      '?colour=teal',
      '?session=a&session=b',
    ]) {
      const reply = await adminGet(base, `/api/admin/questions${query}`)
      expect([query, reply.status, reply.body.error.code]).toEqual([query, 400, 'BAD_QUERY'])
    }
    const unknown = await adminGet(base, '/api/admin/questions?colour=teal&limit=0')
    expect(unknown.body.error.message).toBe('The query is not valid (limit, colour).')
    const badId = await adminGet(base, '/api/admin/questions/not%20an%20id')
    expect([badId.status, badId.body.error.code]).toEqual([400, 'BAD_RPC_ID'])
    const none = await adminGet(base, '/api/admin/questions/no-such-question')
    expect([none.status, none.body.error.code]).toEqual([404, 'NO_QUESTION'])
  })

  it('list a question while it waits, then as answered with who, where and when, and open it', async () => {
    const { base, host } = await demo()
    const asked = await askedPerson(base, 'Which colour?')
    const pending = await adminGet(base, '/api/admin/questions')
    expect(pending.body.questions).toEqual([
      expect.objectContaining({
        rpcId: asked.rpcId,
        sessionId: asked.sessionId,
        status: 'pending',
        title: 'Which colour?',
        questionCount: 1,
        at: { asked: expect.any(Number) },
      }),
    ])
    const waiting = await adminGet(base, `/api/admin/questions/${asked.rpcId}`)
    expect(waiting.body.question).toMatchObject({
      status: 'pending',
      questions: [{ id: 'colour' }],
    })

    expect((await asked.answer([], 'A darker teal')).body).toEqual({ accepted: true })
    await host.audit?.flush()
    const [row] = (await adminGet(base, '/api/admin/questions')).body.questions
    expect(row).toMatchObject({
      rpcId: asked.rpcId,
      status: 'answered',
      by: { client: expect.any(String) },
      where: { transport: 'websocket' },
    })
    expect(row.at.ended).toBeGreaterThanOrEqual(row.at.asked)
    expect(row).not.toHaveProperty('answer')

    const opened = await adminGet(base, `/api/admin/questions/${asked.rpcId}`)
    expect(opened.body.question).toMatchObject({
      status: 'answered',
      questions: [{ question: 'Which colour?', detail: 'For the **banner**.' }],
      // The default redaction: selections are kept, typed text is not.
      answer: { answers: [{ id: 'colour', selected: [], redacted: true }] },
    })
    expect(JSON.stringify(opened.body)).not.toContain('darker teal')
    expect(opened.body.amendments).toEqual([])
    asked.tab.close()
  })

  it('filter by outcome and by session, and page with limit and before', async () => {
    const { base, host } = await demo()
    const first = await askedPerson(base, 'First?')
    await first.answer(['Teal'])
    const second = await askedPerson(base, 'Second?')
    await second.cancel()
    const third = await askedPerson(base, 'Third?')
    await third.answer(['Amber'])
    const waiting = await askedPerson(base, 'Still waiting?')
    await host.audit?.flush()

    expect(await listed(base)).toEqual([
      [waiting.rpcId, 'pending'],
      [third.rpcId, 'answered'],
      [second.rpcId, 'cancelled'],
      [first.rpcId, 'answered'],
    ])
    expect(await listed(base, '?outcome=answered')).toEqual([
      [third.rpcId, 'answered'],
      [first.rpcId, 'answered'],
    ])
    expect(await listed(base, '?outcome=cancelled')).toEqual([[second.rpcId, 'cancelled']])
    expect(await listed(base, '?outcome=pending')).toEqual([[waiting.rpcId, 'pending']])
    expect(await listed(base, '?outcome=timed-out')).toEqual([])
    expect(await listed(base, `?session=${second.sessionId}`)).toEqual([
      [second.rpcId, 'cancelled'],
    ])
    expect(await listed(base, `?session=${waiting.sessionId}`)).toEqual([
      [waiting.rpcId, 'pending'],
    ])

    const page1 = await adminGet(base, '/api/admin/questions?limit=2')
    expect(page1.body.questions.map((row: { rpcId: string }) => row.rpcId)).toEqual([
      waiting.rpcId,
      third.rpcId,
      second.rpcId,
    ])
    expect(page1.body.next).toBe(second.rpcId)
    const page2 = await adminGet(base, `/api/admin/questions?limit=2&before=${page1.body.next}`)
    expect(page2.body).toEqual({
      questions: [expect.objectContaining({ rpcId: first.rpcId })],
      next: null,
    })
    for (const one of [first, second, third, waiting]) one.tab.close()
  })

  it('open an answered question with every change of its answer, in order', async () => {
    const { base, host } = await demo()
    const alice = user(base)
    const sessionId = await alice.newSession()
    const tab = await alice.openMux()
    await tab.next((frame) => frame.type === 'mux/ready')
    const said = await alice.request(`/api/sessions/${sessionId}/messages`, {
      method: 'POST',
      json: { text: 'Start a new project' },
    })
    expect(said.status).toBe(202)
    const asked = await tab.next((frame) => frame.type === 'question/requested')
    const answer = (framework: string) => ({
      answers: [
        { id: 'framework', selected: [framework] },
        { id: 'features', selected: ['TypeScript'] },
        { id: 'name', selected: [], custom: 'Orbit' },
      ],
    })
    const { rpcId } = asked
    await alice.request('/api/respond', {
      method: 'POST',
      json: { rpcId, sessionId, result: { ok: true, answer: answer('React (Recommended)') } },
    })
    await tab.next((frame) => frame.type === 'question/answer')
    for (const [revision, framework] of [
      [0, 'Vue'],
      [1, 'Svelte'],
    ] as const) {
      const amended = await alice.request('/api/amend', {
        method: 'POST',
        json: { rpcId, sessionId, revision, answer: answer(framework) },
      })
      expect(amended.body).toEqual({ accepted: true, revision: revision + 1 })
    }
    await host.audit?.flush()
    const opened = await adminGet(base, `/api/admin/questions/${rpcId}`)
    expect(opened.body.question).toMatchObject({
      status: 'answered',
      answer: { answers: [{ id: 'framework', selected: ['React (Recommended)'] }, {}, {}] },
    })
    expect(
      opened.body.amendments.map(
        (one: {
          revision: number
          changed: string[]
          answer: { answers: { selected: string[] }[] }
        }) => [one.revision, one.changed, one.answer.answers[0]?.selected],
      ),
    ).toEqual([
      [1, ['framework'], ['Vue']],
      [2, ['framework'], ['Svelte']],
    ])
    // The list names the question once, whatever its amendments.
    expect(await listed(base, `?session=${sessionId}`)).toEqual([[rpcId, 'answered']])
    tab.close()
  })

  it('throttle requests per address, so a token cannot be guessed quickly', async () => {
    const { base } = await demo({ adminRateLimit: { burst: 3, perSecond: 0.01 } })
    const statuses = []
    for (let i = 0; i < 5; i++)
      statuses.push((await adminGet(base, '/api/admin/questions', 'guess-guess-guess')).status)
    expect(statuses).toEqual([401, 401, 401, 429, 429])
  })
})

describe('the demo host', () => {
  it('refuses an admin token shorter than 16 characters', async () => {
    await expect(startDemo({ adminToken: 'short' })).rejects.toThrow(/at least 16 characters/)
  })
})
