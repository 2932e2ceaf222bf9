import type { AskUserQuestionAnswer, AskUserQuestionRequest } from '@parley/seam'
import { type Amendments, createAmendments } from './amend.ts'
import { createMemoryAmendStore } from './amend-store.ts'
import type { AskDeps, AskRegistry } from './ask-registry.ts'
import { createAskRegistry } from './asks.ts'
import type { AuditStats } from './audit-trail.ts'
import { type ClusterAsks, createClusterAsks } from './cluster-asks.ts'
import type { QuestionCoordinator } from './coordinator.ts'
import { wireCluster } from './core-cluster.ts'
import { observersOf, type Report, settingsOf } from './core-options.ts'
import { createHostRoutes, type HostRoutes } from './core-routes.ts'
import { createHostStreams, type HostStreams } from './core-streams.ts'
import { createDeadlines } from './deadlines.ts'
import type { PendingStore } from './pending-table.ts'
import type { QuestionHostOptions } from './types.ts'

export { BAD_TARGET } from './core-routes.ts'

/**
 * The runtime-neutral part of the host, as the Node and Fetch adapters see
 * it: they only translate requests into it and replies out of it. It is
 * composed of declared parts: its settings (`core-options.ts`), its streams
 * and their fences (`core-streams.ts`), its routes (`core-routes.ts`), its
 * cluster wiring (`core-cluster.ts`) and its ask registry (`ask-registry.ts`).
 */
export interface HostCore<P> extends HostStreams<P>, HostRoutes {
  readonly coordinator: QuestionCoordinator | undefined
  /** Resolves once the host joined its cluster (at once without a coordinator). */
  readonly joined: Promise<void>
  readonly muxPath: string
  readonly respondPath: string
  readonly extendPath: string
  readonly trustProxy: boolean
  readonly store: PendingStore
  readonly asks: AskRegistry
  /** The provider's ask: in its span when the host has telemetry. */
  ask(request: AskUserQuestionRequest): Promise<AskUserQuestionAnswer>
  readonly amends: Amendments
  /** The audit log's counters, when the host keeps one. */
  readonly audit: AuditStats | undefined
  readonly report: Report
  readonly disposed: boolean
  /** Settles every pending ask `aborted`, ends every stream, refuses new work. */
  dispose(): void
  /** Resolves once a disposed host left its cluster (at once without a coordinator). */
  readonly left: Promise<void>
}

/** Composes the host's core from its options. */
export function createHostCore<P>(options: QuestionHostOptions<P>): HostCore<P> {
  const settings = settingsOf(options)
  const { coordinator } = options
  const { store, timers, now, report } = settings
  const { trail, telemetry, watch } = observersOf(options, settings, (): number => hub.size)
  let disposed = false
  let left: Promise<void> = Promise.resolve()
  const streams: HostStreams<P> = createHostStreams(options, settings, {
    snapshot: coordinator && ((includes, sessions) => coordinator.snapshot(includes, sessions)),
    replayAlso: () => amends.replay(),
    deadlineFrame: (rpcId) => deadlines.replayFrame(rpcId),
    shown: watch?.shown,
    refusedCode: telemetry && ((code) => telemetry.refused(code)),
    disposed: () => disposed,
  })
  const { hub } = streams
  const deadlines = createDeadlines({
    timers,
    now,
    policy: options.deadlinePolicy,
    publish(sessionId, frame) {
      hub.publish(sessionId, frame)
      watch?.moved(frame.rpcId, frame.deadlineAt, frame.reason)
    },
    report,
  })
  let clusterAsks: ClusterAsks | undefined
  const cluster = wireCluster({
    coordinator,
    hub,
    deadlines,
    store,
    watch,
    report,
    asks: () => clusterAsks,
  })
  const askDeps: AskDeps = {
    store,
    hub,
    deadlines,
    now,
    mintRpcId: settings.mintRpcId,
    sessionOf: options.sessionOf,
    onRegistered: options.onRegistered,
    watch,
    limits: settings.askLimits,
    report,
  }
  clusterAsks =
    coordinator && createClusterAsks({ ...askDeps, coordinator, joined: cluster.joined })
  const asks: AskRegistry = clusterAsks ?? createAskRegistry(askDeps)
  // Amendments are kept in this process: in a cluster an answer is final (its window is 0).
  const amends = createAmendments({
    store: options.amendStore ?? createMemoryAmendStore(),
    hub,
    timers,
    now,
    windowMs: settings.amendWindowMs,
    report,
  })
  const routes = createHostRoutes(options, settings, {
    asks,
    amends,
    cluster,
    repeated: coordinator?.repeated.bind(coordinator),
    watch,
  })

  return {
    ...streams,
    ...routes,
    coordinator,
    joined: cluster.joined,
    muxPath: settings.paths.mux,
    respondPath: settings.paths.respond,
    extendPath: settings.paths.extend,
    trustProxy: settings.trustProxy,
    store,
    asks,
    ask(request) {
      if (!telemetry) return asks.ask(request)
      return telemetry.trace(request, (registered) => asks.ask(request, registered))
    },
    amends,
    audit: trail?.stats,
    report,
    get disposed() {
      return disposed
    },
    dispose() {
      disposed = true
      left = asks.dispose().catch((error: unknown) => report(error, 'coordinator.leave'))
      amends.dispose()
      hub.endAll()
      streams.heartbeat.stop()
      // The records of the asks it just ended go out before close() resolves.
      if (trail) left = left.then(() => trail.stats.flush())
      // So do the spans of those asks, before the app shuts its tracer down.
      if (telemetry) left = left.then(() => telemetry.flush())
    },
    get left() {
      return left
    },
  }
}
