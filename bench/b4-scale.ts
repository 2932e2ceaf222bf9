/**
 * B4: host scale. 1,000 sessions (100 users × 10), 10,000 pending asks
 * (10 per session), 1,000 mux clients (10 tabs per user, each seeing its
 * user's 100 pending questions). --quick divides users, asks and clients by 5.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { type Frame, FrameReader } from './lib/frames.ts'
import {
  ANSWER,
  type BenchHost,
  openMux,
  ownerOf,
  questions,
  sessionsOf,
  startBenchHost,
  type WebSocket,
  ws,
} from './lib/host.ts'
import { keepAlive, postJson } from './lib/http.ts'
import { type Entry, entry } from './lib/results.ts'
import { median, now, quantile, sleep } from './lib/stats.ts'

const SESSIONS_PER_USER = 10
const ASKS_PER_SESSION = 10
const TABS_PER_USER = 10

const root = fileURLToPath(new URL('..', import.meta.url))

async function heapFigure(asks: number, sessions: number): Promise<Entry> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/b4-heap.ts', String(asks), String(sessions)],
    { cwd: root },
  )
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
    beyond: number
    payloadPerAsk: number
    perAsk: number
  }
  return entry({
    name: 'B4.heap-per-pending-ask',
    value: result.beyond / 1024,
    unit: 'KiB',
    budget: 4,
    note: `${asks} pending asks in ${sessions} sessions: ${(result.perAsk / 1024).toFixed(2)} KiB each, minus ${(result.payloadPerAsk / 1024).toFixed(2)} KiB payload (child process, --expose-gc)`,
  })
}

/** One tab's view of its mux connection, checked for lost and duplicated frames. */
class TabView {
  socket: WebSocket
  readonly reader: FrameReader
  /** Pending rpcIds as this connection sees them. */
  readonly view = new Set<string>()
  private readonly resolved = new Set<string>()
  readonly requestedOnce = new Set<string>()
  duplicates = 0
  readies = 0
  replayed = 0
  openedAt = 0
  readyAt = 0
  readonly ready: Promise<void>

  constructor(
    base: string,
    readonly user: string,
  ) {
    this.openedAt = now()
    this.socket = openMux(base, user)
    this.socket.on('error', () => {})
    let markReady = () => {}
    this.ready = new Promise((resolve) => {
      markReady = resolve
    })
    this.reader = new FrameReader(this.socket, (frame) => this.onFrame(frame, markReady))
  }

  private onFrame(frame: Frame, markReady: () => void): void {
    const rpcId = String(frame.rpcId)
    if (frame.type === 'question/requested') {
      if (this.requestedOnce.has(rpcId) || this.resolved.has(rpcId)) this.duplicates++
      this.requestedOnce.add(rpcId)
      this.view.add(rpcId)
      if (this.readies === 0) this.replayed++
    } else if (frame.type === 'question/resolved') {
      if (this.resolved.has(rpcId)) this.duplicates++
      this.resolved.add(rpcId)
      this.view.delete(rpcId)
    } else if (frame.type === 'mux/ready') {
      this.readies++
      if (this.readies > 1) this.duplicates++
      this.readyAt = now()
      markReady()
    }
  }

  /** Frames this connection lost, against the host's pending table. */
  lost(expected: ReadonlySet<string>): number {
    let lost = 0
    for (const rpcId of expected) if (!this.view.has(rpcId)) lost++
    for (const rpcId of this.view) if (!expected.has(rpcId)) lost++ // a missed question/resolved
    return lost
  }
}

function expectedByUser(bench: BenchHost): Map<string, Set<string>> {
  const byUser = new Map<string, Set<string>>()
  for (const pending of bench.host.pending()) {
    const user = ownerOf(pending.sessionId)
    const set = byUser.get(user) ?? new Set<string>()
    byUser.set(user, set)
    set.add(pending.rpcId)
  }
  return byUser
}

async function connectAll(base: string, users: string[]): Promise<TabView[]> {
  const tabs: TabView[] = []
  for (const user of users)
    for (let t = 0; t < TABS_PER_USER; t++) {
      tabs.push(new TabView(base, user))
      if (tabs.length % 50 === 0) await sleep(5)
    }
  await Promise.all(tabs.map((tab) => tab.ready))
  return tabs
}

