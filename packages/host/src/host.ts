import { randomUUID } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { UserQuestionProvider } from '@parley/seam'
import { type AppFrame, AppFrameSchema, parseWith } from '@parley/seam/wire'
import { createAskRegistry } from './asks.ts'
import { admitMux, isRefusal, type Refusal, wantsEventStream } from './fences.ts'
import { createHeartbeat } from './heartbeat.ts'
import {
  fetchBodyReader,
  fetchRequestView,
  jsonResponse,
  nodeBodyReader,
  nodePathReader,
  nodeRequestView,
  sendJson,
} from './http.ts'
import { createStreamHub } from './mux.ts'
import { createMemoryPendingStore, type PendingEntry } from './pending-table.ts'
import { handleRespond } from './respond.ts'
import { eventStreamResponse, serveNodeEventStream } from './sse.ts'
import type { HostRequest, HostTimers, QuestionHostOptions } from './types.ts'
import { createWebSocketMux, refuseUpgrade } from './ws.ts'

/** Options of `QuestionHost.attach`. */
export interface AttachOptions {
  /**
   * Upgrade requests to paths other than the mux: `'refuse'` answers them
   * 404 and closes the socket (an unanswered upgrade is a leaked socket);
   * `'pass'` leaves them to your own `upgrade` listeners, which must then
   * answer every one. @default 'refuse'
   */
  otherUpgrades?: 'refuse' | 'pass'
}

/** The server side of Parley: a provider plus the mux and respond routes. */
export interface QuestionHost<P = unknown> {
  /** Register with `service.registerProvider(host.provider)`. */
  readonly provider: UserQuestionProvider
  /**
   * Answers WebSocket upgrades on `server`: the mux path is admitted, a
   * target that does not parse is answered 400, and (by default) any other
   * path 404, each refused socket closed. Returns the detach function.
   */
  attach(server: Server, options?: AttachOptions): () => void
  /**
   * Handles one `upgrade` event yourself. Returns `false` (and touches
   * nothing) when the path is not the mux path; a target that does not
   * parse is answered 400 (and counts as handled).
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /**
   * Node `http` handler for `POST respondPath` and the SSE `GET muxPath`.
   * Other requests go to `next`, or get 404 without it. Mount it before any
   * body parser: it reads the respond body itself.
   */
  handleRequest(request: IncomingMessage, response: ServerResponse, next?: () => void): void
  /**
   * Fetch-API handler for `POST respondPath` and the SSE `GET muxPath`
   * (WebSockets need `attach`). Other paths get 404.
   */
  fetch(request: Request): Promise<Response>
  /**
   * Sends an application frame to every open stream of `sessionId`. The host
   * stamps `sessionId` on it. Throws a `TypeError` for a `question/` or
   * `mux/` type.
   */
  broadcast(sessionId: string, frame: AppFrame): void
  /**
   * Terminates the open downlinks (WebSocket and SSE) — every one, or those
   * of the principals `which` picks. Clients reconnect and get the replay;
   * for test APIs and deploys. Returns how many were dropped.
   */
  dropStreams(which?: (principal: P) => boolean): number
  /**
   * Settles every pending ask of `sessionId` `aborted` (their tabs get
   * `question/resolved`); for a session that is deleted or evicted. Returns
   * how many were pending.
   */
  abortSession(sessionId: string, cause?: unknown): number
  /** The pending questions, oldest first. */
  pending(): readonly PendingEntry[]
  /** Settles every pending ask `aborted`, ends every stream, refuses new work. Idempotent. */
  dispose(): void
}

const GLOBAL_TIMERS: HostTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}

