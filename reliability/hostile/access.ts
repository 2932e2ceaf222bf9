import { randomUUID } from 'node:crypto'
import { eventually, principal, QUESTIONS, startDemo } from '../demo.ts'
import { within } from '../raw-http.ts'
import { openMuxSocket } from '../streams.ts'
import { politely } from './kit.ts'
import {
  type Answer,
  answerBody,
  call,
  cancelBody,
  deepEqual,
  type Hostile,
  hostOf,
  same,
} from './support.ts'

/** Contract 9: an evicted session is revoked everywhere, narrowed streams included. */
export async function revocationByEviction({ ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  // Eviction needs 201 sessions from one principal: no rate limit to wait out here.
  const crowded = await startDemo({ rateLimit: false })
  try {
    const henry = await principal(crowded.base)
    const evicted = await henry.newSession()
    const first = await henry.ask(evicted)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const kept = await henry.newSession()
    await new Promise((resolve) => setTimeout(resolve, 5))
    const mux = openMuxSocket(
      crowded.base,
      henry.cookie,
      crowded.base,
      `?session=${evicted}&session=${kept}`,
    )
    const upgrade = await mux.opened
    await eventually(() => mux.frames.some((f) => f.type === 'mux/ready'), 'mux/ready', 5_000)
    const before = mux.frames.length
    // 199 more make 201: the least recently updated one (the first) is evicted.
    for (let i = 0; i < 199; i++) await henry.newSession()
    const firstStatus = await eventually(
      async () => {
        const status = await henry.askStatus(first.askId)
        return status.status === 'pending' ? false : status
      },
      'the evicted ask to settle',
      3_000,
    ).catch(() => ({ status: 'still pending after 3 s' }))
    const transcript = await henry.request(`/api/sessions/${evicted}`)
    const askAgain = await henry.request('/api/test/ask', {
      json: { sessionId: evicted, questions: QUESTIONS },
    })
    // What the host itself might still publish for the revoked session: an app
    // frame, and a question from an agent that has not heard of the eviction.
    crowded.host.broadcast(evicted, { type: 'hostile/probe' })
    const lateAsk = crowded.service.ask({ sessionId: evicted, questions: QUESTIONS }).then(
      () => 'answered',
      (error: { code?: string }) => `rejected ${error.code}`,
    )
    const marker = await henry.request('/api/test/ask', {
      json: { sessionId: kept, questions: QUESTIONS },
    })
    const markerRpc =
      marker.status === 202 ? (await henry.askStatus(marker.body.askId)).rpcId : null
    const drained = await Promise.race([
      eventually(
        () => mux.frames.some((f) => f.type === 'question/requested' && f.rpcId === markerRpc),
        'the marker frame',
        5_000,
      )
        .then(() => 'marker arrived')
        .catch(() => 'no marker'),
      mux.closed.then(() => 'stream closed'),
    ])
    const leaked = mux.frames
      .slice(before)
      .filter(
        (f) =>
          f.sessionId === evicted && !(f.type === 'question/resolved' && f.rpcId === first.rpcId),
      )
    mux.close()
    ledger.figure('revocation: sessions created by one principal', 201)
    ledger.figure('revocation: the narrowed stream after eviction', drained)
    ledger.figure(
      'revocation: an in-process ask in the evicted session',
      await within(lateAsk, 0, 'pending'),
    )
    v.hold('the narrowed stream opened', upgrade === null, upgrade)
    v.hold(
      "the evicted session's pending ask settles rejected with ASK_ABORTED",
      firstStatus.status === 'rejected' &&
        (firstStatus as { error?: { code?: string } }).error?.code === 'ASK_ABORTED',
      firstStatus,
    )
    v.hold(
      'the evicted session is gone: transcript 404, a new ask in it refused 404',
      transcript.status === 404 && askAgain.status === 404,
      { transcript: transcript.status, ask: askAgain.status },
    )
    v.hold(
      'the narrowed stream carries no frame for the evicted session afterwards',
      drained !== 'no marker' && leaked.length === 0,
      { drained, leaked },
    )
    await crowded.assertAlive()
  } finally {
    await crowded.close()
  }
  v.settle()
}

/** Contract 10: another principal's rpcIds, sessions and asks look exactly like unknown ones. */
export async function noOracles({ demo, ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const owner = await principal(demo.base)
  const mallory = await principal(demo.base)
  const ownerSession = await owner.newSession()
  const malloryOwn = await mallory.newSession()
  const { askId, rpcId } = await owner.ask(ownerSession)
  const seen = { limited: 0 }
  const post = (json: unknown) => politely(() => mallory.request('/api/respond', { json }), seen)
  const unknown = randomUUID()
  const foreignAnswer = await post(answerBody(rpcId, malloryOwn))
  const unknownAnswer = await post(answerBody(unknown, malloryOwn))
  const foreignCancel = await post(cancelBody(rpcId, malloryOwn))
  const unknownCancel = await post(cancelBody(unknown, malloryOwn))
  const notPending = { accepted: false, reason: 'not-pending' }
  v.hold(
    "respond with another's real rpcId and one's own session = unknown rpcId = not-pending",
    [
      same(foreignAnswer, unknownAnswer) && deepEqual(foreignAnswer.body, notPending),
      same(foreignCancel, unknownCancel) && deepEqual(foreignCancel.body, notPending),
    ],
    {
      foreignAnswer: foreignAnswer.body,
      unknownAnswer: unknownAnswer.body,
      foreignCancel: foreignCancel.body,
    },
  )
  const foreignSession = await mallory.request(`/api/sessions/${ownerSession}`)
  const unknownSession = await mallory.request(`/api/sessions/${randomUUID()}`)
  v.hold(
    'GET a foreign session = GET an unknown one (404)',
    foreignSession.status === 404 && same(foreignSession, unknownSession),
    [foreignSession.status, foreignSession.body, unknownSession.status, unknownSession.body],
  )
  const foreignAsk = await mallory.request(`/api/test/asks/${askId}`)
  const unknownAsk = await mallory.request(`/api/test/asks/${randomUUID()}`)
  v.hold(
    'GET a foreign test ask = GET an unknown one (404)',
    foreignAsk.status === 404 && same(foreignAsk, unknownAsk),
    [foreignAsk.status, foreignAsk.body, unknownAsk.status, unknownAsk.body],
  )
  const ownerAnswer = await politely(
    () => owner.request('/api/respond', { json: answerBody(rpcId, ownerSession) }),
    seen,
  )
  v.hold(
    'the probed question is still answered by its owner',
    ownerAnswer.body.accepted === true,
    ownerAnswer.body,
  )
  v.settle()
}

/** Contract 11: the scheme-aware Origin fence, the content-type fence on abort, nosniff everywhere. */
export async function fences({ demo, ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const ivy = await principal(demo.base)
  const session = await ivy.newSession()
  const httpsTwin = `https://${hostOf(demo.base)}`
  const created = await ivy.request('/api/sessions', { json: {}, headers: { origin: httpsTwin } })
  const responded = await ivy.request('/api/respond', {
    json: answerBody(randomUUID(), session),
    headers: { origin: httpsTwin },
  })
  const mux = openMuxSocket(demo.base, ivy.cookie, httpsTwin)
  const muxStatus = await mux.opened
  mux.close()
  v.hold(
    `Origin ${httpsTwin} on the http host: 403 for POST /api/sessions and the mux upgrade`,
    [created.status === 403, muxStatus === 403],
    { sessions: created.status, mux: muxStatus },
  )
  v.hold(
    `Origin ${httpsTwin}: 403 for POST /api/respond`,
    responded.status === 403,
    responded.status,
  )

  const { askId } = await ivy.ask(session)
  const abort = await ivy.request(`/api/test/asks/${askId}/abort`, {
    body: '{}',
    headers: { 'content-type': 'text/plain' },
  })
  const afterAbort = await ivy.askStatus(askId)
  v.hold(
    'POST /api/test/asks/:id/abort with text/plain: 415, the ask still pending',
    abort.status === 415 && afterAbort.status === 'pending',
    { abort: abort.status, ask: afterAbort.status },
  )

  const burst = await Promise.all(
    Array.from({ length: 25 }, () => ivy.request('/api/sessions', { json: {} })),
  )
  const limited = burst.find((reply) => reply.status === 429)
  const replies: [string, Answer | Awaited<ReturnType<typeof ivy.request>> | undefined][] = [
    ['JSON 200 (GET /api/sessions)', await ivy.request('/api/sessions')],
    ['JSON 404 (GET /api/nope)', await ivy.request('/api/nope')],
    ['JSON 401 (respond without a cookie)', await call(demo.base, '/api/respond', { json: {} })],
    ['JSON 426 (GET /api/mux, no upgrade)', await ivy.request('/api/mux')],
    ['JSON 415 (abort as text/plain)', abort],
    ['JSON 403 (foreign scheme)', created],
    ['429 (rate limit)', limited],
    ['static 503 (GET /, no web build)', await call(demo.base, '/', { cookie: ivy.cookie })],
    ['static 404 (GET /missing.js)', await call(demo.base, '/missing.js', { cookie: ivy.cookie })],
  ]
  const sniffable = replies.filter(
    ([, reply]) => reply?.headers.get('x-content-type-options') !== 'nosniff',
  )
  ledger.figure('nosniff: kinds of reply checked', replies.length)
  v.hold(
    'X-Content-Type-Options: nosniff on every reply (JSON, 404, 429, static/503)',
    sniffable.length === 0,
    sniffable.map(([name, reply]) => `${name}: ${reply ? reply.status : 'no such reply seen'}`),
  )
  await ivy.request(`/api/test/asks/${askId}/abort`, { json: {} })
  v.settle()
}
