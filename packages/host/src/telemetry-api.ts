/**
 * The part of the OpenTelemetry API the host calls, written as the shapes it
 * needs: a `Tracer` from `trace.getTracer(…)` and a `Meter` from
 * `metrics.getMeter(…)` of `@opentelemetry/api` (an optional peer) fit them,
 * and a host that is given neither never touches OpenTelemetry at all.
 */

/** Attribute values as OpenTelemetry takes them. */
export type TelemetryAttributes = Record<string, string | number | boolean | undefined>

/** A time as OpenTelemetry's `HrTime`: seconds since the epoch, and nanoseconds. */
export type TelemetryTime = [seconds: number, nanoseconds: number]

/** A span, as the host uses one. */
export interface TelemetrySpan {
  setAttribute(key: string, value: string | number | boolean): unknown
  addEvent(name: string, attributes?: TelemetryAttributes, time?: TelemetryTime): unknown
  /** `code: 2` is `SpanStatusCode.ERROR`. */
  setStatus(status: { code: 2; message?: string }): unknown
  isRecording(): boolean
  end(time?: TelemetryTime): void
}

/**
 * `trace.getTracer('@parley/host')`. A span's parent is the `context` the
 * host passes, else the active one, as the SDK's tracer does by itself.
 */
export interface TelemetryTracer {
  startSpan(
    name: string,
    options?: { attributes?: TelemetryAttributes; startTime?: TelemetryTime },
    context?: unknown,
  ): TelemetrySpan
}

/** `context` of `@opentelemetry/api`: the host only asks it for the active context. */
export interface TelemetryContext {
  active(): unknown
}

/** What an observable gauge's callback reports to. */
export interface TelemetryObservation {
  observe(value: number, attributes?: TelemetryAttributes): void
}

interface InstrumentOptions {
  description?: string
  unit?: string
}

/** `metrics.getMeter('@parley/host')`. */
export interface TelemetryMeter {
  createHistogram(
    name: string,
    options?: InstrumentOptions & { advice?: { explicitBucketBoundaries?: number[] } },
  ): { record(value: number, attributes?: TelemetryAttributes): void }
  createCounter(
    name: string,
    options?: InstrumentOptions,
  ): { add(value: number, attributes?: TelemetryAttributes): void }
  createObservableGauge(
    name: string,
    options?: InstrumentOptions,
  ): { addCallback(callback: (observation: TelemetryObservation) => void): void }
}

/** The host option `telemetry`. */
export interface TelemetryOptions {
  /** Where ask spans go. @default none: no spans */
  tracer?: TelemetryTracer
  /**
   * `context` of `@opentelemetry/api`. With it, the host takes the caller's
   * active context at the ask and starts the span on a later turn, after the
   * question went out (the span's times are still those of the ask).
   * @default none: the tracer starts the span at the ask, in the active context
   */
  context?: TelemetryContext
  /** Where the host's metrics go. @default none: no metrics */
  meter?: TelemetryMeter
  /** This node's name in `parley.node.id`. @default the coordinator's `nodeId`, else `audit.nodeId`; none without either */
  nodeId?: string
}
