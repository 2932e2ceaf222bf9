import type { AskUserQuestionAnswer, ValidationIssue } from '@parley/seam'
import {
  type AppFrame,
  type DownlinkFrame,
  type MuxTransport,
  parseRespondReceipt,
  type RespondBody,
  type RespondReceipt,
  type WireParse,
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
import { isFrame } from './frames.ts'
import { createHostClock } from './host-clock.ts'
import { type ConnectionProblem, probeMux } from './probe.ts'
import type { ClientQuestion, SessionResolutions } from './request-queue.ts'
import { type FetchLike, postReceipt } from './respond.ts'
import {
  type ConnectionStatus,
  createSessionStore,
  type QuestionClientState,
  type SessionStore,
  selectSessionQuestions,
  selectSessionResolutions,
} from './session-store.ts'
import { type EventSourceConstructor, openEventSource } from './transport-sse.ts'

/**
 * How the downlink is carried. `sse` suits hosts that cannot upgrade (Next.js
 * route handlers, edge runtimes); `auto` takes a WebSocket where the runtime
 * has one and falls back to an EventSource when the WebSocket cannot open
 * but the host admits the page and serves SSE (remembered for the page).
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
  /** @default 'auto' */
  transport?: QuestionTransport
  /** @default globalThis.WebSocket */
  WebSocket?: WebSocketConstructor
  /** For `transport: 'sse'`; `withCredentials` follows `credentials`. @default globalThis.EventSource */
  EventSource?: EventSourceConstructor
  /** @default globalThis.fetch */
  fetch?: FetchLike
  /** Extra headers for respond POSTs and mux probes (an auth token, a CSRF header). */
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
   * Called when the downlink cannot open, each time the reason changes:
   * `CONNECTION_FAILED` with `error.reason` (`unauthorized`,
   * `forbidden-origin`, …; the same problem is in the state), or
   * `TRANSPORT_UNAVAILABLE` when `start()` finds no `WebSocket` /
   * `EventSource` (the client then stays `closed` and schedules nothing).
   */
  onError?: (error: QuestionClientError) => void
}

/** The browser side of the mux. See the package README. */
export interface QuestionClient {
  /**
   * The zustand vanilla store: `{ connection, problem, sessions }`. Its first
   * subscription starts the client in a browser.
   */
  readonly store: StoreApi<QuestionClientState>
  getState(): QuestionClientState
  /** Listens to every state change (in a browser, the first listener starts the client); returns the unsubscribe. */
  subscribe(
    listener: (state: QuestionClientState, previous: QuestionClientState) => void,
  ): () => void
  getConnectionStatus(): ConnectionStatus
  /** Why the downlink is not open (`null` when it is, or nothing went wrong yet). */
  getConnectionProblem(): ConnectionProblem | null
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
  /**
   * POSTs a JSON body to `path` on the host, with this client's `fetch`,
   * `headers()` and `credentials`, and parses a 200 reply with `parse` (a
   * `@parley/seam/wire` parser). The other routes (`@parley/client/extend`)
   * use it. Rejects with `QuestionClientError` (`RESPOND_NETWORK`,
   * `RESPOND_HTTP`, `RESPOND_BAD_RECEIPT`).
   */
  post<T>(path: string, body: unknown, parse: (data: unknown) => WireParse<T>): Promise<T>
  /** Listens to the app's own frames (`type` outside `question/` and `mux/`). */
  onAppFrame(listener: (frame: AppFrame) => void): () => void
  /** Listens to dropped, malformed frames. */
  onFrameError(listener: (error: FrameError) => void): () => void
  /**
   * Opens the downlink now. In a browser the first subscription does it; on
   * the server (no `window`) only this does, and only with a `WebSocket` or
   * `EventSource` passed in. No-op once started or disposed.
   */
  start(): void
  /** Drops the socket and reconnects at once (starts the client if it was idle). */
  reconnect(): void
  /**
   * Closes the downlink for good, cancels any probe and clears every timer
   * (`connection` becomes `closed`). Idempotent.
   */
  dispose(): void
  /** The same as `dispose()`. */
  close(): void
}

/** 128 random bits as hex (`getRandomValues` also works outside secure contexts). */
function mintResponseId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
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

function muxUrl(base: string, path: string, sessions: readonly string[]): URL {
  const url = new URL(path, base)
  for (const id of sessions) url.searchParams.append('session', id)
  return url
}

function asWebSocketUrl(url: URL): string {
  const ws = new URL(url)
  ws.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return ws.toString()
}

/** Mux URLs (without `?session=`) where `auto` fell back to SSE: later clients on the page start there. */
const sseFallbacks = new Set<string>()

