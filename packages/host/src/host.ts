import { randomUUID } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { UserQuestionProvider } from '@parley/seam'
import { type AppFrame, AppFrameSchema } from '@parley/seam/wire'
import { createAskRegistry } from './asks.ts'
import { admitMux, isRefusal, wantsEventStream } from './fences.ts'
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
import type { HostTimers, QuestionHostOptions } from './types.ts'
import { createWebSocketMux } from './ws.ts'

/** The server side of Parley: a provider plus the mux and respond routes. */
export interface QuestionHost<P = unknown> {
  /** Register with `service.registerProvider(host.provider)`. */
  readonly provider: UserQuestionProvider
  /**
   * Answers WebSocket upgrades of the mux path on `server` (other paths are
   * left to other listeners). Returns the detach function.
   */
  attach(server: Server): () => void
  /**
   * Handles one `upgrade` event yourself. Returns `false` (and touches
   * nothing) when the path is not the mux path.
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
  const hub = createStreamHub<P>({
    store,
    canAccess: options.canAccess,
    maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024,
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
  })
  let disposed = false
  const fence = {
    authenticate: options.authenticate,
    canAccess: options.canAccess,
    allowedOrigins: options.allowedOrigins,
  }
  const admit: typeof admitMux<P> = async (deps, request) =>
    disposed ? { status: 503, error: 'The host is shutting down.' } : admitMux(deps, request)
  const sockets = createWebSocketMux<P>({
    hub,
    heartbeat,
    admit: (request) => admit(fence, request),
  })
  const respondDeps = { ...fence, maxBodyBytes, store, asks }
  const pathOf = nodePathReader([muxPath, respondPath])

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (pathOf(request) !== muxPath) return false
    const view = nodeRequestView(request)
    void sockets.upgrade(request, view, socket, head)
    return true
  }

  async function serveNode(request: IncomingMessage, response: ServerResponse, next?: () => void) {
    const view = nodeRequestView(request)
    const path = pathOf(request)
    if (path === respondPath) {
      const reply = await handleRespond(respondDeps, view, nodeBodyReader(request))
      return sendJson(response, reply.status, reply.body)
    }
    if (path === muxPath && view.method === 'GET') {
      if (!wantsEventStream(view))
        return sendJson(response, 426, {
          error: 'Upgrade to a WebSocket or accept text/event-stream.',
        })
      const admission = await admit(fence, view)
      if (isRefusal(admission))
        return sendJson(response, admission.status, { error: admission.error })
      return serveNodeEventStream(
        { hub, heartbeat },
        response,
        admission.principal,
        admission.sessions,
      )
    }
    if (next) return next()
    sendJson(response, 404, { error: 'Not found.' })
  }

  return {
    provider: { ask: (request) => asks.ask(request) },
    attach(server) {
      const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        handleUpgrade(request, socket, head)
      }
      server.on('upgrade', onUpgrade)
      return () => server.off('upgrade', onUpgrade)
    },
    handleUpgrade,
    handleRequest(request, response, next) {
      serveNode(request, response, next).catch(() => {
        if (!response.headersSent) sendJson(response, 500, { error: 'Internal error.' })
        else response.destroy()
      })
    },
    async fetch(request) {
      const view = fetchRequestView(request)
      const path = view.url.pathname
      if (path === respondPath) {
        const reply = await handleRespond(respondDeps, view, fetchBodyReader(request))
        return jsonResponse(reply.status, reply.body)
      }
      if (path === muxPath && view.method === 'GET') {
        if (!wantsEventStream(view))
          return jsonResponse(426, { error: 'Accept text/event-stream (WebSockets need attach).' })
        const admission = await admit(fence, view)
        if (isRefusal(admission)) return jsonResponse(admission.status, { error: admission.error })
        const { principal, sessions } = admission
        return eventStreamResponse({ hub, heartbeat }, principal, sessions, request.signal)
      }
      return jsonResponse(404, { error: 'Not found.' })
    },
    broadcast(sessionId, frame) {
      const parsed = AppFrameSchema.safeParse(frame)
      if (!parsed.success)
        throw new TypeError('An app frame needs a type outside question/ and mux/.')
      hub.publish(sessionId, { ...parsed.data, sessionId })
    },
    dropStreams: (which) => hub.dropAll(which),
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
