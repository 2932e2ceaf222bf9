/**
 * B6: the host as a cluster of three nodes on PostgreSQL (`@parley/host-postgres`),
 * on a throwaway server on this machine, nodes in this process.
 * - cross-node ask → frame: `service.ask()` on node A until the
 *   `question/requested` frame arrives at a mux client connected to node B;
 * - cross-node respond → settle: a respond POST to node B until the ask's
 *   promise settles on node A;
 *   each against a baseline that makes the same hops without Parley: for the
 *   ask, a frame-sized `pg_notify` through A's pool that B's listening
 *   connection relays to a bare WebSocket client, which decodes it; for the
 *   respond, a bare POST to B whose handler runs a `pg_notify` through B's
 *   pool before it replies, until A's listening connection hears it. The raw
 *   `NOTIFY` round trip (A's pool to B's listener) is reported beside them.
 *   Measured and baseline samples alternate, after a warm-up.
 * - accepted answers per second: N questions pending across the nodes, then
 *   every answer POSTed at once (64 in flight, each to a node other than
 *   the one that asked)
 *   until every ask settled; with 3 nodes, judged as a ratio to 1 node (a
 *   cluster of one), the runs alternating 1, 3, 3, 1.
 */
import pg from 'pg'
import { createPostgresCoordinator } from '../packages/host-postgres/src/index.ts'
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.ts'
import { FrameReader, opened } from './lib/frames.ts'
import { ANSWER, type BenchHost, openMux, questions, startBenchHost, ws } from './lib/host.ts'
import { keepAlive, postJson } from './lib/http.ts'
import { type Entry, entry } from './lib/results.ts'
import { now, quantile } from './lib/stats.ts'

const SESSION = 's1-0'
const USER = 'u1'

interface Node {
  bench: BenchHost
  pool: pg.Pool
}

/** The bare POST baseline's doorbell: `POST /bare` on a node rings it through that node's pool. */
const BARE_CHANNEL = 'bench_bare'

async function startNodes(url: string, count: number, channel: string): Promise<Node[]> {
  const nodes: Node[] = []
  for (let i = 0; i < count; i++) {
    const pool = new pg.Pool({ connectionString: url, max: 12 })
    const ring = (body: unknown) =>
      pool.query({
        name: 'bench_bare',
        text: 'SELECT pg_notify($1, $2)',
        values: [BARE_CHANNEL, JSON.stringify(body)],
      })
    const coordinator = createPostgresCoordinator({
      pool,
      nodeId: `bench-${i}`,
      channel,
      secret: 'bench-cluster-secret',
    })
    const bench = await startBenchHost(
      { coordinator, onRegistered: (info) => pendingIds.shift()?.(info.rpcId) },
      { beforeReply: ring },
    )
    await bench.host.ready
    nodes.push({ bench, pool })
  }
  return nodes
}

async function stopNodes(nodes: Node[]): Promise<void> {
  for (const { bench, pool } of nodes) {
    await bench.host.close()
    await bench.close()
    await pool.end()
  }
}