/** A page, or a worker: where the runtime's own `WebSocket` / `EventSource` may be used. */
function inBrowser(): boolean {
  return typeof window !== 'undefined' || 'WorkerGlobalScope' in globalThis
}

/**
 * Creates the client. It does nothing until started: in a browser by the
 * first subscription (a React hook, `subscribe`), anywhere by `start()`.
 */
export function createQuestionClient(options: QuestionClientOptions = {}): QuestionClient {
  const base = options.baseUrl ?? globalThis.location?.origin ?? 'http://localhost'
  const sessions = createSessionStore()
  const appListeners = new Set<(frame: AppFrame) => void>()
  const errorListeners = new Set<(error: FrameError) => void>()
  if (options.onFrameError) errorListeners.add(options.onFrameError)
  let replayed = new Set<string>()
  // Host times are read in this client's clock, so the store holds local time.
  const hostClock = createHostClock()
  // This connection reached another host instance than the last: what the replay lacks is lost.
  let restarted = false

  function onFrame(received: DownlinkFrame, live: boolean): void {
    const frame = hostClock.local(received)
    if (isFrame(frame, 'mux/hello')) restarted = hostClock.set(frame)
    else if (isFrame(frame, 'question/requested')) {
      if (!live) replayed.add(frame.rpcId)
      sessions.request(frame)
    } else if (isFrame(frame, 'question/resolved')) {
      const { outcome, by, answer, reason } = frame
      sessions.retire(frame.sessionId, frame.rpcId, { outcome, by, answer, because: reason })
    } else if (isFrame(frame, 'question/deadline')) {
      sessions.moveDeadline(frame.sessionId, frame.rpcId, frame.deadlineAt)
    } else if (isFrame(frame, 'question/answer')) {
      sessions.answer(frame)
    } else if (frame.type === 'mux/ready') {
      sessions.reconcile(replayed, restarted)
      replayed = new Set()
      restarted = false
    } else emit(appListeners, frame)
  }

  const credentials = options.credentials ?? 'same-origin'
  const fetchImpl: FetchLike =
    options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init))
  const headers = options.headers ?? (() => ({}))
  const url = muxUrl(base, options.muxPath ?? '/api/mux', options.sessions ?? [])
  const downlinks = createDownlinks(options, credentials, url)
  const problems = reportProblems(sessions, options.onError)

  const connection = createConnection({
    open: downlinks.open,
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
    async onFailedBeforeReady(signal) {
      const found = await probeMux(
        { url: url.toString(), fetch: fetchImpl, credentials, headers },
        signal,
      )
      if (signal.aborted) return 'backoff'
      if (found.admitted && downlinks.fallBack(found.transports)) return 'retry-now'
      problems.set(found.admitted ? downlinks.unexplained(found.transports) : found.problem)
      return 'backoff'
    },
  })

  const post = { fetch: fetchImpl, credentials, headers }
  const respondUrl = new URL(options.respondPath ?? '/api/respond', base).toString()

  // A response without a receipt yet keeps its id, so a retry is the same
  // response to the host (accepted again if the lost reply was a commit).
  const unconfirmed = new Map<string, string>()
  async function send(body: RespondBody): Promise<RespondReceipt> {
    const responseId = unconfirmed.get(body.rpcId) ?? mintResponseId()
    unconfirmed.set(body.rpcId, responseId)
    const receipt = await postReceipt(
      post,
      respondUrl,
      { ...body, responseId },
      parseRespondReceipt,
    )
    unconfirmed.delete(body.rpcId)
    // Accepted: the host's `question/resolved` broadcast retires it, with its outcome.
    // Not pending: settled elsewhere; its outcome comes with that broadcast, if at all.
    if (!receipt.accepted && receipt.reason === 'not-pending')
      sessions.retire(body.sessionId, body.rpcId)
    return receipt
  }

  let phase: 'idle' | 'started' | 'disposed' = 'idle'
  const autoStart =
    inBrowser() || options.WebSocket !== undefined || options.EventSource !== undefined
  function start(): void {
    if (phase !== 'idle') return
    phase = 'started'
    if (downlinks.available()) {
      connection.start()
      return
    }
    sessions.setConnection('closed')
    const missing = options.transport === 'sse' ? 'EventSource' : 'WebSocket'
    const message = `No ${missing} in this runtime: start the client in the browser, or pass one.`
    problems.set({ reason: 'no-transport', message }, 'TRANSPORT_UNAVAILABLE')
  }
  function dispose(): void {
    if (phase === 'disposed') return
    const wasStarted = phase === 'started'
    phase = 'disposed'
    if (wasStarted) connection.stop()
    else sessions.setConnection('closed')
  }

  const inner = sessions.store
  const subscribe: StoreApi<QuestionClientState>['subscribe'] = (listener) => {
    const unsubscribe = inner.subscribe(listener)
    if (autoStart) start()
    return unsubscribe
  }
  const store: StoreApi<QuestionClientState> = { ...inner, subscribe }
  return {
    store,
    getState: inner.getState,
    subscribe,
    getConnectionStatus: () => inner.getState().connection,
    getConnectionProblem: () => inner.getState().problem,
    getSessionQuestions: (sessionId) => selectSessionQuestions(inner.getState(), sessionId),
    getSessionResolutions: (sessionId) => selectSessionResolutions(inner.getState(), sessionId),
    respond: (rpcId, sessionId, answer) => send({ rpcId, sessionId, result: { ok: true, answer } }),
    cancel: (rpcId, sessionId) =>
      send({ rpcId, sessionId, result: { ok: false, error: { code: 'cancelled' } } }),
    post: (path, body, parse) => postReceipt(post, new URL(path, base).toString(), body, parse),
    onAppFrame(listener) {
      appListeners.add(listener)
      return () => appListeners.delete(listener)
    },
    onFrameError(listener) {
      errorListeners.add(listener)
      return () => errorListeners.delete(listener)
    },
    start,
    reconnect() {
      if (phase === 'idle') return start()
      if (phase === 'started' && downlinks.available()) connection.reconnect()
    },
    dispose,
    close: dispose,
  }
}

