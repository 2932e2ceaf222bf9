import type { AskUserQuestionAnswer, AskUserQuestionRequest } from '@parley/seam'
import {
  type AmendReceipt,
  AppFrameSchema,
  type DeadlineReason,
  type ExtendReceipt,
  type MuxProbeReply,
  type MuxTransport,
  parseWith,
  type RespondReceipt,
} from '@parley/seam/wire'
import { createAmendments, DEFAULT_AMEND_WINDOW_MS } from './amend.ts'
import { handleAmend } from './amend-route.ts'
import { createMemoryAmendStore } from './amend-store.ts'
import type { AskRegistry } from './ask-registry.ts'
import { type AskWatch, combineWatches, type EndContext } from './ask-watch.ts'
import { createAskRegistry, type Settlement } from './asks.ts'
import { createAuditTrail } from './audit-trail.ts'
import { createClusterAsks } from './cluster-asks.ts'
import type { CoordinatedNode, DeadlineMove } from './coordinator.ts'
import { createDeadlines } from './deadlines.ts'
import { handleExtend } from './extend.ts'
import { type Admission, admitMux } from './fences.ts'
import { createHeartbeat } from './heartbeat.ts'
import { hostAllowed, resolveAllowedHosts } from './hosts.ts'
import { createStreamHub, type StreamTicket } from './mux.ts'
import { createMemoryPendingStore, type PendingEntry } from './pending-table.ts'
import { createRecentResolutions } from './recent-resolutions.ts'
import { isRefusal, type Refusal, refusal, refusalBody } from './refusals.ts'
import { type BodyReader, handleRespond, type Reply } from './respond.ts'
import { createTelemetry } from './telemetry.ts'
import type { HostRequest, HostTimers, QuestionHostOptions } from './types.ts'

const GLOBAL_TIMERS: HostTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}

/**
 * The last `size` questions another node asked that this node's tabs were
 * shown, so an answer POSTed here needs no read of the shared table.
 */
function createEntryCache(size: number) {
  const entries = new Map<string, PendingEntry>()
  return {
    get: (rpcId: string) => entries.get(rpcId),
    remember(entry: PendingEntry): void {
      entries.set(entry.rpcId, entry)
      const oldest = entries.keys().next()
      if (entries.size > size && !oldest.done) entries.delete(oldest.value)
    },
    forget: (rpcId: string) => void entries.delete(rpcId),
  }
}

/** The refusal of a request whose target does not parse. */
export const BAD_TARGET: Refusal = refusal('BAD_REQUEST_TARGET')

/** Which route a request is for, decided from its path and method alone. */
export type Route = 'respond' | 'extend' | 'event-stream' | 'probe' | 'other'

/** An admitted stream: its principal, sessions and reserved slot. */
export interface AdmittedStream<P> extends Admission<P> {
  ticket: StreamTicket
}

/**
 * The runtime-neutral part of the host: the pending table, the stream hub,
 * the ask registry, admission and the respond route. The Node and Fetch
 * adapters only translate requests into it and replies out of it.
 */
