import { DEFAULT_AMEND_WINDOW_MS } from './amend.ts'
import type { AskLimits } from './ask-registry.ts'
import { type AskWatch, combineWatches } from './ask-watch.ts'
import { type AuditStats, createAuditTrail } from './audit-trail.ts'
import { createMemoryPendingStore, type PendingStore } from './pending-table.ts'
import { createTelemetry, type Telemetry } from './telemetry.ts'
import type { HostTimers, QuestionHostOptions, RegisteredInfo } from './types.ts'

const GLOBAL_TIMERS: HostTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}

/** Reports an error the host recovered from (`onError`, guarded). */
export type Report = (error: unknown, where: string) => void

/** The paths the host answers on. */
interface HostPaths {
  readonly mux: string
  readonly respond: string
  readonly extend: string
  readonly amend: string
}

/** What the stream hub is bounded by. */
interface StreamLimits<P> {
  readonly maxBufferedBytes: number
  readonly maxStreams: number
  readonly maxStreamsPerPrincipal: number
  principalKey(principal: P): unknown
}

/** A host's options with every default applied: what the parts of the core are built from. */
export interface HostSettings<P> {
  readonly paths: HostPaths
  readonly store: PendingStore
  readonly timers: HostTimers
  now(): number
  mintRpcId(): string
  readonly report: Report
  readonly trustProxy: boolean
  readonly pingIntervalMs: number
  readonly askLimits: AskLimits
  readonly streamLimits: StreamLimits<P>
  readonly maxBodyBytes: number
  readonly bodyTimeoutMs: number
  /** How long an answer may be changed; always 0 in a cluster, where an answer is final. */
  amendWindowMs(info: RegisteredInfo): number
}

/** Applies the defaults of `createQuestionHost`'s options. */
export function settingsOf<P>(options: QuestionHostOptions<P>): HostSettings<P> {
  const onError =
    options.onError ?? ((error, where) => console.error(`[@parley/host] ${where}:`, error))
  const report: Report = (error, where) => {
    try {
      onError(error, where)
    } catch {
      // A broken error hook must not break the host.
    }
  }
  const { amendWindowMs = DEFAULT_AMEND_WINDOW_MS } = options
  return {
    paths: {
      mux: options.muxPath ?? '/api/mux',
      respond: options.respondPath ?? '/api/respond',
      extend: options.extendPath ?? '/api/extend',
      amend: options.amendPath ?? '/api/amend',
    },
    store: options.store ?? createMemoryPendingStore(),
    timers: options.timers ?? GLOBAL_TIMERS,
    now: options.now ?? Date.now,
    mintRpcId: options.mintRpcId ?? (() => crypto.randomUUID()),
    report,
    trustProxy: options.trustProxy ?? false,
    pingIntervalMs: options.pingIntervalMs ?? 15_000,
    askLimits: {
      maxPendingPerSession: options.maxPendingPerSession ?? 64,
      maxPending: options.maxPending ?? 10_000,
      maxQuestionBytes: options.maxQuestionBytes ?? 256 * 1024,
    },
    streamLimits: {
      maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024,
      maxStreams: options.maxStreams ?? 10_000,
      maxStreamsPerPrincipal: options.maxStreamsPerPrincipal ?? 32,
      principalKey: options.principalKey ?? ((principal) => principal),
    },
    maxBodyBytes: options.maxBodyBytes ?? 256 * 1024,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 10_000,
    amendWindowMs: options.coordinator
      ? () => 0
      : typeof amendWindowMs === 'function'
        ? amendWindowMs
        : () => amendWindowMs,
  }
}

/** Who watches the asks of a host: its audit trail and its telemetry, each when configured. */
export interface HostObservers {
  readonly trail: { watch: AskWatch; stats: AuditStats } | undefined
  readonly telemetry: Telemetry | undefined
  /** Both watches as one, guarded; `undefined` without either. */
  readonly watch: AskWatch | undefined
}

/** The audit trail and telemetry `options` ask for; `streams` counts the open downlinks. */
export function observersOf<P>(
  options: QuestionHostOptions<P>,
  settings: Pick<HostSettings<P>, 'now' | 'report'>,
  streams: () => number,
): HostObservers {
  const nodeId = options.coordinator?.nodeId
  const trail = options.audit
    ? createAuditTrail({
        options: options.audit,
        nodeId: options.audit.nodeId ?? nodeId,
        now: settings.now,
        report: settings.report,
      })
    : undefined
  const { telemetry: telemetryOptions } = options
  const telemetry =
    telemetryOptions?.tracer || telemetryOptions?.meter
      ? createTelemetry({
          options: telemetryOptions,
          nodeId: telemetryOptions.nodeId ?? nodeId ?? options.audit?.nodeId,
          streams,
          report: settings.report,
        })
      : undefined
  const watch = combineWatches([trail?.watch, telemetry?.watch], settings.report)
  return { trail, telemetry, watch }
}
