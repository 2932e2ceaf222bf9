/**
 * B8: what the audit log and OpenTelemetry cost the host. Two hosts in one
 * process, the same but for `audit` (an in-memory sink) and `telemetry` (the
 * SDK's tracer with a batch processor into an in-memory exporter, and a
 * meter), are driven alike, sample by sample, alternating after a warm-up:
 * - ask → frame: `service.ask()` until `question/requested` arrives at a mux client;
 * - answer cycle: ask, frame, respond POST, until the ask settled (its
 *   reciprocal over a batch is the answers-per-second figure).
 * Judged as ratios of the observed host to the plain one (budget ≤ 1.15×).
 */
import { createRequire } from 'node:module'
import { createMemoryAuditSink, type QuestionHostOptions } from '../packages/host/src/index.ts'
import { type Frame, FrameReader, opened } from './lib/frames.ts'
import { ANSWER, type BenchHost, openMux, questions, startBenchHost } from './lib/host.ts'
import { keepAlive, postJson } from './lib/http.ts'
import { type Entry, entry } from './lib/results.ts'
import { median, now, quantile } from './lib/stats.ts'

// The SDK is a devDependency of @parley/host, not of the root: load the host's copy.
const fromHost = createRequire(new URL('../packages/host/package.json', import.meta.url))
const traceSdk = fromHost(
  '@opentelemetry/sdk-trace-base',
) as typeof import('../packages/host/node_modules/@opentelemetry/sdk-trace-base')
const metricsSdk = fromHost(
  '@opentelemetry/sdk-metrics',
) as typeof import('../packages/host/node_modules/@opentelemetry/sdk-metrics')
const otelApi = fromHost(
  '@opentelemetry/api',
) as typeof import('../packages/host/node_modules/@opentelemetry/api')

const SESSION = 's1-0'
const USER = 'u1'
const BUDGET = 1.15

/** The observed hosts' options (with traces or without), and how to shut their SDK down. */
function observedOptions() {
  const spans = new traceSdk.InMemorySpanExporter()
  const tracerProvider = new traceSdk.BasicTracerProvider({
    spanProcessors: [new traceSdk.BatchSpanProcessor(spans)],
  })
  const reader = new metricsSdk.PeriodicExportingMetricReader({
    exporter: new metricsSdk.InMemoryMetricExporter(metricsSdk.AggregationTemporality.CUMULATIVE),
    exportIntervalMillis: 1_000,
  })
  const meterProvider = new metricsSdk.MeterProvider({ readers: [reader] })
  const meter = meterProvider.getMeter('@parley/host')
  const metricsOnly: Partial<QuestionHostOptions<string>> = {
    audit: { sink: createMemoryAuditSink(), nodeId: 'bench' },
    telemetry: { meter },
  }
  const withTraces: Partial<QuestionHostOptions<string>> = {
    audit: { sink: createMemoryAuditSink(), nodeId: 'bench' },
    // `context` as docs/observability.md shows it: the span is written after the question went out.
    telemetry: {
      tracer: tracerProvider.getTracer('@parley/host'),
      meter,
      context: otelApi.context,
    },
  }
  return {
    metricsOnly,
    withTraces,
    spans,
    async shutdown() {
      await tracerProvider.shutdown()
      await meterProvider.shutdown()
    },
  }
}

/** One host under test with its mux client and a keep-alive agent. */
async function drive(bench: BenchHost) {
  const mux = openMux(bench.base, USER)
  const reader = new FrameReader(mux)
  const ready = reader.next((frame) => frame.type === 'mux/ready')
  await opened(mux)
  await ready
  const agent = keepAlive(1)

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
    return { rpcId: String(frame.rpcId), settled, abort, elapsed: now() - start, start }
  }

  const resolved = (rpcId: string) =>
    reader.next((frame) => frame.type === 'question/resolved' && frame.rpcId === rpcId)

  return {
    /** ask → frame, then aborted. */
    async askToFrame(i: number): Promise<number> {
      const asked = await askOnce(i)
      const gone = resolved(asked.rpcId)
      asked.abort.abort()
      await gone
      return asked.elapsed
    },
    /** ask → frame → respond → settled. */
    async answerCycle(i: number): Promise<number> {
      const asked = await askOnce(i)
      const gone = resolved(asked.rpcId)
      const body = JSON.stringify({
        rpcId: asked.rpcId,
        sessionId: SESSION,
        result: { ok: true, answer: ANSWER },
      })
      const reply = await postJson(agent, bench.base, '/api/respond', body, { 'x-user': USER })
      await asked.settled
      const elapsed = now() - asked.start
      await gone
      if (!reply.text.includes('"accepted":true')) throw new Error(`respond refused: ${reply.text}`)
      return elapsed
    },
    close() {
      mux.close()
      agent.destroy()
    },
  }
}

interface Samples {
  frame: number[]
  cycle: number[]
  rate: number[]
  batch: number
}

