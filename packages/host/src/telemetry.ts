import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  isUserQuestionError,
} from '@parley/seam'
import type { AskWatch } from './ask-watch.ts'
import type { PendingEntry } from './pending-table.ts'
import type { TelemetryAttributes, TelemetryOptions } from './telemetry-api.ts'
import { type AskSpan, createSpanWrites, startAskSpan } from './telemetry-span.ts'

/** The names the host's spans, events, metrics and attributes go by (see docs/observability.md). */
export const TELEMETRY_NAMES = {
  span: 'parley.ask',
  shown: 'parley.ask.shown',
  extended: 'parley.ask.extended',
  answered: 'parley.ask.answered',
  pending: 'parley.ask.pending',
  duration: 'parley.ask.duration',
  settled: 'parley.ask.settled',
  streams: 'parley.mux.active_streams',
  refusals: 'parley.limit.refusals',
} as const

/** The codes `parley.limit.refusals` counts: a limit, never a fault of the request. */
const LIMIT_CODES = new Set(['ASK_LIMIT_REACHED', 'ASK_TOO_LARGE', 'TOO_MANY_STREAMS', 'HOST_FULL'])

const OUTCOMES: Record<string, string> = {
  ASK_CANCELLED: 'cancelled',
  ASK_ABORTED: 'aborted',
  ASK_TIMED_OUT: 'timed-out',
}

/** Seconds' buckets for time to answer: a person takes seconds to hours. */
const DURATION_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600]

/** The intents of a request's questions, as one attribute: `plan-review`, `none`, or several joined by commas. */
function intentOf(request: AskUserQuestionRequest): string {
  const kinds = new Set<string>()
  for (const question of request.questions ?? [])
    if (question.intent) kinds.add(question.intent.kind)
  return kinds.size === 0 ? 'none' : [...kinds].sort().join(',')
}

/** One ask in flight on this node. */
interface Traced {
  readonly span: AskSpan | undefined
  shown: boolean
}

interface TelemetryDeps {
  options: TelemetryOptions
  nodeId: string | undefined
  /** Open downlinks now. */
  streams(): number
  report(error: unknown, where: string): void
}

/** What the core sees of the telemetry: the watch, the ask wrapper, and the refusal counter. */
export interface Telemetry {
  watch: AskWatch
  /** Runs `ask` inside its span, naming the span's question once it is registered. */
  trace(
    request: AskUserQuestionRequest,
    ask: (registered: (entry: PendingEntry) => void) => Promise<AskUserQuestionAnswer>,
  ): Promise<AskUserQuestionAnswer>
  /** A mux connection or an ask refused with `code`. */
  refused(code: string): void
  /** Writes the spans' queued changes now (the host's close). */
  flush(): void
}

/**
 * The host's OpenTelemetry: a `parley.ask` span per ask on the node whose
 * agent awaits it, from the call to its settle (joining the caller's active
 * context), with events when it is first shown, extended and answered; and
 * metrics of pending asks, time to answer, outcomes, open streams and
 * refusals at a limit.
 */
export function createTelemetry(deps: TelemetryDeps): Telemetry {
  const { tracer, meter, context } = deps.options
  // Given the API's `context`, spans are written on a later turn (telemetry-span.ts).
  const writes = createSpanWrites(context !== undefined, deps.report)
  const traced = new Map<string, Traced>()
  let pending = 0
  const node: TelemetryAttributes =
    deps.nodeId === undefined ? {} : { 'parley.node.id': deps.nodeId }
  const duration = meter?.createHistogram(TELEMETRY_NAMES.duration, {
    description: 'Time from an ask to its settle (answered, cancelled, aborted or timed out).',
    unit: 's',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  })
  const settled = meter?.createCounter(TELEMETRY_NAMES.settled, {
    description: 'Asks settled, by outcome.',
    unit: '{ask}',
  })
  const refusals = meter?.createCounter(TELEMETRY_NAMES.refusals, {
    description: 'Asks and mux connections refused at a limit.',
    unit: '{refusal}',
  })
  meter
    ?.createObservableGauge(TELEMETRY_NAMES.pending, {
      description: 'Asks this node awaits an answer to.',
      unit: '{ask}',
    })
    .addCallback((observation) => observation.observe(pending, node))
  meter
    ?.createObservableGauge(TELEMETRY_NAMES.streams, {
      description: 'Open downlinks (WebSocket and SSE).',
      unit: '{stream}',
    })
    .addCallback((observation) => observation.observe(deps.streams(), node))

  function refused(code: string): void {
    if (LIMIT_CODES.has(code)) refusals?.add(1, { ...node, 'parley.refusal.code': code })
  }

  function finish(
    span: AskSpan | undefined,
    started: number,
    intent: string,
    outcome: string,
    code?: string,
  ): void {
    pending -= 1
    const attributes = { ...node, 'parley.ask.intent': intent, 'parley.ask.outcome': outcome }
    if (code !== undefined) refused(code)
    if (outcome !== 'refused') {
      duration?.record((performance.now() - started) / 1000, attributes)
      settled?.add(1, attributes)
    }
    if (!span) return
    span.setAttribute('parley.ask.outcome', outcome)
    if (outcome === 'answered') span.addEvent(TELEMETRY_NAMES.answered)
    if (code !== undefined) span.failed(code)
    span.end()
  }

  return {
    refused,
    flush: writes.flush,
    trace(request, ask) {
      const started = performance.now()
      const intent = intentOf(request)
      const span =
        tracer &&
        startAskSpan({ tracer, context, writes }, TELEMETRY_NAMES.span, {
          ...node,
          'parley.ask.question_count': request.questions?.length ?? 0,
          'parley.ask.intent': intent,
        })
      pending += 1
      let rpcId: string | undefined
      const asked = ask((entry) => {
        rpcId = entry.rpcId
        traced.set(rpcId, { span, shown: false })
        span?.setAttribute('parley.ask.rpc_id', rpcId)
        span?.setAttribute('parley.session.id', entry.sessionId)
      })
      const done = (outcome: string, code?: string) => {
        if (rpcId !== undefined) traced.delete(rpcId)
        finish(span, started, intent, outcome, code)
      }
      asked.then(
        () => done('answered'),
        (error: unknown) => {
          const code = isUserQuestionError(error) ? error.code : 'ERROR'
          const outcome = OUTCOMES[code]
          // Refused before it was registered (a limit, a bad question): an error, not an outcome.
          if (outcome !== undefined && rpcId !== undefined) done(outcome)
          else done(rpcId === undefined ? 'refused' : 'aborted', code)
        },
      )
      return asked
    },
    watch: {
      shown(rpcId, on) {
        const ask = traced.get(rpcId)
        if (!ask || ask.shown) return
        ask.shown = true
        if (on.transport !== undefined) ask.span?.setAttribute('parley.mux.transport', on.transport)
        ask.span?.addEvent(TELEMETRY_NAMES.shown, { 'parley.mux.transport': on.transport })
      },
      moved(rpcId, deadlineAt, reason) {
        traced.get(rpcId)?.span?.addEvent(TELEMETRY_NAMES.extended, {
          'parley.deadline.reason': reason,
          'parley.deadline.at': deadlineAt,
        })
      },
      ended() {},
      amended() {},
    },
  }
}
