import { eventually, principal, QUESTIONS, startDemo } from '../demo.ts'
import { countsOf } from '../ledger.ts'
import { dribble, openRaw, rawHead, within } from '../raw-http.ts'
import { openEventStream, openMuxSocket } from '../streams.ts'
import { inWaves, markdownOf } from './kit.ts'
import {
  bigQuestion,
  bodyOfBytes,
  type Hostile,
  hostOf,
  mib,
  portOf,
  range,
  reopen,
  reopenStream,
  SIZE,
} from './support.ts'

/** Contract 5: a replay larger than the send buffer arrives whole; the byte and count limits of asks. */
export async function replayPastSendCap({ demo, ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const carol = await principal(demo.base)
  const sessions = [await carol.newSession(), await carol.newSession()]
  const detail = markdownOf(200 * 1024)
  const asked = await inWaves(range(SIZE.replayAsks), 4, (i) =>
    carol.ask(sessions[i % sessions.length] as string, { questions: [bigQuestion(detail, i)] }),
  )
  const mux = openMuxSocket(demo.base, carol.cookie, demo.base)
  const started = Date.now()
  const upgrade = await mux.opened
  const ended = await Promise.race([
    eventually(() => mux.frames.some((frame) => frame.type === 'mux/ready'), 'mux/ready', 30_000)
      .then(() => 'ready')
      .catch(() => 'no mux/ready within 30 s'),
    mux.closed.then(() => 'closed before mux/ready'),
  ])
  const replayMs = Date.now() - started
  const ready = mux.frames.findIndex((frame) => frame.type === 'mux/ready')
  const replayed = new Set(
    mux.frames
      .slice(0, ready < 0 ? mux.frames.length : ready)
      .filter((frame) => frame.type === 'question/requested')
      .map((frame) => frame.rpcId),
  )
  const missing = asked.filter(({ rpcId }) => !replayed.has(rpcId)).length
  ledger.figure('replay: pending questions', asked.length)
  ledger.figure(
    'replay: pending frame bytes (MiB, send buffer cap 4)',
    mib(asked.length * detail.length),
  )
  ledger.figure('replay: bytes received before mux/ready (MiB)', mib(mux.bytes()))
  ledger.figure('replay: time to mux/ready (ms)', replayMs)
  v.hold(
    'a fresh WebSocket gets every question/requested, then mux/ready',
    upgrade === null && ended === 'ready' && missing === 0,
    { upgrade, ended, missing, frames: mux.frames.length },
  )
  mux.close()
  await Promise.all(
    asked.map(({ askId }) => carol.request(`/api/test/asks/${askId}/abort`, { json: {} })),
  )

  // A body just inside the test API's 256 KiB whose frame (type, rpcId and
  // requestedAt added) is just past the 256 KiB a question's frame may take.
  const oversized = bodyOfBytes(sessions[0] as string, 256 * 1024 - 16)
  const tooLarge = await carol.request('/api/test/ask', {
    body: oversized,
    headers: { 'content-type': 'application/json' },
  })
  ledger.figure('oversized ask: test API body bytes', Buffer.byteLength(oversized))
  const tooLargeStatus =
    tooLarge.status === 202 ? await carol.askStatus(tooLarge.body.askId) : tooLarge.body
  v.hold(
    'an ask above the per-question byte limit rejects at once with ASK_TOO_LARGE',
    tooLarge.status === 202 &&
      tooLargeStatus.status === 'rejected' &&
      (tooLargeStatus.error as { code?: string } | undefined)?.code === 'ASK_TOO_LARGE',
    { post: tooLarge.status, status: tooLargeStatus },
  )

  const crowded = await carol.newSession()
  const sixtyFour = await inWaves(range(64), 16, () => carol.ask(crowded))
  const statuses = await Promise.all(sixtyFour.map(({ askId }) => carol.askStatus(askId)))
  const extra = await carol.request('/api/test/ask', {
    json: { sessionId: crowded, questions: QUESTIONS },
  })
  const extraStatus = extra.status === 202 ? await carol.askStatus(extra.body.askId) : extra.body
  v.hold(
    '64 pending asks in one session stay pending; the 65th rejects with ASK_LIMIT_REACHED',
    statuses.every((status) => status.status === 'pending') &&
      extraStatus.status === 'rejected' &&
      (extraStatus.error as { code?: string } | undefined)?.code === 'ASK_LIMIT_REACHED',
    { pending: countsOf(statuses.map((s) => String(s.status))), extra: extraStatus },
  )
  await Promise.all(
    sixtyFour.map(({ askId }) => carol.request(`/api/test/asks/${askId}/abort`, { json: {} })),
  )
  await demo.assertAlive()
  v.settle()
}

/** Contract 6: more than 32 downlinks per principal get 429; a closed one frees its slot. */
export async function streamFloods({ demo, ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const total = 32 + SIZE.extraStreams

  const dave = await principal(demo.base)
  const sockets = Array.from({ length: total }, () =>
    openMuxSocket(demo.base, dave.cookie, demo.base),
  )
  const wsStatuses = await Promise.all(sockets.map((socket) => socket.opened))
  const openSockets = sockets.filter((_, i) => wsStatuses[i] === null)
  ledger.figure('WebSocket flood: upgrades from one principal', total)
  ledger.figure('WebSocket flood: outcomes', countsOf(wsStatuses.map((s) => s ?? 'open')))
  v.hold(
    'WebSockets: 32 open, every extra upgrade 429',
    openSockets.length === 32 && wsStatuses.filter((s) => s === 429).length === total - 32,
    countsOf(wsStatuses.map((s) => s ?? 'open')),
  )
  openSockets[0]?.close()
  await openSockets[0]?.closed
  const wsAgain = await reopen(() => openMuxSocket(demo.base, dave.cookie, demo.base))
  v.hold('WebSockets: a closed slot opens again', wsAgain !== null)
  wsAgain?.close()
  for (const socket of sockets) socket.close()

  const erin = await principal(demo.base)
  const streams = Array.from({ length: total }, () =>
    openEventStream(demo.base, erin.cookie, demo.base),
  )
  const sseStatuses = await Promise.all(streams.map((stream) => stream.status))
  ledger.figure('SSE flood: streams from one principal', total)
  ledger.figure('SSE flood: statuses seen', countsOf(sseStatuses))
  v.hold(
    'SSE: 32 open (200), every extra stream 429',
    sseStatuses.filter((s) => s === 200).length === 32 &&
      sseStatuses.filter((s) => s === 429).length === total - 32,
    countsOf(sseStatuses),
  )
  streams[sseStatuses.indexOf(200)]?.close()
  const sseAgain = await reopenStream(() => openEventStream(demo.base, erin.cookie, demo.base))
  v.hold('SSE: a closed slot opens again', sseAgain !== null)
  sseAgain?.close()
  for (const stream of streams) stream.close()
  await demo.assertAlive()
  v.settle()
}

/** Contract 7: slowloris headers and a dribbling body are cut within their timeouts. */
export async function slowClients({ ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const HEADERS_MS = 1_000
  const REQUEST_MS = 2_000
  const BODY_MS = 1_500
  const SLACK_MS = 3_000
  // One host cut by Node's own timeouts, one by `@parley/host`'s body timeout alone.
  const slow = await startDemo({ headersTimeout: HEADERS_MS, requestTimeout: REQUEST_MS })
  const fenced = await startDemo({ hostLimits: { bodyTimeoutMs: BODY_MS } })
  try {
    const host = hostOf(slow.base)
    const headers = openRaw(portOf(slow.base), `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `)
    const [headerCut, requestCut, bodyCut] = await Promise.all([
      dribble(headers, 'a'.repeat(60), 1_000, HEADERS_MS + SLACK_MS).then(async (sent) => {
        const ended = await within(headers.ended, 0, null)
        headers.destroy()
        return { ended, sent }
      }),
      slowUpload(slow.base, REQUEST_MS + SLACK_MS),
      slowUpload(fenced.base, BODY_MS + SLACK_MS),
    ])
    ledger.figure('slowloris: headers cut after (ms)', headerCut.ended ?? 'never')
    ledger.figure('slow body, requestTimeout 2 s: cut after (ms)', requestCut.ended ?? 'never')
    ledger.figure('slow body, requestTimeout 2 s: status', requestCut.status ?? 'none')
    ledger.figure('slow body, bodyTimeoutMs 1.5 s: cut after (ms)', bodyCut.ended ?? 'never')
    ledger.figure('slow body, bodyTimeoutMs 1.5 s: status', bodyCut.status ?? 'none')
    v.hold(
      `headers dribbled at 1 byte/s are cut within the headers timeout + ${SLACK_MS} ms`,
      headerCut.ended !== null && headerCut.ended <= HEADERS_MS + SLACK_MS,
      headerCut,
    )
    v.hold(
      `a dribbling respond body gets 408 or is cut within the request timeout + ${SLACK_MS} ms`,
      cutInTime(requestCut, REQUEST_MS + SLACK_MS),
      requestCut,
    )
    v.hold(
      `a dribbling respond body gets 408 or is cut within bodyTimeoutMs + ${SLACK_MS} ms`,
      cutInTime(bodyCut, BODY_MS + SLACK_MS),
      bodyCut,
    )
    await slow.assertAlive()
    await fenced.assertAlive()
  } finally {
    await Promise.all([slow.close(), fenced.close()])
  }
  v.settle()
}

interface Cut {
  /** Milliseconds until the server ended the socket; `null`: it never did. */
  ended: number | null
  /** The status the server answered before the cut, if any. */
  status: number | null
  sent: number
}

const cutInTime = (cut: Cut, bound: number) =>
  cut.ended !== null && cut.ended <= bound && (cut.status === null || cut.status === 408)

/** A respond POST whose 2000-byte body arrives one byte a second, for at most `stopAfterMs`. */
async function slowUpload(base: string, stopAfterMs: number): Promise<Cut> {
  const uploader = await principal(base)
  const upload = openRaw(
    portOf(base),
    rawHead('POST', '/api/respond', {
      host: hostOf(base),
      cookie: uploader.cookie,
      origin: base,
      'content-type': 'application/json',
      'content-length': '2000',
    }),
  )
  const sent = await dribble(upload, ' '.repeat(2_000), 1_000, stopAfterMs)
  const ended = await within(upload.ended, 0, null)
  const head = await within(upload.head, 0, null)
  upload.destroy()
  return { ended, status: head?.status ?? null, sent }
}

/** Contract 8: a 30-day timeout does not fire at once; a 50 ms one times out. */
export async function hugeTimeouts({ demo, ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const gina = await principal(demo.base)
  const session = await gina.newSession()
  const month = await gina.ask(session, { timeoutMs: 2_592_000_000 })
  const brief = await gina.ask(session, { timeoutMs: 50 })
  await new Promise((resolve) => setTimeout(resolve, 200))
  const monthStatus = await gina.askStatus(month.askId)
  const briefStatus = await eventually(
    async () => {
      const status = await gina.askStatus(brief.askId)
      return status.status === 'pending' ? false : status
    },
    'the 50 ms ask to settle',
    5_000,
  ).catch(() => ({ status: 'still pending after 5 s' }))
  v.hold(
    'timeoutMs 30 days: still pending after 200 ms',
    monthStatus.status === 'pending',
    monthStatus,
  )
  v.hold(
    'timeoutMs 50: rejected with ASK_TIMED_OUT',
    briefStatus.status === 'rejected' &&
      (briefStatus as { error?: { code?: string } }).error?.code === 'ASK_TIMED_OUT',
    briefStatus,
  )
  await gina.request(`/api/test/asks/${month.askId}/abort`, { json: {} })
  v.settle()
}
