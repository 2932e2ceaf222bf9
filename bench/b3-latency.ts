/**
 * B3: host latency against the wire, on loopback in one process.
 * - ask → frame: `service.ask()` until the `question/requested` frame arrives at
 *   a mux client (which decodes it); baseline: the round trip of a bare `ws`
 *   message of the same size through an echo socket on the same server, decoded
 *   by the receiver the same way.
 * - respond → settle: a respond POST until the ask's promise settles;
 *   baseline: a bare HTTP POST of the same size to a trivial JSON handler on
 *   the same server, until its response has ended.
 * Measured and baseline samples alternate, after a warm-up.
 */
import { type Frame, FrameReader, opened } from './lib/frames.ts'
import { ANSWER, openMux, questions, startBenchHost, ws } from './lib/host.ts'
import { keepAlive, postJson } from './lib/http.ts'
import { type Entry, entry } from './lib/results.ts'
import { now, quantile } from './lib/stats.ts'

const SESSION = 's1-0'
const USER = 'u1'

export async function runLatency(quick: boolean): Promise<Entry[]> {
  const samples = quick ? 200 : 1000
  const warmup = quick ? 50 : 200
  const bench = await startBenchHost()
  const mux = openMux(bench.base, USER)
  const reader = new FrameReader(mux)
  const ready = reader.next((frame) => frame.type === 'mux/ready')
  await opened(mux)
  await ready
  const echo = new ws.WebSocket(`ws://${bench.base}/echo`, { perMessageDeflate: false })
  await opened(echo)
  // The echo's receiver decodes the JSON text, as the mux client's frame reader does.
  const echoed = () =>
    new Promise<void>((resolve) =>
      echo.once('message', (data) => {
        JSON.parse(String(data))
        resolve()
      }),
    )
  const agent = keepAlive(1)
  const headers = { 'x-user': USER }

  let frameText = ''
  const ask = { measured: [] as number[], baseline: [] as number[] }
  const respond = { measured: [] as number[], baseline: [] as number[] }

  /** One ask, timed to the frame; returns its rpcId and settlement. */
  async function askOnce(i: number) {
    const abort = new AbortController()
    const arrived = reader.next((frame) => frame.type === 'question/requested')
    const start = now()
    const settled = bench.service.ask({
      questions: questions(i),
      sessionId: SESSION,
      signal: abort.signal,
    })
    settled.catch(() => {})
    const frame: Frame = await arrived
    const elapsed = now() - start
    return { rpcId: String(frame.rpcId), settled, abort, elapsed }
  }

  async function resolvedFrame(rpcId: string) {
    await reader.next((frame) => frame.type === 'question/resolved' && frame.rpcId === rpcId)
  }

  async function askSample(i: number, record: boolean) {
    const asked = await askOnce(i)
    const gone = resolvedFrame(asked.rpcId)
    asked.abort.abort()
    await gone
    if (record) ask.measured.push(asked.elapsed)
  }

  async function echoSample(record: boolean) {
    const back = echoed()
    const start = now()
    echo.send(frameText)
    await back
    if (record) ask.baseline.push(now() - start)
  }

  async function respondSample(i: number, record: boolean) {
    const asked = await askOnce(i)
    const body = JSON.stringify({
      rpcId: asked.rpcId,
      sessionId: SESSION,
      result: { ok: true, answer: ANSWER },
    })
    const gone = resolvedFrame(asked.rpcId)
    let settledAt = 0
    const settled = asked.settled.then(() => {
      settledAt = now()
    })
    const start = now()
    const reply = await postJson(agent, bench.base, '/api/respond', body, headers)
    await settled
    await gone
    if (!reply.text.includes('"accepted":true')) throw new Error(`respond refused: ${reply.text}`)
    if (record) respond.measured.push(settledAt - start)
    return body
  }

  async function bareSample(body: string, record: boolean) {
    const start = now()
    await postJson(agent, bench.base, '/bare', body, headers)
    if (record) respond.baseline.push(now() - start)
  }

  try {
    {
      // The baseline echo carries a message as large as a real frame.
      const first = await askOnce(0)
      first.abort.abort()
      await resolvedFrame(first.rpcId)
      frameText = JSON.stringify({
        type: 'question/requested',
        rpcId: first.rpcId,
        sessionId: SESSION,
        questions: questions(0),
        requestedAt: Date.now(),
      })
    }
    for (let i = 0; i < warmup + samples; i++) {
      const record = i >= warmup
      if (i % 2 === 0) {
        await askSample(i, record)
        await echoSample(record)
      } else {
        await echoSample(record)
        await askSample(i, record)
      }
      const body = JSON.stringify({
        rpcId: '00000000-0000-0000-0000-000000000000',
        sessionId: SESSION,
        result: { ok: true, answer: ANSWER },
      })
      if (i % 2 === 0) {
        await respondSample(i, record)
        await bareSample(body, record)
      } else {
        await bareSample(body, record)
        await respondSample(i, record)
      }
    }
  } finally {
    mux.close()
    echo.close()
    agent.destroy()
    await bench.close()
  }

  const p = (values: number[], q: number) => quantile(values, q)
  return [
    entry({
      name: 'B3.ask-to-frame.p50',
      value: p(ask.measured, 0.5),
      unit: 'ms',
      baseline: p(ask.baseline, 0.5),
      budget: 3,
      budgetOnRatio: true,
      note: `service.ask() → question/requested at a mux client; baseline: bare ws echo round trip; n=${ask.measured.length}`,
    }),
    entry({
      name: 'B3.ask-to-frame.p99',
      value: p(ask.measured, 0.99),
      unit: 'ms',
      baseline: p(ask.baseline, 0.99),
      note: 'reported',
    }),
    entry({
      name: 'B3.respond-to-settle.p50',
      value: p(respond.measured, 0.5),
      unit: 'ms',
      baseline: p(respond.baseline, 0.5),
      budget: 3,
      budgetOnRatio: true,
      note: `respond POST → ask promise settled; baseline: bare HTTP POST round trip; n=${respond.measured.length}`,
    }),
    entry({
      name: 'B3.respond-to-settle.p99',
      value: p(respond.measured, 0.99),
      unit: 'ms',
      baseline: p(respond.baseline, 0.99),
      note: 'reported',
    }),
  ]
}