export async function runScale(quick: boolean): Promise<Entry[]> {
  const userCount = quick ? 20 : 100
  const users = Array.from({ length: userCount }, (_, k) => `u${k}`)
  const sessionCount = userCount * SESSIONS_PER_USER
  const askCount = sessionCount * ASKS_PER_SESSION
  const results: Entry[] = [await heapFigure(askCount, sessionCount)]

  const bench = await startBenchHost()
  const settled: Promise<unknown>[] = []
  try {
    for (const user of users)
      for (const sessionId of sessionsOf(user, SESSIONS_PER_USER))
        for (let a = 0; a < ASKS_PER_SESSION; a++) {
          const asked = bench.service.ask({ questions: questions(a), sessionId })
          asked.catch(() => {})
          settled.push(asked)
        }
    const perUser = SESSIONS_PER_USER * ASKS_PER_SESSION
    let tabs = await connectAll(bench.base, users)
    const short = tabs.filter((tab) => tab.replayed !== perUser).length
    if (short > 0) throw new Error(`${short} tabs got an incomplete first replay`)

    results.push(await replayFigure(bench, users, quick, perUser))
    const storm = await reconnectStorm(bench, tabs)
    tabs = storm.tabs
    results.push(...storm.entries)
    for (const tab of tabs) tab.socket.terminate()
    results.push(...(await throughputFigures(bench, quick)))
  } finally {
    await bench.close()
  }
  return results
}

/** Opens a fresh tab (the reopening one) and times it from `new WebSocket` to `mux/ready`. */
async function replayFigure(
  bench: BenchHost,
  users: string[],
  quick: boolean,
  perUser: number,
): Promise<Entry> {
  const rounds = quick ? 30 : 100
  const measured: number[] = []
  const baseline: number[] = []
  bench.blast.frame = JSON.stringify(bench.host.pending()[0]?.frame)
  bench.blast.count = perUser
  const bare = async () => {
    const start = now()
    const socket = new ws.WebSocket(`ws://${bench.base}/blast`, { perMessageDeflate: false })
    let count = 0
    await new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        count++
        if (String(data).includes('mux/ready')) resolve()
      }),
    )
    baseline.push(now() - start)
    socket.terminate()
    if (count !== perUser + 1) throw new Error('bare replay lost frames')
  }
  const reopen = async (i: number) => {
    const tab = new TabView(bench.base, users[i % users.length] ?? 'u0')
    await tab.ready
    measured.push(tab.readyAt - tab.openedAt)
    tab.socket.terminate()
    if (tab.replayed !== perUser) throw new Error(`replay carried ${tab.replayed}/${perUser}`)
  }
  for (let i = 0; i < rounds + 5; i++) {
    if (i % 2) {
      await reopen(i)
      await bare()
    } else {
      await bare()
      await reopen(i)
    }
    if (i === 4) {
      measured.length = 0
      baseline.length = 0
    }
  }
  return entry({
    name: 'B4.replay-100.p50',
    value: median(measured),
    unit: 'ms',
    // A ratio: the absolute wait (a report) moves 2–5× with the other tenants.
    budget: 3,
    budgetOnRatio: true,
    baseline: median(baseline),
    note: `new WebSocket → mux/ready with ${perUser} replayed, ${bench.host.pending().length} pending in all; baseline: a bare socket sending ${perUser} equal frames; p99 ${quantile(measured, 0.99).toFixed(2)} ms; n=${measured.length}`,
  })
}

/**
 * Every tab drops and reconnects at a random moment within one second, while
 * asks arrive and settle; afterwards every tab's view must equal the host's
 * pending table for its user, with no frame seen twice.
 */