const samplesOf = (): Samples => ({ frame: [], cycle: [], rate: [], batch: 0 })

/** The judged and reported figures of one variant against the plain host. */
function figures(prefix: string, on: Samples, off: Samples, budget: number | null, note: string) {
  const judged = budget === null ? {} : { budget, budgetOnRatio: true }
  return [
    entry({
      name: `${prefix}.ask-to-frame.p50`,
      value: median(on.frame),
      unit: 'ms',
      baseline: median(off.frame),
      ...judged,
      note: `${note}; n=${on.frame.length}`,
    }),
    entry({
      name: `${prefix}.ask-to-frame.p99`,
      value: quantile(on.frame, 0.99),
      unit: 'ms',
      baseline: quantile(off.frame, 0.99),
      note: 'reported',
    }),
    entry({
      name: `${prefix}.answer-cycle.paired`,
      // pairedSlowdowns(a, b) is b / a per pair: here this host's cycle over the plain one's.
      value: median(pairedSlowdowns(off.cycle, on.cycle)),
      unit: '×',
      // The judged reading of the answer cycle since 2026-12-04 (bench/README.md, B8): the
      // ratio of p50s let a neighbour's burst in one host's samples miss the budget.
      ...(budget === null ? {} : { budget }),
      note: "the median over rounds of this host's answer cycle over the plain host's in the same round (ask → frame → respond POST → settled)",
    }),
    entry({
      name: `${prefix}.answer-cycle.p50`,
      value: median(on.cycle),
      unit: 'ms',
      baseline: median(off.cycle),
      note: 'reported: ask → frame → respond POST → settled; the ratio of p50s (judged as .paired)',
    }),
    entry({
      name: `${prefix}.answers-per-second`,
      value: median(on.rate),
      unit: '/s',
      baseline: median(off.rate),
      direction: 'min',
      note: `reported: the median over batches of ${BATCH} sequential answer cycles, each a mean, so one collector pause or a neighbour's burst moves it (bench/README.md)`,
    }),
    entry({
      name: `${prefix}.answers-per-second.slowdown`,
      value: median(pairedSlowdowns(on.rate, off.rate)),
      unit: '×',
      note: `reported: the median over rounds of (plain host's answers per second) / (this host's), each round's batches of ${BATCH} run side by side, so a burst that hits both cancels; n=${on.rate.length}`,
    }),
  ]
}

/** Per round, how many times slower this host's batch ran than the plain host's batch of the same round. */
function pairedSlowdowns(on: readonly number[], off: readonly number[]): number[] {
  if (on.length !== off.length) throw new Error('batches of one round are paired')
  return on.map((rate, round) => (off[round] ?? Number.NaN) / rate)
}

const BATCH = 20

export async function runObserved(quick: boolean): Promise<Entry[]> {
  const samples = quick ? 200 : 1000
  const warmup = quick ? 50 : 200
  const sdk = observedOptions()
  const hosts = [
    await startBenchHost(),
    await startBenchHost(sdk.metricsOnly),
    await startBenchHost(sdk.withTraces),
  ]
  const driven = await Promise.all(hosts.map((host) => drive(host)))
  const results = hosts.map(samplesOf)
  try {
    for (let i = 0; i < warmup + samples; i++) {
      const record = i >= warmup
      // A different host goes first each round, so none always follows another.
      for (let k = 0; k < driven.length; k++) {
        const index = (i + k) % driven.length
        const host = driven[index]
        const result = results[index]
        if (!host || !result) continue
        const toFrame = await host.askToFrame(i)
        const answered = await host.answerCycle(i)
        if (!record) continue
        result.frame.push(toFrame)
        result.cycle.push(answered)
        result.batch += answered
      }
      if (record && (i - warmup + 1) % BATCH === 0)
        for (const result of results) {
          result.rate.push((BATCH * 1000) / result.batch)
          result.batch = 0
        }
      // The exporter keeps what it is sent: keep its memory flat.
      if (i % 100 === 0) sdk.spans.reset()
    }
    for (const host of hosts) await host.host.audit?.flush()
  } finally {
    for (const host of driven) host.close()
    for (const host of hosts) await host.close()
    await sdk.shutdown()
  }
  for (const host of hosts)
    if ((host.host.audit?.failed ?? 0) > 0) throw new Error('audit appends failed')
  const [off, metricsOnly, withTraces] = results as [Samples, Samples, Samples]
  return [
    ...figures(
      'B8.audit-metrics',
      metricsOnly,
      off,
      BUDGET,
      'audit (in-memory sink) and metrics (SDK meter) on, against off, interleaved',
    ),
    ...figures(
      'B8.audit-metrics-traces',
      withTraces,
      off,
      null,
      "audit, metrics and traces (SDK tracer, batch processor, `context`) on, against off; reported: the SDK's span work, put off to a later turn, still lands in the interleaved samples (bench/README.md)",
    ),
  ]
}
