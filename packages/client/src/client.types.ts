/**
 * The client's declared surface: the options {@link createQuestionClient}
 * takes and the {@link QuestionClient} it returns. The code is in client.ts.
 */
import type { AskUserQuestionAnswer, ValidationIssue } from '@parley/seam'
import type { AppFrame, RespondReceipt, WireParse } from '@parley/seam/wire'
import type { StoreApi } from 'zustand/vanilla'
import type { ClientTimers, WebSocketConstructor } from './connection.ts'
import type { QuestionClientError } from './errors.ts'
import type { ConnectionProblem } from './probe.ts'
import type { ClientQuestion, SessionResolutions } from './request-queue.ts'
import type { FetchLike } from './respond.ts'
import type { ConnectionStatus, QuestionClientState } from './session-store.ts'
import type { EventSourceConstructor } from './transport-sse.ts'

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