/** Creates the host. See the package README for the routes and the options. */
export function createQuestionHost<P>(options: QuestionHostOptions<P>): QuestionHost<P> {
  const muxPath = options.muxPath ?? '/api/mux'
  const respondPath = options.respondPath ?? '/api/respond'
  const store = options.store ?? createMemoryPendingStore()
  const timers = options.timers ?? GLOBAL_TIMERS
  const maxBodyBytes = options.maxBodyBytes ?? 256 * 1024
  const trustProxy = options.trustProxy ?? false
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
    mintRpcId: options.mintRpcId ?? randomUUID,
    sessionOf: options.sessionOf,
    onRegistered: options.onRegistered,
    limits: {
      maxPendingPerSession: options.maxPendingPerSession ?? 64,
      maxPending: options.maxPending ?? 10_000,
      maxQuestionBytes: options.maxQuestionBytes ?? 256 * 1024,
    },
    report,
  })
  let disposed = false
  const fence = {
    authenticate: options.authenticate,
    canAccess: options.canAccess,
    allowedOrigins: options.allowedOrigins,
    report,
  }
  const admit: typeof admitMux<P> = async (deps, request) =>
    disposed ? { status: 503, error: 'The host is shutting down.' } : admitMux(deps, request)
  const sockets = createWebSocketMux<P>({
    hub,
    heartbeat,
    admit: (request) => admit(fence, request),
    report,
  })
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 10_000
  const respondDeps = { ...fence, maxBodyBytes, bodyTimeoutMs, store, asks }
  const pathOf = nodePathReader([muxPath, respondPath])
  const BAD_TARGET: Refusal = { status: 400, error: 'The request target does not parse.' }

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = pathOf(request)
    if (path === null) {
      refuseUpgrade(socket, BAD_TARGET)
      return true
    }
    if (path !== muxPath) return false
    const view = nodeRequestView(request, trustProxy)
    void sockets.upgrade(request, view, socket, head)
    return true
  }

  /** The SSE mux: admission, a stream slot, then the stream. */
  async function admitEventStream(view: HostRequest) {
    const admission = await admit(fence, view)
    if (isRefusal(admission)) return admission
    const ticket = hub.reserve(admission.principal)
    if (isRefusal(ticket)) return ticket
    return { ...admission, ticket }
  }

  async function serveNode(request: IncomingMessage, response: ServerResponse, next?: () => void) {
    const path = pathOf(request)
    if (path === null)
      return sendJson(response, BAD_TARGET.status, { error: BAD_TARGET.error }, true)
    const view = nodeRequestView(request, trustProxy)
    if (path === respondPath) {
      const reply = await handleRespond(respondDeps, view, nodeBodyReader(request))
      return sendJson(response, reply.status, reply.body)
    }
    if (path === muxPath && view.method === 'GET') {
      if (!wantsEventStream(view))
        return sendJson(response, 426, {
          error: 'Upgrade to a WebSocket or accept text/event-stream.',
        })
      const admission = await admitEventStream(view)
      if (isRefusal(admission))
        return sendJson(response, admission.status, { error: admission.error })
      if (response.destroyed) return admission.ticket.release()
      return serveNodeEventStream(
        { hub, heartbeat },
        response,
        admission.principal,
        admission.sessions,
        admission.ticket,
      )
    }
    if (next) return next()
    sendJson(response, 404, { error: 'Not found.' })
  }

  async function serveFetch(request: Request): Promise<Response> {
    const view = fetchRequestView(request)
    if (!view) return jsonResponse(BAD_TARGET.status, { error: BAD_TARGET.error })
    const path = view.url.pathname
    if (path === respondPath) {
      const reply = await handleRespond(respondDeps, view, fetchBodyReader(request))
      return jsonResponse(reply.status, reply.body)
    }
    if (path === muxPath && view.method === 'GET') {
      if (!wantsEventStream(view))
        return jsonResponse(426, { error: 'Accept text/event-stream (WebSockets need attach).' })
      const admission = await admitEventStream(view)
      if (isRefusal(admission)) return jsonResponse(admission.status, { error: admission.error })
      const { principal, sessions, ticket } = admission
      return eventStreamResponse({ hub, heartbeat }, principal, sessions, request.signal, ticket)
    }
    return jsonResponse(404, { error: 'Not found.' })
  }

  return {
    provider: { ask: (request) => asks.ask(request) },
    attach(server, attachOptions = {}) {
      const refuseOthers = (attachOptions.otherUpgrades ?? 'refuse') === 'refuse'
      const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        try {
          if (handleUpgrade(request, socket, head) || !refuseOthers) return
          refuseUpgrade(socket, { status: 404, error: 'No WebSocket endpoint here.' })
        } catch (error) {
          report(error, 'upgrade')
          refuseUpgrade(socket, { status: 500, error: 'Internal error.' })
        }
      }
      server.on('upgrade', onUpgrade)
      return () => server.off('upgrade', onUpgrade)
    },
    handleUpgrade,
    handleRequest(request, response, next) {
      const fail = (error: unknown) => {
        report(error, 'request')
        if (!response.headersSent) sendJson(response, 500, { error: 'Internal error.' }, true)
        else response.destroy()
      }
      try {
        serveNode(request, response, next).catch(fail)
      } catch (error) {
        fail(error)
      }
    },
    async fetch(request) {
      try {
        return await serveFetch(request)
      } catch (error) {
        report(error, 'request')
        return jsonResponse(500, { error: 'Internal error.' })
      }
    },
    broadcast(sessionId, frame) {
      const parsed = parseWith(AppFrameSchema, frame)
      if (!parsed.ok) throw new TypeError('An app frame needs a type outside question/ and mux/.')
      hub.publish(sessionId, { ...parsed.value, sessionId })
    },
    dropStreams: (which) => hub.dropAll(which),
    abortSession: (sessionId, cause) => asks.abortSession(sessionId, cause),
    pending: () => store.list(),
    dispose() {
      if (disposed) return
      disposed = true
      asks.dispose()
      hub.endAll()
      heartbeat.stop()
      sockets.close()
    },
  }
}