async function latency(
  url: string,
  quick: boolean,
): Promise<{ entries: Entry[]; notifyMs: number }> {
  const samples = quick ? 100 : 600
  const warmup = quick ? 30 : 100
  const nodes = await startNodes(url, 2, 'bench_latency')
  const [a, b] = nodes as [Node, Node]
  const mux = openMux(b.bench.base, USER)
  const reader = new FrameReader(mux)
  const ready = reader.next((frame) => frame.type === 'mux/ready')
  await opened(mux)
  await ready
  // Listening connections of the baselines: B relays what it hears on
  // bench_raw to its bare sockets; A hears what B's POST /bare rings.
  const listener = await b.pool.connect()
  await listener.query('LISTEN bench_raw')
  let rang: (() => void) | undefined
  listener.on('notification', (message) => {
    rang?.()
    if (message.payload?.startsWith('{"type"')) b.bench.relay(message.payload)
  })
  const bareListener = await a.pool.connect()
  await bareListener.query(`LISTEN ${BARE_CHANNEL}`)
  let bareRang: (() => void) | undefined
  bareListener.on('notification', () => bareRang?.())
  const relaySocket = new ws.WebSocket(`ws://${b.bench.base}/relay`, { perMessageDeflate: false })
  await opened(relaySocket)
  const payload = JSON.stringify({ t: 'q', id: crypto.randomUUID(), s: SESSION, n: 'bench-0' })
  // What the relay carries: as large as the question/requested frame a tab gets.
  const relayed = JSON.stringify({
    type: 'question/requested',
    rpcId: crypto.randomUUID(),
    sessionId: SESSION,
    questions: questions(0),
  })
  const agent = keepAlive(1)
  const headers = { 'x-user': USER }
  const ask = [] as number[]
  const respond = [] as number[]
  const raw = [] as number[]
  const relay = [] as number[]
  const bare = [] as number[]

  async function rawSample(record: boolean) {
    const heard = new Promise<void>((resolve) => {
      rang = resolve
    })
    const start = now()
    // Prepared, as the coordinator's statements are: the floor, not a parse and plan.
    await a.pool.query({
      name: 'bench_raw',
      text: 'SELECT pg_notify($1, $2)',
      values: ['bench_raw', payload],
    })
    await heard
    if (record) raw.push(now() - start)
  }

  /** A's NOTIFY, relayed by B to a bare socket, decoded there: ask → frame without Parley. */
  async function relaySample(record: boolean) {
    const arrived = new Promise<void>((resolve) => {
      relaySocket.once('message', (data) => {
        JSON.parse(String(data))
        resolve()
      })
    })
    const start = now()
    await a.pool.query({
      name: 'bench_raw',
      text: 'SELECT pg_notify($1, $2)',
      values: ['bench_raw', relayed],
    })
    await arrived
    if (record) relay.push(now() - start)
  }

  /** A bare POST to B that rings A through B's pool: respond → settle without Parley. */
  async function bareSample(body: string, record: boolean) {
    const heard = new Promise<void>((resolve) => {
      bareRang = resolve
    })
    const start = now()
    const reply = postJson(agent, b.bench.base, '/bare', body, headers)
    await heard
    const at = now()
    await reply
    if (record) bare.push(at - start)
  }

  async function sample(i: number, record: boolean) {
    const arrived = reader.next((frame) => frame.type === 'question/requested')
    const start = now()
    const settled = a.bench.service.ask({ questions: questions(i), sessionId: SESSION })
    const frame = await arrived
    const asked = now() - start
    const rpcId = String(frame.rpcId)
    const gone = reader.next((f) => f.type === 'question/resolved' && f.rpcId === rpcId)
    const body = JSON.stringify({ rpcId, sessionId: SESSION, result: { ok: true, answer: ANSWER } })
    let settledAt = 0
    const done = settled.then(() => {
      settledAt = now()
    })
    const posted = now()
    const reply = await postJson(agent, b.bench.base, '/api/respond', body, headers)
    await done
    await gone
    if (!reply.text.includes('"accepted":true')) throw new Error(`respond refused: ${reply.text}`)
    if (record) {
      ask.push(asked)
      respond.push(settledAt - posted)
    }
    return body
  }

  let lastBody = JSON.stringify({
    rpcId: crypto.randomUUID(),
    sessionId: SESSION,
    result: { ok: true, answer: ANSWER },
  })
  try {
    for (let i = 0; i < warmup + samples; i++) {
      const record = i >= warmup
      // Each kind of sample goes first as often as last.
      if (i % 2 === 0) {
        const body = await sample(i, record)
        await relaySample(record)
        await bareSample(body, record)
        await rawSample(record)
      } else {
        await rawSample(record)
        await bareSample(lastBody, record)
        await relaySample(record)
        lastBody = await sample(i, record)
      }
    }
  } finally {
    mux.close()
    agent.destroy()
    relaySocket.close()
    await listener.query('UNLISTEN bench_raw')
    listener.release()
    await bareListener.query(`UNLISTEN ${BARE_CHANNEL}`)
    bareListener.release()
    await stopNodes(nodes)
  }
  const notify = quantile(raw, 0.5)
  const p95 = (measured: number[], baseline: number[]) =>
    `p95 ${quantile(measured, 0.95).toFixed(2)} ms (baseline ${quantile(baseline, 0.95).toFixed(2)} ms)`
  const raws = `the raw NOTIFY round trip p50 ${notify.toFixed(3)} ms (report); n=${samples}`
  const entries = [
    entry({
      name: 'B6.cross-node-ask-to-frame.p50',
      value: quantile(ask, 0.5),
      unit: 'ms',
      baseline: quantile(relay, 0.5),
      budget: 3,
      budgetOnRatio: true,
      note: `baseline: A's NOTIFY relayed by B to a bare socket; ${p95(ask, relay)}; ${raws}`,
    }),
    entry({
      name: 'B6.cross-node-respond-to-settle.p50',
      value: quantile(respond, 0.5),
      unit: 'ms',
      baseline: quantile(bare, 0.5),
      budget: 3,
      budgetOnRatio: true,
      note: `baseline: a bare POST to B that rings A; ${p95(respond, bare)}; ${raws}`,
    }),
  ]
  return { entries, notifyMs: notify }
}

