/**
 * B6: the host as a cluster of three nodes on PostgreSQL (`@parley/host-postgres`),
 * on a throwaway server on this machine, nodes in this process.
 * - cross-node ask → frame: `service.ask()` on node A until the
 *   `question/requested` frame arrives at a mux client connected to node B;
 * - cross-node respond → settle: a respond POST to node B until the ask's
 *   promise settles on node A;
 *   both against the same baseline: a raw `NOTIFY` round trip (a `pg_notify`
 *   through A's pool until B's listening connection receives it), the floor
 *   of anything that crosses nodes. Measured and baseline samples alternate,
 *   after a warm-up.
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
import { ANSWER, type BenchHost, openMux, questions, startBenchHost } from './lib/host.ts'
import { keepAlive, postJson } from './lib/http.ts'
import { type Entry, entry } from './lib/results.ts'
import { now, quantile } from './lib/stats.ts'

const SESSION = 's1-0'
const USER = 'u1'

interface Node {
  bench: BenchHost
  pool: pg.Pool
}

async function startNodes(url: string, count: number, channel: string): Promise<Node[]> {
  const nodes: Node[] = []
  for (let i = 0; i < count; i++) {
    const pool = new pg.Pool({ connectionString: url, max: 12 })
    const coordinator = createPostgresCoordinator({
      pool,
      nodeId: `bench-${i}`,
      channel,
      secret: 'bench-cluster-secret',
    })
    const bench = await startBenchHost({
      coordinator,
      onRegistered: (info) => pendingIds.shift()?.(info.rpcId),
    })
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

async function latency(url: string, quick: boolean): Promise<Entry[]> {
  const samples = quick ? 100 : 600
  const warmup = quick ? 30 : 100
  const nodes = await startNodes(url, 2, 'bench_latency')
  const [a, b] = nodes as [Node, Node]
  const mux = openMux(b.bench.base, USER)
  const reader = new FrameReader(mux)
  const ready = reader.next((frame) => frame.type === 'mux/ready')
  await opened(mux)
  await ready
  // The baseline: a doorbell-sized NOTIFY from A's pool to a connection of B's.
  const listener = await b.pool.connect()
  await listener.query('LISTEN bench_raw')
  let rang: (() => void) | undefined
  listener.on('notification', () => rang?.())
  const payload = JSON.stringify({ t: 'q', id: crypto.randomUUID(), s: SESSION, n: 'bench-0' })
  const agent = keepAlive(1)
  const headers = { 'x-user': USER }
  const ask = [] as number[]
  const respond = [] as number[]
  const raw = [] as number[]

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
  }

  try {
    for (let i = 0; i < warmup + samples; i++) {
      const record = i >= warmup
      if (i % 2 === 0) {
        await sample(i, record)
        await rawSample(record)
      } else {
        await rawSample(record)
        await sample(i, record)
      }
    }
  } finally {
    mux.close()
    agent.destroy()
    await listener.query('UNLISTEN bench_raw')
    listener.release()
    await stopNodes(nodes)
  }
  const base = quantile(raw, 0.5)
  const note = `p95 ${quantile(ask, 0.95).toFixed(2)} / ${quantile(respond, 0.95).toFixed(2)} ms; NOTIFY p50 ${base.toFixed(3)} ms; n=${samples}`
  return [
    entry({
      name: 'B6.cross-node-ask-to-frame.p50',
      value: quantile(ask, 0.5),
      unit: 'ms',
      baseline: base,
      budget: 3,
      budgetOnRatio: true,
      note,
    }),
    entry({
      name: 'B6.cross-node-respond-to-settle.p50',
      value: quantile(respond, 0.5),
      unit: 'ms',
      baseline: base,
      budget: 3,
      budgetOnRatio: true,
      note,
    }),
  ]
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
    const entries = await latency(db.url, quick)
    const notifyMs = entries[0]?.baseline ?? Number.NaN
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
