import type { AmendReceipt, MuxProbeReply, MuxTransport, RespondReceipt } from '@parley/seam/wire'
import { createAmendments, DEFAULT_AMEND_WINDOW_MS } from './amend.ts'
import { handleAmend } from './amend-route.ts'
import { createMemoryAmendStore } from './amend-store.ts'
import { createAskRegistry, type Settlement } from './asks.ts'
import { type Admission, admitMux } from './fences.ts'
import { createHeartbeat } from './heartbeat.ts'
import { createStreamHub, type StreamTicket } from './mux.ts'
import { createMemoryPendingStore } from './pending-table.ts'
import { isRefusal, type Refusal, refusal, refusalBody } from './refusals.ts'
import { type BodyReader, handleRespond, type Reply } from './respond.ts'
import type { HostRequest, HostTimers, QuestionHostOptions } from './types.ts'

const GLOBAL_TIMERS: HostTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}

/** The refusal of a request whose target does not parse. */
export const BAD_TARGET: Refusal = refusal('BAD_REQUEST_TARGET')

/** Which route a request is for, decided from its path and method alone. */
export type Route = 'respond' | 'event-stream' | 'probe' | 'other'

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
  const store = options.store ?? createMemoryPendingStore()
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
  const hub = createStreamHub<P>({
    store,
    replayAlso: () => amends.replay(),
    canAccess: options.canAccess,
    maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024,
    maxStreams: options.maxStreams ?? 10_000,
    maxStreamsPerPrincipal: options.maxStreamsPerPrincipal ?? 32,
    principalKey: options.principalKey ?? ((principal) => principal),
    report,
  })
  const heartbeat = createHeartbeat(timers, options.pingIntervalMs ?? 15_000)
  const asks = createAskRegistry({
    store,
    hub,
    timers,
    now: options.now ?? Date.now,
    mintRpcId: options.mintRpcId ?? (() => crypto.randomUUID()),
    sessionOf: options.sessionOf,
    onRegistered: options.onRegistered,
    limits: {
      maxPendingPerSession: options.maxPendingPerSession ?? 64,
      maxPending: options.maxPending ?? 10_000,
      maxQuestionBytes: options.maxQuestionBytes ?? 256 * 1024,
    },
    report,
  })
  const { amendWindowMs = DEFAULT_AMEND_WINDOW_MS } = options
  const amends = createAmendments({
    store: options.amendStore ?? createMemoryAmendStore(),
    hub,
    timers,
    now: options.now ?? Date.now,
    windowMs: typeof amendWindowMs === 'function' ? amendWindowMs : () => amendWindowMs,
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
    store,
    asks: {
      // An answer the ask lets the user change opens its amendment window.
      settle(rpcId: string, settlement: Settlement): boolean {
        const entry = store.get(rpcId)
        const settled = asks.settle(rpcId, settlement)
        if (settled && entry && settlement.outcome === 'answered')
          amends.opened(entry, settlement.answer)
        return settled
      },
    },
    amends,
  }
  let disposed = false

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
    muxPath,
    respondPath,
    trustProxy: options.trustProxy ?? false,
    store,
    hub,
    heartbeat,
    asks,
    amends,
    report,
    admit,
    refused,
    /** The route of a request with this path and method. */
    route(path: string, method: string): Route {
      if (path === respondPath || path === amendPath) return 'respond'
      if (path !== muxPath) return 'other'
      if (method === 'GET') return 'event-stream'
      return method === 'POST' ? 'probe' : 'other'
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
    get disposed(): boolean {
      return disposed
    },
    /** Settles every pending ask `aborted`, ends every stream, refuses new work. */
    dispose(): void {
      disposed = true
      asks.dispose()
      amends.dispose()
      hub.endAll()
      heartbeat.stop()
    },
  }
}

export type HostCore<P> = ReturnType<typeof createHostCore<P>>