export function createHostCore<P>(options: QuestionHostOptions<P>) {
  const muxPath = options.muxPath ?? '/api/mux'
  const respondPath = options.respondPath ?? '/api/respond'
  const extendPath = options.extendPath ?? '/api/extend'
  const store = options.store ?? createMemoryPendingStore()
  const { coordinator } = options
  const timers = options.timers ?? GLOBAL_TIMERS
  const onError =
    options.onError ?? ((error, where) => console.error(`[@parley/host] ${where}:`, error))
  const report = (error: unknown, where: string) => {
    try {
      onError(error, where)
    } catch {
      // A broken error hook must not break the host.
    }
  }
  const now = options.now ?? Date.now
  const trail = options.audit
    ? createAuditTrail({
        options: options.audit,
        nodeId: options.audit.nodeId ?? coordinator?.nodeId,
        now,
        report,
      })
    : undefined
  const { telemetry: telemetryOptions } = options
  const telemetry =
    telemetryOptions?.tracer || telemetryOptions?.meter
      ? createTelemetry({
          options: telemetryOptions,
          nodeId: telemetryOptions.nodeId ?? coordinator?.nodeId ?? options.audit?.nodeId,
          streams: () => hub.size,
        })
      : undefined
  const watch: AskWatch | undefined = combineWatches([trail?.watch, telemetry?.watch], report)
  const recent = createRecentResolutions(now)
  const hub = createStreamHub<P>({
    store,
    snapshot: coordinator
      ? (includes, sessions) => coordinator.snapshot(includes, sessions)
      : undefined,
    replayAlso: () => [...recent.replay(), ...amends.replay()],
    canAccess: options.canAccess,
    maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024,
    maxStreams: options.maxStreams ?? 10_000,
    maxStreamsPerPrincipal: options.maxStreamsPerPrincipal ?? 32,
    principalKey: options.principalKey ?? ((principal) => principal),
    deadlineFrame: (rpcId) => deadlines.replayFrame(rpcId),
    shown: watch?.shown,
    resolved: (frame) => {
      recent.remember(frame)
      if (!options.onResolved) return
      try {
        options.onResolved({
          rpcId: frame.rpcId,
          sessionId: frame.sessionId,
          outcome: frame.outcome,
          ...(frame.reason !== undefined && { reason: frame.reason }),
        })
      } catch (error) {
        report(error, 'onResolved')
      }
    },
    report,
  })
  const heartbeat = createHeartbeat(timers, options.pingIntervalMs ?? 15_000)
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
  const askDeps = {
    store,
    hub,
    deadlines,
    now,
    mintRpcId: options.mintRpcId ?? (() => crypto.randomUUID()),
    sessionOf: options.sessionOf,
    onRegistered: options.onRegistered,
    watch,
    limits: {
      maxPendingPerSession: options.maxPendingPerSession ?? 64,
      maxPending: options.maxPending ?? 10_000,
      maxQuestionBytes: options.maxQuestionBytes ?? 256 * 1024,
    },
    report,
  }
  const joined = joinCluster()
  const cluster = coordinator ? createClusterAsks({ ...askDeps, coordinator, joined }) : undefined
  const asks: AskRegistry = cluster ?? createAskRegistry(askDeps)

  const seen = createEntryCache(1_000)

  /** Joins the coordinator's cluster, wiring its events to the hub and the asks. */
  function joinCluster(): Promise<void> {
    if (!coordinator) return Promise.resolve()
    const node: CoordinatedNode = {
      async requested(sessionId, load) {
        if (!hub.watches(sessionId)) return
        const shown = await hub.publishLoaded(sessionId, load)
        if (shown) seen.remember(shown)
      },
      resolved(info) {
        seen.forget(info.rpcId)
        return cluster?.node.resolved(info)
      },
      superseded: (rpcId) => cluster?.node.superseded(rpcId),
      deadline: (move) => followDeadline(move),
      awaited: () => cluster?.node.awaited() ?? [],
      reaped(ended) {
        for (const { entry, outcome, reason } of ended)
          watch?.ended({
            rpcId: entry.rpcId,
            sessionId: entry.sessionId,
            entry,
            settlement: { outcome },
            reason,
          })
      },
      frame(sessionId, text) {
        let data: unknown
        try {
          data = JSON.parse(text)
        } catch {
          return
        }
        const parsed = parseWith(AppFrameSchema, data)
        if (parsed.ok) hub.publish(sessionId, parsed.value, text)
      },
      resync: () => void hub.dropAll(),
      report,
    }
    const joining = coordinator.join(node)
    joining.catch((error: unknown) => report(error, 'coordinator.join'))
    return joining
  }

  /** A deadline moved in the cluster: the node that awaits the ask moves its clock, the others tell their tabs. */
  function followDeadline(move: DeadlineMove): void {
    if (move.owner === coordinator?.nodeId) {
      deadlines.moved(move.rpcId, move.deadlineAt, move.reason)
      return
    }
    hub.publish(move.sessionId, {
      type: 'question/deadline',
      rpcId: move.rpcId,
      sessionId: move.sessionId,
      deadlineAt: move.deadlineAt,
      reason: move.reason,
    })
  }

  /**
   * More time for a pending ask: on one node, its clock decides; in a cluster
   * the coordinator moves it where it is stored (from any node, one move at a
   * time), by the same policy read from the stored question.
   */
  async function extendAsk(rpcId: string, sessionId: string, reason: DeadlineReason) {
    if (!coordinator?.extend) {
      const entry = store.get(rpcId)
      if (!entry || entry.sessionId !== sessionId) return undefined
      return deadlines.extend(rpcId, reason)
    }
    const moved = await coordinator.extend(rpcId, sessionId, reason, (entry, deadlineAt) =>
      deadlines.decide(entry.frame, entry.request, deadlineAt, reason),
    )
    if (moved?.receipt.extended)
      followDeadline({
        rpcId,
        sessionId,
        deadlineAt: moved.receipt.deadlineAt,
        reason,
        owner: moved.owner,
      })
    return moved?.receipt
  }

  const { amendWindowMs = DEFAULT_AMEND_WINDOW_MS } = options
  // Amendments are kept in this process: in a cluster an answer is final.
  const amends = createAmendments({
    store: options.amendStore ?? createMemoryAmendStore(),
    hub,
    timers,
    now,
    windowMs: coordinator
      ? () => 0
      : typeof amendWindowMs === 'function'
        ? amendWindowMs
        : () => amendWindowMs,
    report,
  })
  const amendPath = options.amendPath ?? '/api/amend'
  const fence = {
    authenticate: options.authenticate,
    canAccess: options.canAccess,
    allowedOrigins: options.allowedOrigins,
    report,
  }
  const respondDeps = {
    ...fence,
    maxBodyBytes: options.maxBodyBytes ?? 256 * 1024,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 10_000,
    // A cached entry only spares the read: the claim itself checks it is still pending.
    lookup: (rpcId: string) =>
      store.get(rpcId) ?? seen.get(rpcId) ?? (coordinator ? coordinator.get(rpcId) : undefined),
    settle(
      rpcId: string,
      settlement: Settlement,
      responseId?: string,
      context?: EndContext,
    ): boolean | Promise<boolean> {
      const entry = store.get(rpcId)
      const settled = asks.settle(rpcId, settlement, responseId, context)
      if (typeof settled !== 'boolean') return settled
      // An answer the ask lets the user change opens its amendment window.
      if (settled && entry && settlement.outcome === 'answered')
        amends.opened(entry, settlement.answer)
      return settled
    },
    repeated: coordinator?.repeated.bind(coordinator),
    now,
    amends,
    watch,
  }
  let disposed = false
  let left: Promise<void> = Promise.resolve()
  const allowedHosts = resolveAllowedHosts(options.allowedHosts, options.allowedOrigins)

  /** Origin, principal and sessions of a mux request (503 once disposed). */
  async function admit(request: HostRequest): Promise<Admission<P> | Refusal> {
    if (disposed) return refusal('SHUTTING_DOWN')
    return admitMux(fence, request)
  }

  /** Tells `onRefused` about a refused mux connection; returns the refusal. */
  function refused(
    refused: Refusal,
    request: HostRequest,
    transport: 'websocket' | 'sse' | 'probe',
  ): Refusal {
    telemetry?.refused(refused.code)
    try {
      options.onRefused?.({
        status: refused.status,
        reason: refused.error,
        code: refused.code,
        transport,
        request,
      })
    } catch (error) {
      report(error, 'onRefused')
    }
    return refused
  }

  // A Node adapter that answers upgrades says so; the probe then offers WebSockets.
  let servesWebSockets = false

  return {
    coordinator,
    joined,
    muxPath,
    respondPath,
    extendPath,
    trustProxy: options.trustProxy ?? false,
    store,
    hub,
    heartbeat,
    asks,
    /** The provider's ask: in its span when the host has telemetry. */
    ask(request: AskUserQuestionRequest): Promise<AskUserQuestionAnswer> {
      if (!telemetry) return asks.ask(request)
      return telemetry.trace(request, (registered) => asks.ask(request, registered))
    },
    amends,
    /** The audit log's counters, when the host keeps one. */
    audit: trail?.stats,
    report,
    admit,
    refused,
    /** The route of a request with this path and method. */
    route(path: string, method: string): Route {
      if (path === respondPath || path === amendPath) return 'respond'
      if (path === extendPath) return 'extend'
      if (path !== muxPath) return 'other'
      if (method === 'GET') return 'event-stream'
      return method === 'POST' ? 'probe' : 'other'
    },
    /**
     * The first fence of every route the host serves: `HOST_NOT_ALLOWED`
     * (403) when `Host` names no allowed host (DNS rebinding), else `null`.
     * A refused mux request is told to `onRefused`.
     */
    hostRefusal(request: HostRequest, route: Route | 'websocket'): Refusal | null {
      if (hostAllowed(request, allowedHosts)) return null
      const refusedWith = refusal('HOST_NOT_ALLOWED')
      if (route === 'websocket' || route === 'event-stream' || route === 'probe')
        refused(refusedWith, request, route === 'event-stream' ? 'sse' : route)
      return refusedWith
    },
    /** Called by the Node adapter once it answers WebSocket upgrades. */
    offerWebSockets(): void {
      servesWebSockets = true
    },
    /**
     * `POST muxPath`: would a mux request like this one be admitted (origin,
     * principal, sessions, a free stream slot)? Opens nothing. Clients probe
     * after a downlink failed before `mux/ready`, since a WebSocket hides why.
     */
    async probe(request: HostRequest): Promise<Reply<MuxProbeReply>> {
      const admission = await admit(request)
      const refusedWith = isRefusal(admission) ? admission : hub.capacityFor(admission.principal)
      if (refusedWith) {
        refused(refusedWith, request, 'probe')
        return { status: refusedWith.status, body: refusalBody(refusedWith) }
      }
      const transports: MuxTransport[] = servesWebSockets ? ['websocket', 'sse'] : ['sse']
      return { status: 200, body: { ok: true, transports } }
    },
    /** Admission plus a stream slot, for the SSE variant of the mux. */
    async admitStream(request: HostRequest): Promise<AdmittedStream<P> | Refusal> {
      const admission = await admit(request)
      if (isRefusal(admission)) return refused(admission, request, 'sse')
      const ticket = hub.reserve(admission.principal)
      if (isRefusal(ticket)) return refused(ticket, request, 'sse')
      return { ...admission, ticket }
    },
    /** `POST respondPath`, and `POST amendPath`. */
    respond(
      request: HostRequest,
      readBody: BodyReader,
    ): Promise<Reply<RespondReceipt | AmendReceipt>> {
      if (request.url.pathname === amendPath) return handleAmend(respondDeps, request, readBody)
      return handleRespond(respondDeps, request, readBody)
    },
    /** `POST extendPath`: more time for a pending question. */
    extend(request: HostRequest, readBody: BodyReader): Promise<Reply<ExtendReceipt>> {
      return handleExtend({ ...respondDeps, extend: extendAsk }, request, readBody)
    },
    get disposed(): boolean {
      return disposed
    },
    /** Settles every pending ask `aborted`, ends every stream, refuses new work. */
    dispose(): void {
      disposed = true
      left = asks.dispose().catch((error: unknown) => report(error, 'coordinator.leave'))
      amends.dispose()
      hub.endAll()
      heartbeat.stop()
      // The records of the asks it just ended go out before close() resolves.
      if (trail) left = left.then(() => trail.stats.flush())
    },
    /** Resolves once a disposed host left its cluster (at once without a coordinator). */
    get left(): Promise<void> {
      return left
    },
  }
}

export type HostCore<P> = ReturnType<typeof createHostCore<P>>
