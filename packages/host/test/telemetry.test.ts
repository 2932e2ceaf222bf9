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
  type SpanProcessor,
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
/** `Date.now()` when the tracer started each span. */
let startedAt: number[]

beforeEach(() => {
  spans = new InMemorySpanExporter()
  startedAt = []
  const starts: SpanProcessor = {
    onStart: () => startedAt.push(Date.now()),
    onEnd: () => {},
    forceFlush: async () => {},
    shutdown: async () => {},
  }
  tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(spans), starts],
  })
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

/** A host with telemetry; `later`: given the API's `context`, so its spans are written on a later turn. */
async function observed(overrides: Parameters<typeof startHost>[0] = {}, later = false) {
  running = await startHost({
    telemetry: {
      tracer: tracerProvider.getTracer('@parley/host'),
      meter: meterProvider.getMeter('@parley/host'),
      nodeId: 'node-a',
      ...(later && { context }),
    },
    ...overrides,
  })
  return running
}

/** One turn of the event loop: the spans' queued writes are done after it. */
const written = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Keeps the thread busy for `ms`: no timer runs meanwhile. */
function busy(ms: number): void {
  const until = Date.now() + ms
  while (Date.now() < until) {}
}

/** An `HrTime` in ms since the epoch. */
const msOf = ([seconds, nanos]: [number, number]) => seconds * 1000 + nanos / 1e6

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

describe.each([
  ['started at the ask', false],
  ['started on a later turn (given context)', true],
])('OpenTelemetry traces, %s', (_, later) => {
  it('a span per ask: question count, intent, outcome, transport, node, and its events', async () => {
    const host = await observed({ deadlinePolicy: { stepMs: 60_000, maxTotalMs: 600_000 } }, later)
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
    await written()
    const [span] = finished()
    expect(span?.attributes).toEqual({
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
      const host = await observed({}, later)
      const tab = await readyTab(host.base)
      const turn = tracerProvider.getTracer('agent').startSpan('agent turn')
      const asked = context.with(trace.setSpan(context.active(), turn), () => host.ask('s1'))
      const [requested] = await tab.count('question/requested')
      await post(host.base, cancelBody(String(requested?.rpcId), 's1'))
      await asked.catch(() => {})
      await written()
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
    const host = await observed({ maxPendingPerSession: 1 }, later)
    host.ask('s1')
    await expect(host.ask('s1')).rejects.toThrow()
    await written()
    const [span] = finished()
    expect(span?.attributes).toMatchObject({
      'parley.ask.outcome': 'refused',
      'error.type': 'ASK_LIMIT_REACHED',
    })
    expect(span?.status.code).toBe(2)
  })
})

describe('OpenTelemetry traces started on a later turn (given context)', () => {
  it('the span starts after the question went out, at the time of the ask', async () => {
    const host = await observed({}, true)
    await readyTab(host.base)
    const before = Date.now()
    const asked = host.ask('s1', { timeoutMs: 60_000 })
    const after = Date.now()
    expect(host.host.pending()).toHaveLength(1)
    expect(startedAt).toEqual([])
    busy(30)
    await written()
    expect(startedAt).toHaveLength(1)
    expect(startedAt[0]).toBeGreaterThanOrEqual(after + 30)
    host.host.abortSession('s1')
    await asked.catch(() => {})
    await written()
    const [span] = finished()
    expect(msOf(span?.startTime ?? [0, 0])).toBeGreaterThanOrEqual(before)
    expect(msOf(span?.startTime ?? [0, 0])).toBeLessThanOrEqual(after + 1)
  })

  it('an ask settled before its span starts ends it with its outcome, at the time it settled', async () => {
    const host = await observed({}, true)
    const abort = new AbortController()
    const asked = host.ask('s1', { signal: abort.signal })
    abort.abort()
    await asked.catch(() => {})
    const settled = Date.now()
    expect(startedAt).toEqual([])
    busy(30)
    await written()
    const [span] = finished()
    expect(span?.attributes['parley.ask.outcome']).toBe('aborted')
    expect(span?.status.code).toBe(0)
    expect(msOf(span?.endTime ?? [0, 0])).toBeLessThanOrEqual(settled + 1)
    expect(msOf(span?.endTime ?? [0, 0])).toBeGreaterThanOrEqual(msOf(span?.startTime ?? [0, 0]))
    expect(startedAt[0]).toBeGreaterThanOrEqual(settled + 30)
  })

  it('each event keeps the time it happened, not the time the span was written', async () => {
    const host = await observed({ deadlinePolicy: { stepMs: 60_000, maxTotalMs: 600_000 } }, true)
    const tab = await readyTab(host.base)
    const asked = host.ask('s1', { timeoutMs: 60_000 })
    // Shown in the ask's own turn, before the span starts.
    busy(30)
    const [requested] = await tab.count('question/requested')
    const rpcId = String(requested?.rpcId)
    await post(host.base, { rpcId, sessionId: 's1', reason: 'user' }, { path: '/api/extend' })
    await post(host.base, answerBody(rpcId, 's1'))
    await asked
    await written()
    const [span] = finished()
    const start = msOf(span?.startTime ?? [0, 0])
    const [shown, extended, answered] = (span?.events ?? []).map((event) => msOf(event.time))
    expect(shown).toBeLessThan(start + 30)
    expect(extended).toBeGreaterThanOrEqual(start + 30)
    expect(answered).toBeGreaterThanOrEqual(extended ?? Number.NaN)
    expect(msOf(span?.endTime ?? [0, 0])).toBeGreaterThanOrEqual(answered ?? Number.NaN)
  })

  it("asks from two agents' traces in one turn each join their own", async () => {
    const manager = new AsyncLocalStorageContextManager().enable()
    context.setGlobalContextManager(manager)
    try {
      const host = await observed({}, true)
      const agent = tracerProvider.getTracer('agent')
      const turns = [agent.startSpan('turn a'), agent.startSpan('turn b')]
      const asked = turns.map((turn) =>
        context.with(trace.setSpan(context.active(), turn), () => host.ask('s1')),
      )
      host.host.abortSession('s1')
      await Promise.allSettled(asked)
      await written()
      for (const turn of turns) turn.end()
      const parents = finished().map((span) => span.parentSpanContext?.spanId)
      expect(parents).toEqual(turns.map((turn) => turn.spanContext().spanId))
    } finally {
      context.disable()
    }
  })

  it('close() writes the spans of the asks it ended before it resolves', async () => {
    const host = await observed({}, true)
    const asked = host.ask('s1')
    await host.host.close()
    await asked.catch(() => {})
    expect(finished().map((span) => span.attributes['parley.ask.outcome'])).toEqual(['aborted'])
  })

  it('a tracer that throws is reported to onError, and the ask is answered', async () => {
    const errors: string[] = []
    running = await startHost({
      telemetry: {
        tracer: {
          startSpan: () => {
            throw new Error('no ids today')
          },
        },
        context,
      },
      onError: (_, where) => errors.push(where),
    })
    const tab = await readyTab(running.base)
    const asked = running.ask('s1')
    const [requested] = await tab.count('question/requested')
    await post(running.base, answerBody(String(requested?.rpcId), 's1'))
    await expect(asked).resolves.toBeDefined()
    await written()
    expect(errors).toEqual(['telemetry.span'])
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
