import type { AskUserQuestionAnswer, ValidationIssue } from '@parley/seam'
import type {
  AppFrame,
  DownlinkFrame,
  QuestionRequestedFrame,
  QuestionResolvedFrame,
  RespondBody,
  RespondReceipt,
} from '@parley/seam/wire'
import type { StoreApi } from 'zustand/vanilla'
import {
  type ClientTimers,
  createConnection,
  type Downlink,
  openWebSocket,
  type WebSocketConstructor,
} from './connection.ts'
import { QuestionClientError } from './errors.ts'
import type { ClientQuestion, SessionResolutions } from './request-queue.ts'
import { type FetchLike, postRespond } from './respond.ts'
import {
  type ConnectionStatus,
  createSessionStore,
  type QuestionClientState,
  selectSessionQuestions,
  selectSessionResolutions,
} from './session-store.ts'
import { type EventSourceConstructor, openEventSource } from './transport-sse.ts'

/**
 * How the downlink is carried. `sse` suits hosts that cannot upgrade (Next.js
 * route handlers, edge runtimes); `auto` takes a WebSocket where the runtime
 * has one, else an EventSource.
 */
export type QuestionTransport = 'websocket' | 'sse' | 'auto'

/** A frame the client dropped because it failed the wire schemas. */
export interface FrameError {
  issues: ValidationIssue[]
  /** What arrived. */
  data: unknown
}

/** Options of {@link createQuestionClient}. */
export interface QuestionClientOptions {
  /** Where the host is (`https://app.example`). @default location.origin */
  baseUrl?: string
  /** Only these sessions (`?session=` each). @default every session the user may access */
  sessions?: readonly string[]
  /** @default '/api/mux' */
  muxPath?: string
  /** @default '/api/respond' */
  respondPath?: string
  /** @default 'websocket' */
  transport?: QuestionTransport
  /** @default globalThis.WebSocket */
  WebSocket?: WebSocketConstructor
  /** For `transport: 'sse'`; `withCredentials` follows `credentials`. @default globalThis.EventSource */
  EventSource?: EventSourceConstructor
  /** @default globalThis.fetch */
  fetch?: FetchLike
  /** Extra headers for respond POSTs (an auth token, a CSRF header). */
  headers?: () => Record<string, string>
  /** @default 'same-origin' */
  credentials?: RequestCredentials
  /** Jitter source for the backoff. @default Math.random */
  random?: () => number
  /** Timers for the backoff. @default the global ones */
  timers?: ClientTimers
  /** Called for each dropped frame (also see `client.onFrameError`). */
  onFrameError?: (error: FrameError) => void
  /**
   * Called when the downlink cannot start: `TRANSPORT_UNAVAILABLE` when the
   * runtime has no `WebSocket` / `EventSource` and none was given (server
   * rendering). The client then stays `closed` and schedules nothing.
   */
  onError?: (error: QuestionClientError) => void
}

/** The browser side of the mux. See the package README. */
export interface QuestionClient {
  /** The zustand vanilla store: `{ connection, sessions }`. */
  readonly store: StoreApi<QuestionClientState>
  getState(): QuestionClientState
  /** Listens to every state change; returns the unsubscribe. */
  subscribe(
    listener: (state: QuestionClientState, previous: QuestionClientState) => void,
  ): () => void
  getConnectionStatus(): ConnectionStatus
  /** The session's pending requests, oldest first. Stable until they change. */
  getSessionQuestions(sessionId: string): readonly ClientQuestion[]
  /**
   * How the host resolved the session's recent requests: `rpcId` → `answered`,
   * `cancelled`, `aborted` or `timed-out`, for the last 50 `question/resolved`
   * frames. Own keys only; stable until an outcome is added.
   */
  getSessionResolutions(sessionId: string): SessionResolutions
  /** POSTs an answer; resolves with the receipt, rejects with `QuestionClientError`. */
  respond(rpcId: string, sessionId: string, answer: AskUserQuestionAnswer): Promise<RespondReceipt>
  /** POSTs a cancel (the user dismissed the question). */
  cancel(rpcId: string, sessionId: string): Promise<RespondReceipt>
  /** Listens to the app's own frames (`type` outside `question/` and `mux/`). */
  onAppFrame(listener: (frame: AppFrame) => void): () => void
  /** Listens to dropped, malformed frames. */
  onFrameError(listener: (error: FrameError) => void): () => void
  /** Drops the socket and reconnects at once. */
  reconnect(): void
  /** Closes the downlink for good (`connection` becomes `closed`). */
  close(): void
}

function isRequested(frame: DownlinkFrame): frame is QuestionRequestedFrame {
  return frame.type === 'question/requested'
}
function isResolved(frame: DownlinkFrame): frame is QuestionResolvedFrame {
  return frame.type === 'question/resolved'
}

