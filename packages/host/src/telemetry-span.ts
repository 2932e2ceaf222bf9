/**
 * An ask's span, as the telemetry writes it. What the span says is taken
 * where it happens: the start time (and, given the API's `context`, the
 * caller's active context) at the ask, each event's and the end's own time.
 * Given `context`, the tracer's work (its ids, its sampler, its span
 * processor) runs on a later turn, in one batch, off the path of the
 * question frame and of the agent's answer; without it, where it happens.
 */
import type {
  TelemetryAttributes,
  TelemetryContext,
  TelemetrySpan,
  TelemetryTime,
  TelemetryTracer,
} from './telemetry-api.ts'

/** The span writes of one host, in order. */
export interface SpanWrites {
  /** Runs `write` now, or when `later`, on a later turn after every write queued before it. */
  write(write: () => void): void
  /** Runs every queued write now. */
  flush(): void
}

/** Span writes, queued when `later`; a write that throws is reported as `telemetry.span`. */
export function createSpanWrites(
  later: boolean,
  report: (error: unknown, where: string) => void,
): SpanWrites {
  let queue: (() => void)[] = []
  let scheduled = false

  function run(write: () => void): void {
    try {
      write()
    } catch (error) {
      report(error, 'telemetry.span')
    }
  }

  function flush(): void {
    scheduled = false
    const batch = queue
    queue = []
    for (const write of batch) run(write)
  }

  return {
    write(write) {
      if (!later) return run(write)
      queue.push(write)
      if (scheduled) return
      scheduled = true
      setTimeout(flush, 0)
    },
    flush,
  }
}

const NANOS_PER_SECOND = 1e9

/** Milliseconds as an `HrTime`, rounded to the nanosecond, as the SDK's `millisToHrTime` does. */
function hrTimeOf(ms: number): TelemetryTime {
  return [Math.trunc(ms / 1000), Math.round((ms % 1000) * 1e6)]
}

function addTimes(a: TelemetryTime, b: TelemetryTime): TelemetryTime {
  const nanos = a[1] + b[1]
  return nanos >= NANOS_PER_SECOND
    ? [a[0] + b[0] + 1, nanos - NANOS_PER_SECOND]
    : [a[0] + b[0], nanos]
}

/**
 * A clock started at the ask that tells times as the SDK's span does when it
 * starts itself: the start is `Date.now()`, every later time is the start
 * plus the `performance.now()` elapsed since.
 */
function spanClock(): { start: TelemetryTime; now(): TelemetryTime } {
  const start = hrTimeOf(Date.now())
  const mark = performance.now()
  return { start, now: () => addTimes(start, hrTimeOf(performance.now() - mark)) }
}

/** A span as the ask's telemetry writes it; an event and the end carry the time they happened. */
export interface AskSpan {
  setAttribute(key: string, value: string | number | boolean): void
  addEvent(name: string, attributes?: TelemetryAttributes): void
  /** Ends the span as an error with `code`. */
  failed(code: string): void
  end(): void
}

interface AskSpanDeps {
  tracer: TelemetryTracer
  /** The API's `context`, to take the caller's active context from at the ask. */
  context: TelemetryContext | undefined
  writes: SpanWrites
}

/**
 * Starts the span `name` of an ask, on the ask's clock. Its parent is the
 * context active at the ask: taken from `context` now, or found by the
 * tracer itself when it starts the span here (without `context`).
 */
export function startAskSpan(
  deps: AskSpanDeps,
  name: string,
  attributes: TelemetryAttributes,
): AskSpan {
  const { tracer } = deps
  const { write } = deps.writes
  const clock = spanClock()
  const parent = deps.context?.active()
  let span: TelemetrySpan | undefined
  write(() => {
    span = tracer.startSpan(name, { startTime: clock.start, attributes }, parent)
  })

  return {
    setAttribute(key, value) {
      write(() => span?.setAttribute(key, value))
    },
    addEvent(event, eventAttributes) {
      const time = clock.now()
      write(() => span?.addEvent(event, eventAttributes, time))
    },
    failed(code) {
      write(() => {
        span?.setAttribute('error.type', code)
        span?.setStatus({ code: 2, message: code })
      })
    },
    end() {
      const time = clock.now()
      write(() => span?.end(time))
    },
  }
}
