import { context, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics'
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  answerBody,
  cancelBody,
  manualTimers,
  openTab,
  post,
  QUESTIONS,
  readyTab,
  refusedStatus,
  startHost,
  type TestHost,
  VALID_ANSWER,
} from './helpers.ts'

let running: TestHost | undefined
let spans: InMemorySpanExporter
let metrics: InMemoryMetricExporter
let reader: PeriodicExportingMetricReader
let tracerProvider: BasicTracerProvider
let meterProvider: MeterProvider

beforeEach(() => {
  spans = new InMemorySpanExporter()
  tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] })
  metrics = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
  reader = new PeriodicExportingMetricReader({ exporter: metrics, exportIntervalMillis: 3_600_000 })
  meterProvider = new MeterProvider({ readers: [reader] })
})

afterEach(async () => {
  await running?.close()
  running = undefined
  await meterProvider.shutdown()
  await tracerProvider.shutdown()
})

async function observed(overrides: Parameters<typeof startHost>[0] = {}) {
  running = await startHost({
    telemetry: {
      tracer: tracerProvider.getTracer('@parley/host'),
      meter: meterProvider.getMeter('@parley/host'),
      nodeId: 'node-a',
    },
    ...overrides,
  })
  return running
}

/** Every data point of the metric `name` at the last collection, as `[attributes, value]`. */
async function points(name: string): Promise<[Record<string, unknown>, unknown][]> {
  await reader.forceFlush()
  const last = metrics.getMetrics().at(-1)
  const metric = last?.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .find((candidate) => candidate.descriptor.name === name)
  return (metric?.dataPoints ?? []).map((point) => [point.attributes, point.value])
}

const finished = (name = 'parley.ask'): ReadableSpan[] =>
  spans.getFinishedSpans().filter((span) => span.name === name)

describe('OpenTelemetry traces', () => {
  it('a span per ask: question count, intent, outcome, transport, node, and its events', async () => {
    const host = await observed({ deadlinePolicy: { stepMs: 60_000, maxTotalMs: 600_000 } })
    const tab = await readyTab(host.base)
    const asked = host.ask('s1', {
      timeoutMs: 60_000,
      questions: [
        {
          id: 'plan',
          question: 'Go ahead with this plan?',
          detail: '1. Paint it red.',
          options: [{ label: 'Approve' }, { label: 'Revise' }],
          intent: { kind: 'plan-review', approve: 'Approve' },
        },
        ...QUESTIONS,
      ],
    })
    const [requested] = await tab.count('question/requested')
    const rpcId = String(requested?.rpcId)
    const extended = await post(
      host.base,
      { rpcId, sessionId: 's1', reason: 'user' },
      { path: '/api/extend' },
    )
    expect(extended.json).toMatchObject({ extended: true })
    const answer = { answers: [{ id: 'plan', selected: ['Approve'] }, ...VALID_ANSWER.answers] }
    expect((await post(host.base, answerBody(rpcId, 's1', answer))).json).toEqual({
      accepted: true,
    })
    await asked
    const [span] = finished()
    expect(span?.attributes).toMatchObject({
      'parley.ask.question_count': 4,
      'parley.ask.intent': 'plan-review',
      'parley.ask.outcome': 'answered',
      'parley.ask.rpc_id': rpcId,
      'parley.mux.transport': 'websocket',
      'parley.node.id': 'node-a',
      'parley.session.id': 's1',
    })
    expect(span?.events.map((event) => event.name)).toEqual([
      'parley.ask.shown',
      'parley.ask.extended',
      'parley.ask.answered',
    ])
    expect(span?.events[1]?.attributes).toMatchObject({ 'parley.deadline.reason': 'user' })
  })

  it("joins the agent's trace when a span is active where it asks", async () => {
    const manager = new AsyncLocalStorageContextManager().enable()
    context.setGlobalContextManager(manager)
    try {
      const host = await observed()
      const tab = await readyTab(host.base)
      const turn = tracerProvider.getTracer('agent').startSpan('agent turn')
      const asked = context.with(trace.setSpan(context.active(), turn), () => host.ask('s1'))
      const [requested] = await tab.count('question/requested')
      await post(host.base, cancelBody(String(requested?.rpcId), 's1'))
      await asked.catch(() => {})
      turn.end()
      const [span] = finished()
      expect(span?.spanContext().traceId).toBe(turn.spanContext().traceId)
      expect(span?.parentSpanContext?.spanId).toBe(turn.spanContext().spanId)
      expect(span?.attributes['parley.ask.outcome']).toBe('cancelled')
    } finally {
      context.disable()
    }
  })

  it('a refused ask ends its span as an error with the code', async () => {
    const host = await observed({ maxPendingPerSession: 1 })
    host.ask('s1')
    await expect(host.ask('s1')).rejects.toThrow()
    const [span] = finished()
    expect(span?.attributes).toMatchObject({
      'parley.ask.outcome': 'refused',
      'error.type': 'ASK_LIMIT_REACHED',
    })
    expect(span?.status.code).toBe(2)
  })
})

describe('OpenTelemetry metrics', () => {
  it('pending asks, time to answer and outcomes by intent and outcome, open streams', async () => {
    const clock = manualTimers()
    const host = await observed({ timers: clock.timers })
    const tab = await readyTab(host.base)
    const answered = host.ask('s1')
    const timedOut = host.ask('s1', { timeoutMs: 1_000 })
    host.ask('s1')
    const requested = await tab.count('question/requested', 3)
    expect(await points('parley.ask.pending')).toEqual([[{ 'parley.node.id': 'node-a' }, 3]])
    expect(await points('parley.mux.active_streams')).toEqual([[{ 'parley.node.id': 'node-a' }, 1]])
    await post(host.base, answerBody(String(requested[0]?.rpcId), 's1'))
    await answered
    clock.fire(1_000)
    await timedOut.catch(() => {})
    expect(await points('parley.ask.pending')).toEqual([[{ 'parley.node.id': 'node-a' }, 1]])
    const by = (outcome: string) => ({
      'parley.node.id': 'node-a',
      'parley.ask.intent': 'none',
      'parley.ask.outcome': outcome,
    })
    expect(await points('parley.ask.settled')).toEqual([
      [by('answered'), 1],
      [by('timed-out'), 1],
    ])
    const durations = await points('parley.ask.duration')
    expect(
      durations.map(([attributes, value]) => [attributes, (value as { count: number }).count]),
    ).toEqual([
      [by('answered'), 1],
      [by('timed-out'), 1],
    ])
  })

  it('counts refusals at a limit by code', async () => {
    const host = await observed({ maxStreamsPerPrincipal: 1, maxPendingPerSession: 1 })
    await readyTab(host.base)
    expect(await refusedStatus(openTab(host.base, { user: 'alice' }))).toBe(429)
    host.ask('s1')
    await host.ask('s1').catch(() => {})
    expect(await points('parley.limit.refusals')).toEqual([
      [{ 'parley.node.id': 'node-a', 'parley.refusal.code': 'TOO_MANY_STREAMS' }, 1],
      [{ 'parley.node.id': 'node-a', 'parley.refusal.code': 'ASK_LIMIT_REACHED' }, 1],
    ])
  })
})

describe('without telemetry', () => {
  it('asks as before and records nothing', async () => {
    running = await startHost()
    const tab = await readyTab(running.base)
    const asked = running.ask('s1')
    const [requested] = await tab.count('question/requested')
    await post(running.base, answerBody(String(requested?.rpcId), 's1'))
    await asked
    expect(spans.getFinishedSpans()).toEqual([])
  })
})