function emit<T>(listeners: Set<(value: T) => void>, value: T): void {
  for (const listener of [...listeners]) {
    try {
      listener(value)
    } catch {
      // A listener's failure must not break the downlink.
    }
  }
}

function muxUrl(base: string, path: string, sessions: readonly string[], ws: boolean): string {
  const url = new URL(path, base)
  if (ws) url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  for (const id of sessions) url.searchParams.append('session', id)
  return url.toString()
}

/** Creates the client and opens the mux. */
export function createQuestionClient(options: QuestionClientOptions = {}): QuestionClient {
  const base = options.baseUrl ?? globalThis.location?.origin ?? 'http://localhost'
  const sessions = createSessionStore()
  const appListeners = new Set<(frame: AppFrame) => void>()
  const errorListeners = new Set<(error: FrameError) => void>()
  if (options.onFrameError) errorListeners.add(options.onFrameError)
  let replayed = new Set<string>()

  function onFrame(frame: DownlinkFrame, live: boolean): void {
    if (isRequested(frame)) {
      if (!live) replayed.add(frame.rpcId)
      sessions.request(frame)
    } else if (isResolved(frame)) {
      sessions.retire(frame.sessionId, frame.rpcId, frame.outcome)
    } else if (frame.type === 'mux/ready') {
      sessions.reconcile(replayed)
      replayed = new Set()
    } else emit(appListeners, frame)
  }

  const credentials = options.credentials ?? 'same-origin'
  const transport = pickTransport(options, credentials)
  const connection = transport
    ? createConnection({
        url: muxUrl(base, options.muxPath ?? '/api/mux', options.sessions ?? [], transport.ws),
        open: transport.open,
        timers: options.timers ?? {
          setTimeout: (callback, ms) => setTimeout(callback, ms),
          clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        },
        random: options.random ?? Math.random,
        onStatus: sessions.setConnection,
        onSocket: () => {
          replayed = new Set()
        },
        onFrame,
        onFrameError: (issues, data) => emit(errorListeners, { issues, data }),
      })
    : idleConnection(sessions.setConnection)

  const post = {
    url: new URL(options.respondPath ?? '/api/respond', base).toString(),
    fetch: options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init)),
    credentials,
    headers: options.headers ?? (() => ({})),
  }

  async function send(body: RespondBody): Promise<RespondReceipt> {
    const receipt = await postRespond(post, body)
    // Accepted: the host's `question/resolved` broadcast retires it, with its outcome.
    // Not pending: settled elsewhere; its outcome comes with that broadcast, if at all.
    if (!receipt.accepted && receipt.reason === 'not-pending')
      sessions.retire(body.sessionId, body.rpcId)
    return receipt
  }

  const { store } = sessions
  connection.start()
  if (!transport && options.onError) {
    const missing = options.transport === 'sse' ? 'EventSource' : 'WebSocket'
    const error = new QuestionClientError(
      `No ${missing} in this runtime: create the client in the browser, or pass one.`,
      'TRANSPORT_UNAVAILABLE',
    )
    emit(new Set([options.onError]), error)
  }
  return {
    store,
    getState: store.getState,
    subscribe: store.subscribe,
    getConnectionStatus: () => store.getState().connection,
    getSessionQuestions: (sessionId) => selectSessionQuestions(store.getState(), sessionId),
    getSessionResolutions: (sessionId) => selectSessionResolutions(store.getState(), sessionId),
    respond: (rpcId, sessionId, answer) => send({ rpcId, sessionId, result: { ok: true, answer } }),
    cancel: (rpcId, sessionId) =>
      send({ rpcId, sessionId, result: { ok: false, error: { code: 'cancelled' } } }),
    onAppFrame(listener) {
      appListeners.add(listener)
      return () => appListeners.delete(listener)
    },
    onFrameError(listener) {
      errorListeners.add(listener)
      return () => errorListeners.delete(listener)
    },
    reconnect: connection.reconnect,
    close: connection.stop,
  }
}

/** The transport's opener, or `null` when the runtime lacks it (server rendering). */
function pickTransport(
  options: QuestionClientOptions,
  credentials: RequestCredentials,
): { open: (url: string) => Downlink; ws: boolean } | null {
  const transport = options.transport ?? 'websocket'
  const WebSocketImpl = options.WebSocket ?? globalThis.WebSocket
  if (transport !== 'sse' && WebSocketImpl) return { open: openWebSocket(WebSocketImpl), ws: true }
  const EventSourceImpl = options.EventSource ?? globalThis.EventSource
  if (transport !== 'websocket' && EventSourceImpl) {
    return { open: openEventSource(EventSourceImpl, credentials === 'include'), ws: false }
  }
  return null
}

/** Stands in for the connection where there is no transport: `closed`, and no timers. */
function idleConnection(setStatus: (status: ConnectionStatus) => void) {
  const close = () => setStatus('closed')
  return { start: close, reconnect: close, stop: close }
}