/** Accepted answers per second with `count` nodes: `total` asks, answered 64 at a time; `run` names its channel. */
async function throughput(url: string, count: number, total: number, run: number) {
  const nodes = await startNodes(url, count, `bench_rate_${run}`)
  const agents = nodes.map(() => keepAlive(32))
  try {
    const asks: { rpcId: string; sessionId: string; settled: Promise<unknown> }[] = []
    for (let i = 0; i < total; i++) {
      const node = nodes[i % count] as Node
      // One session per ask: a session holds at most 64 pending questions.
      const sessionId = `s1-${i}`
      const registered = new Promise<string>((resolve) => {
        pendingIds.push(resolve)
      })
      const settled = node.bench.service.ask({ questions: questions(i), sessionId })
      const failed = settled.then(
        () => Promise.reject(new Error('settled before it was answered')),
        (error: unknown) => Promise.reject(error),
      )
      asks.push({ rpcId: await Promise.race([registered, failed]), sessionId, settled })
    }
    const start = now()
    let next = 0
    const worker = async () => {
      while (next < asks.length) {
        const index = next++
        const item = asks[index] as (typeof asks)[number]
        const body = JSON.stringify({
          rpcId: item.rpcId,
          sessionId: item.sessionId,
          result: { ok: true, answer: ANSWER },
        })
        // Never the node that asked (with 3 nodes): every answer crosses nodes.
        const target = (index + 1) % count
        const reply = await postJson(
          agents[target] as ReturnType<typeof keepAlive>,
          (nodes[target] as Node).bench.base,
          '/api/respond',
          body,
          { 'x-user': USER },
        )
        if (!reply.text.includes('"accepted":true')) throw new Error(`refused: ${reply.text}`)
      }
    }
    await Promise.all(Array.from({ length: 64 }, worker))
    await Promise.all(asks.map((item) => item.settled))
    return total / ((now() - start) / 1000)
  } finally {
    for (const agent of agents) agent.destroy()
    await stopNodes(nodes)
  }
}

/** rpcIds of asks as they register (every node's `onRegistered` feeds it). */
const pendingIds: ((rpcId: string) => void)[] = []

export async function runCluster(quick: boolean): Promise<Entry[]> {
  const db = await startThrowawayPostgres()
  try {
    const { entries, notifyMs } = await latency(db.url, quick)
    const total = quick ? 600 : 3000
    // One node, three, three, one: the other tenants' load drifts, so each
    // figure is the mean of a run before and a run after the other's.
    const oneA = await throughput(db.url, 1, total, 0)
    const threeA = await throughput(db.url, 3, total, 1)
    const threeB = await throughput(db.url, 3, total, 2)
    const oneB = await throughput(db.url, 1, total, 3)
    const one = (oneA + oneB) / 2
    const three = (threeA + threeB) / 2
    const perAnswerMs = (1000 / three) * 64
    entries.push(
      entry({
        name: 'B6.answers-per-second.3-nodes',
        value: three,
        unit: '/s',
        // A ratio to a cluster of one in the same run (the rate is a report).
        budget: 0.5,
        budgetOnRatio: true,
        direction: 'min',
        baseline: one,
        note: `1 node: ${Math.round(oneA)}/${Math.round(oneB)}/s, 3 nodes: ${Math.round(threeA)}/${Math.round(threeB)}/s; ${total} answers a run, 64 in flight, nodes in one process; an answer's turn with 3 nodes ${perAnswerMs.toFixed(1)} ms = ${(perAnswerMs / notifyMs).toFixed(0)}× the NOTIFY p50 (reported)`,
      }),
    )
    return entries
  } finally {
    db.stop()
  }
}