type Opener = (url: string) => Downlink

/**
 * The transports this client may use, which one is current, and the `auto`
 * fallback from WebSocket to SSE. Constructors are looked up at first use,
 * and the runtime's own only in a browser.
 */
function createDownlinks(
  options: QuestionClientOptions,
  credentials: RequestCredentials,
  url: URL,
) {
  const mode = options.transport ?? 'auto'
  const key = `${url.origin}${url.pathname}`
  const own = inBrowser()
  const WebSocketImpl = options.WebSocket ?? (own ? globalThis.WebSocket : undefined)
  const EventSourceImpl = options.EventSource ?? (own ? globalThis.EventSource : undefined)
  const ws: Opener | null = mode !== 'sse' && WebSocketImpl ? openWebSocket(WebSocketImpl) : null
  const sse: Opener | null =
    mode !== 'websocket' && EventSourceImpl
      ? openEventSource(EventSourceImpl, credentials === 'include')
      : null
  let current: 'websocket' | 'sse' | null =
    ws && !(sse && sseFallbacks.has(key)) ? 'websocket' : sse ? 'sse' : null
  return {
    available: () => current !== null,
    open(): Downlink {
      if (current === 'websocket' && ws) return ws(asWebSocketUrl(url))
      if (current === 'sse' && sse) return sse(url.toString())
      throw new Error('no transport')
    },
    /** After a WebSocket failed while the host admits the page: switch to SSE if `auto` may. */
    fallBack(offered: readonly MuxTransport[]): boolean {
      if (current !== 'websocket' || !sse || !offered.includes('sse')) return false
      current = 'sse'
      sseFallbacks.add(key)
      return true
    },
    /** The problem to show when the host admits the page but the downlink still fails. */
    unexplained(offered: readonly MuxTransport[]): ConnectionProblem {
      if (current === 'websocket' && !offered.includes('websocket'))
        return {
          reason: 'protocol',
          message: "The host serves the mux over SSE only here: use transport 'sse' or 'auto'.",
        }
      if (current === 'websocket')
        return {
          reason: 'protocol',
          message:
            "The WebSocket upgrade fails although the host admits this page: a proxy may not pass upgrades (use transport 'auto', or proxy with ws: true).",
        }
      return {
        reason: 'unreachable',
        message: 'The event stream fails although the host admits this page.',
      }
    },
  }
}

/** Sets the state's problem and tells `onError` each time the reason changes. */
function reportProblems(
  sessions: SessionStore,
  onError: ((error: QuestionClientError) => void) | undefined,
) {
  return {
    set(
      problem: ConnectionProblem,
      code: 'CONNECTION_FAILED' | 'TRANSPORT_UNAVAILABLE' = 'CONNECTION_FAILED',
    ): void {
      const before = sessions.store.getState().problem
      sessions.setProblem(problem)
      if (!onError || before?.reason === problem.reason) return
      const error = new QuestionClientError(problem.message, code, {
        reason: problem.reason,
        ...(problem.status !== undefined && { status: problem.status }),
      })
      emit(new Set([onError]), error)
    },
  }
}
