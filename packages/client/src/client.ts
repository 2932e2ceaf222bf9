import {
  type AppFrame,
  type DownlinkFrame,
  type MuxTransport,
  parseRespondReceipt,
  type RespondBody,
  type RespondReceipt,
} from '@parley/seam/wire'
import type { StoreApi } from 'zustand/vanilla'
import type { FrameError, QuestionClient, QuestionClientOptions } from './client.types.ts'
import { createConnection, type Downlink, openWebSocket } from './connection.ts'
import { QuestionClientError } from './errors.ts'
import { isFrame } from './frames.ts'
import { createHostClock } from './host-clock.ts'
import { type ConnectionProblem, probeMux } from './probe.ts'
import { type FetchLike, postReceipt } from './respond.ts'
import {
  createSessionStore,
  type QuestionClientState,
  type SessionStore,
  selectSessionQuestions,
  selectSessionResolutions,
} from './session-store.ts'
import { openEventSource } from './transport-sse.ts'

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
