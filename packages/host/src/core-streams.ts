import type { MuxProbeReply, MuxTransport, QuestionResolvedFrame } from '@parley/seam/wire'
import type { ShownOn } from './ask-watch.ts'
import type { HostSettings } from './core-options.ts'
import { type Admission, admitMux } from './fences.ts'
import { createHeartbeat, type Heartbeat } from './heartbeat.ts'
import { hostAllowed, resolveAllowedHosts } from './hosts.ts'
import { createStreamHub, type StreamHub, type StreamTicket } from './mux.ts'
import type { PendingEntry } from './pending-table.ts'
import { createRecentResolutions } from './recent-resolutions.ts'
import { isRefusal, type Refusal, refusal, refusalBody } from './refusals.ts'
import type { Reply } from './respond.ts'
import type { HostRequest, QuestionHostOptions } from './types.ts'

/** Which route a request is for, decided from its path and method alone. */
export type Route = 'respond' | 'extend' | 'event-stream' | 'probe' | 'other'

/** An admitted stream: its principal, sessions and reserved slot. */
interface AdmittedStream<P> extends Admission<P> {
  ticket: StreamTicket
}

/** What the streams are built with besides the options: the other parts, late-bound. */
export interface StreamDeps {
  /** The shared snapshot of a cluster's pending questions; none on one node. */
  snapshot?:
    | ((
        includes: (sessionId: string) => boolean,
        sessions: ReadonlySet<string> | null,
      ) => Promise<readonly PendingEntry[]>)
    | undefined
  /** Frames a connecting tab is sent after the pending questions (endings, amendments). */
  replayAlso(): readonly (readonly [string, string])[]
  /** The `question/deadline` frame to replay after a question's frame, once it moved. */
  deadlineFrame(rpcId: string): string | undefined
  /** A question's frame reached a tab. */
  shown?: ((rpcId: string, on: ShownOn) => void) | undefined
  /** A refusal, counted by the telemetry. */
  refusedCode?: ((code: string) => void) | undefined
  /** Whether the host was disposed (mux requests then get 503). */
  disposed(): boolean
}

/** The downlinks of a host: the stream hub, its heartbeat, and who may open one. */
export interface HostStreams<P> {
  readonly hub: StreamHub<P>
  readonly heartbeat: Heartbeat
  /** Origin, principal and sessions of a mux request (503 once disposed). */
  admit(request: HostRequest): Promise<Admission<P> | Refusal>
  /** Tells `onRefused` about a refused mux connection; returns the refusal. */
  refused(refused: Refusal, request: HostRequest, transport: 'websocket' | 'sse' | 'probe'): Refusal
  /**
   * The first fence of every route the host serves: `HOST_NOT_ALLOWED`
   * (403) when `Host` names no allowed host (DNS rebinding), else `null`.
   * A refused mux request is told to `onRefused`.
   */
  hostRefusal(request: HostRequest, route: Route | 'websocket'): Refusal | null
  /**
   * `POST muxPath`: would a mux request like this one be admitted (origin,
   * principal, sessions, a free stream slot)? Opens nothing. Clients probe
   * after a downlink failed before `mux/ready`, since a WebSocket hides why.
   */
  probe(request: HostRequest): Promise<Reply<MuxProbeReply>>
  /** Admission plus a stream slot, for the SSE variant of the mux. */
  admitStream(request: HostRequest): Promise<AdmittedStream<P> | Refusal>
  /** Called by the Node adapter once it answers WebSocket upgrades. */
  offerWebSockets(): void
}

/** The streams of a host: every tab's downlink, the replay it gets, and the fences in front of it. */
export function createHostStreams<P>(
  options: QuestionHostOptions<P>,
  settings: HostSettings<P>,
  deps: StreamDeps,
): HostStreams<P> {
  const { report } = settings
  const recent = createRecentResolutions(settings.now)
  const resolved = (frame: QuestionResolvedFrame) => {
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
  }
  const hub = createStreamHub<P>({
    store: settings.store,
    snapshot: deps.snapshot,
    replayAlso: () => [...recent.replay(), ...deps.replayAlso()],
    canAccess: options.canAccess,
    ...settings.streamLimits,
    deadlineFrame: deps.deadlineFrame,
    shown: deps.shown,
    resolved,
    now: settings.now,
    // One node's questions live and die with this host: a tab that reconnects to
    // another instance knows they are lost. A cluster's outlive any one node.
    instance: deps.snapshot ? undefined : globalThis.crypto.randomUUID(),
    report,
  })
  const fence = {
    authenticate: options.authenticate,
    canAccess: options.canAccess,
    allowedOrigins: options.allowedOrigins,
    report,
  }
  const allowedHosts = resolveAllowedHosts(options.allowedHosts, options.allowedOrigins)
  // A Node adapter that answers upgrades says so; the probe then offers WebSockets.
  let servesWebSockets = false

  const admit = async (request: HostRequest) =>
    deps.disposed() ? refusal('SHUTTING_DOWN') : admitMux(fence, request)

  function refused(
    refused: Refusal,
    request: HostRequest,
    transport: 'websocket' | 'sse' | 'probe',
  ): Refusal {
    deps.refusedCode?.(refused.code)
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

  return {
    hub,
    heartbeat: createHeartbeat(settings.timers, settings.pingIntervalMs),
    admit,
    refused,
    hostRefusal(request, route) {
      if (hostAllowed(request, allowedHosts)) return null
      const refusedWith = refusal('HOST_NOT_ALLOWED')
      if (route === 'websocket' || route === 'event-stream' || route === 'probe')
        refused(refusedWith, request, route === 'event-stream' ? 'sse' : route)
      return refusedWith
    },
    async probe(request) {
      const admission = await admit(request)
      const refusedWith = isRefusal(admission) ? admission : hub.capacityFor(admission.principal)
      if (refusedWith) {
        refused(refusedWith, request, 'probe')
        return { status: refusedWith.status, body: refusalBody(refusedWith) }
      }
      const transports: MuxTransport[] = servesWebSockets ? ['websocket', 'sse'] : ['sse']
      return { status: 200, body: { ok: true, transports } }
    },
    async admitStream(request) {
      const admission = await admit(request)
      if (isRefusal(admission)) return refused(admission, request, 'sse')
      const ticket = hub.reserve(admission.principal)
      if (isRefusal(ticket)) return refused(ticket, request, 'sse')
      return { ...admission, ticket }
    },
    offerWebSockets() {
      servesWebSockets = true
    },
  }
}