async function reconnectStorm(bench: BenchHost, old: TabView[]) {
  const windowMs = 1000
  const tabs: TabView[] = []
  const churn: AbortController[] = []
  let asked = 0
  let aborted = 0
  const sessionIds = [...new Set(bench.host.pending().map((entry) => entry.sessionId))]
  const start = now()
  const churner = setInterval(() => {
    const sessionId = sessionIds[asked % sessionIds.length] ?? 's0-0'
    const abort = new AbortController()
    bench.service
      .ask({ questions: questions(`storm ${asked}`), sessionId, signal: abort.signal })
      .catch(() => {})
    churn.push(abort)
    asked++
    if (churn.length > 4) {
      churn.splice(Math.floor(Math.random() * churn.length), 1)[0]?.abort()
      aborted++
    }
  }, 5)
  await Promise.all(
    old.map(
      (tab) =>
        new Promise<void>((resolve) => {
          setTimeout(() => {
            tab.socket.terminate()
            tabs.push(new TabView(bench.base, tab.user))
            resolve()
          }, Math.random() * windowMs)
        }),
    ),
  )
  await Promise.all(tabs.map((tab) => tab.ready))
  const allReady = now() - start
  clearInterval(churner)
  await sleep(300)
  const expected = expectedByUser(bench)
  let lost = 0
  let duplicated = 0
  let missingReady = 0
  for (const tab of tabs) {
    lost += tab.lost(expected.get(tab.user) ?? new Set())
    duplicated += tab.duplicates
    if (tab.readies !== 1) missingReady++
  }
  const connectTimes = tabs.map((tab) => tab.readyAt - tab.openedAt)
  const note = `${tabs.length} tabs within ${windowMs} ms while ${asked} asks arrived and ${aborted} settled; all ready after ${allReady.toFixed(0)} ms; connect→ready p50 ${median(connectTimes).toFixed(1)} ms, p99 ${quantile(connectTimes, 0.99).toFixed(1)} ms`
  return {
    tabs,
    entries: [
      entry({ name: 'B4.storm.lost', value: lost + missingReady, unit: 'frames', budget: 0, note }),
      entry({ name: 'B4.storm.duplicated', value: duplicated, unit: 'frames', budget: 0 }),
    ],
  }
}

/** 100 responders answer pending questions as fast as the host accepts them. */
async function throughputFigures(bench: BenchHost, quick: boolean): Promise<Entry[]> {
  const concurrency = 100
  const agent = keepAlive(concurrency)
  const total = Math.min(quick ? 2000 : 8000, bench.host.pending().length)
  const work = bench.host
    .pending()
    .slice(0, total)
    .map((pending) => ({
      user: ownerOf(pending.sessionId),
      body: JSON.stringify({
        rpcId: pending.rpcId,
        sessionId: pending.sessionId,
        result: { ok: true, answer: ANSWER },
      }),
    }))
  const drive = async (
    path: string,
    items: typeof work,
  ): Promise<{ rate: number; accepted: number }> => {
    let next = 0
    let accepted = 0
    const start = now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < items.length) {
          const item = items[next++]
          if (!item) break
          const reply = await postJson(agent, bench.base, path, item.body, { 'x-user': item.user })
          if (reply.status === 200 && (path === '/bare' || reply.text.includes('"accepted":true')))
            accepted++
        }
      }),
    )
    return { rate: accepted / ((now() - start) / 1000), accepted }
  }
  // Warm the connections and the bare handler first; the bare run is the same-run baseline.
  await drive('/bare', work.slice(0, 500))
  const half = Math.floor(work.length / 2)
  const bareA = await drive('/bare', work.slice(0, half))
  const hostA = await drive('/api/respond', work.slice(0, half))
  const hostB = await drive('/api/respond', work.slice(half))
  const bareB = await drive('/bare', work.slice(half))
  agent.destroy()
  const accepted = hostA.accepted + hostB.accepted
  if (accepted !== work.length)
    throw new Error(`${work.length - accepted} answers were not accepted`)
  const rate = (hostA.rate + hostB.rate) / 2
  const bareRate = (bareA.rate + bareB.rate) / 2
  return [
    entry({
      name: 'B4.answers-per-second',
      value: rate,
      unit: 'answers/s',
      // A ratio to bare POSTs through the same responders (the rate is a report).
      budget: 0.25,
      budgetOnRatio: true,
      direction: 'min',
      baseline: bareRate,
      note: `${accepted} accepted answers, ${concurrency} concurrent keep-alive responders, ${bench.host.pending().length} still pending; baseline: bare JSON POSTs/s, same responders`,
    }),
  ]
}
