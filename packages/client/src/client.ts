import {
  type AppFrame,
  parseRespondReceipt,
  type RespondBody,
  type RespondReceipt,
} from '@parley/seam/wire'
import type { StoreApi } from 'zustand/vanilla'
import type { FrameError, QuestionClient, QuestionClientOptions } from './client.types.ts'
import { createConnection } from './connection.ts'
import { createDownlinks, inBrowser, muxUrl } from './downlinks.ts'
import { createFrameRouter } from './frame-router.ts'
import { emit } from './listeners.ts'
import { probeMux } from './probe.ts'
import { reportProblems } from './problems.ts'
import { type FetchLike, postReceipt } from './respond.ts'
import {
  createSessionStore,
  type QuestionClientState,
  selectSessionQuestions,
  selectSessionResolutions,
} from './session-store.ts'

/** 128 random bits as hex (`getRandomValues` also works outside secure contexts). */
function mintResponseId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
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
  const frames = createFrameRouter(sessions, appListeners)

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
    onSocket: frames.onSocket,
    onFrame: frames.onFrame,
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
