import type { AppFrame } from '@parley/seam/wire'
import type { StoreApi } from 'zustand/vanilla'
import type { FrameError, QuestionClient, QuestionClientOptions } from './client.types.ts'
import { createConnection } from './connection.ts'
import { createDownlinks, inBrowser, muxUrl } from './downlinks.ts'
import { createFrameRouter } from './frame-router.ts'
import { createLifecycle } from './lifecycle.ts'
import { emit } from './listeners.ts'
import { probeMux } from './probe.ts'
import { reportProblems } from './problems.ts'
import type { FetchLike } from './respond.ts'
import {
  createSessionStore,
  type QuestionClientState,
  selectSessionQuestions,
  selectSessionResolutions,
} from './session-store.ts'
import { createUplink } from './uplink.ts'

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
  const uplink = createUplink(post, base, options.respondPath ?? '/api/respond', sessions)
  const lifecycle = createLifecycle(connection, downlinks, sessions, problems, options.transport)
  const autoStart =
    inBrowser() || options.WebSocket !== undefined || options.EventSource !== undefined

  const inner = sessions.store
  const subscribe: StoreApi<QuestionClientState>['subscribe'] = (listener) => {
    const unsubscribe = inner.subscribe(listener)
    if (autoStart) lifecycle.start()
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
    ...uplink,
    onAppFrame(listener) {
      appListeners.add(listener)
      return () => appListeners.delete(listener)
    },
    onFrameError(listener) {
      errorListeners.add(listener)
      return () => errorListeners.delete(listener)
    },
    ...lifecycle,
    close: lifecycle.dispose,
  }
}
