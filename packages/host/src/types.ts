import type { AskUserQuestionRequest } from '@parley/seam'
import type { QuestionOutcome } from '@parley/seam/wire'
import type { AmendStore } from './amend-store.ts'
import type { AuditOptions } from './audit-trail.ts'
import type { QuestionCoordinator } from './coordinator.ts'
import type { PendingStore } from './pending-table.ts'
import type { RefusalCode } from './refusals.ts'
import type { TelemetryOptions } from './telemetry-api.ts'

/**
 * The part of an incoming HTTP request the host's hooks see. It is the same
 * for Node's `http` and for a Fetch-API `Request`, so one `authenticate`
 * works behind either handler.
 */
export interface HostRequest {
  /** Upper-case HTTP method. */
  readonly method: string
  /** The request URL (path and query; the host part comes from the `Host` header). */
  readonly url: URL
  /** Reads one header, case-insensitively; `null` when absent. */
  readonly headers: { get(name: string): string | null }
  /** The framework's own request object (`http.IncomingMessage` or `Request`). */
  readonly raw: unknown
}

/** Called once per ask, after the question is registered and before any tab sees it. */
export interface RegisteredInfo {
  rpcId: string
  sessionId: string
  request: AskUserQuestionRequest
}

/** A question that ended, as this node's tabs are told (`question/resolved`). */
export interface ResolvedInfo {
  rpcId: string
  sessionId: string
  outcome: QuestionOutcome
  /** `server-gone`: the node that asked it stopped (cluster mode). */
  reason?: 'server-gone' | undefined
}

/** Timer functions, injectable so tests can drive `timeoutMs` with fake time. */
export interface HostTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

/** A refused mux connection, as `onRefused` sees it. */
export interface MuxRefusal {
  /** The HTTP status the host answered: 400, 401, 403, 429 or 503. */
  status: number
  /** The reason it gave, as sent in the reply. */
  reason: string
  /** The refusal's stable code (`ORIGIN_NOT_ALLOWED`, `NOT_AUTHENTICATED`, …), as sent in the reply. */
  code: RefusalCode
  /** What was refused: a WebSocket upgrade, an SSE stream, or a client's probe after a failed connection. */
  transport: 'websocket' | 'sse' | 'probe'
  request: HostRequest
}

/** Options of `createQuestionHost`. `P` is your principal (user) type. */
export interface QuestionHostOptions<P> {
  /**
   * Who is making this request (cookie, bearer token, …)? `null` refuses the
   * request with 401. Called for every mux connection and every respond POST.
   */
  authenticate(request: HostRequest): P | null | Promise<P | null>
  /**
   * May `principal` see and answer `sessionId`? Must be synchronous: the mux
   * filters every frame with it, and a live frame may not wait.
   */
  canAccess(principal: P, sessionId: string): boolean
  /** The session of an ask without `request.sessionId`. */
  sessionOf?(request: AskUserQuestionRequest): string | undefined
  /**
   * Origins (`scheme://host[:port]`) whose pages may open the mux or POST a
   * response. @default same-origin: the `Origin` host must equal the `Host` header
   */
  allowedOrigins?: readonly string[]
  /**
   * Host names (port aside, such as `app.example`) the `Host` header may
   * name; any other is refused with 403 `HOST_NOT_ALLOWED` on every route
   * the host serves, before anything else is read: a page on a rebound
   * name that resolves to this machine (DNS rebinding) sends that name.
   * `false` accepts every host, for a host behind a proxy that checks it.
   * @default the loopback names `localhost`, `127.0.0.1` and `[::1]` (any port), plus the host of each `allowedOrigins` entry
   */
  allowedHosts?: readonly string[] | false
  /** Observes each registered ask (the demo's test API uses it to learn the rpcId). */
  onRegistered?(info: RegisteredInfo): void
  /**
   * Observes each question that ended, as this node tells its tabs: here,
   * or (in a cluster) on another node, or reaped with its dead node.
   */
  onResolved?(info: ResolvedInfo): void
  /** Where pending questions live. @default an in-memory table */
  store?: PendingStore
  /**
   * Joins a cluster of hosts sharing one source of truth (for example
   * `createPostgresCoordinator` from `@parley/host-postgres`): a question
   * asked on any node reaches every node's tabs, and an answer POSTed to any
   * node reaches the agent awaiting it. In a cluster `store` holds only the
   * questions this node's agents await (what `host.pending()` lists).
   * @default none: the in-memory host of one process
   */
  coordinator?: QuestionCoordinator
  /** WebSocket ping (and SSE heartbeat) period. @default 15000 */
  pingIntervalMs?: number
  /** A stream whose unsent data exceeds this is closed. @default 4 MiB */
  maxBufferedBytes?: number
  /** A respond body above this is refused with 413. @default 256 KiB */
  maxBodyBytes?: number
  /**
   * A respond body not fully received this long after the request arrived is
   * refused with 408 and the connection closed (an upload that dribbles).
   * @default 10000
   */
  bodyTimeoutMs?: number
  /**
   * Pending questions one session may hold; the next ask rejects at once with
   * `ASK_LIMIT_REACHED`. @default 64
   */
  maxPendingPerSession?: number
  /** Pending questions the host holds in total (`ASK_LIMIT_REACHED` above). @default 10000 */
  maxPending?: number
  /**
   * Bytes of one question's frame (the JSON every tab gets); a larger ask
   * rejects at once with `ASK_TOO_LARGE`. @default 256 KiB
   */
  maxQuestionBytes?: number
  /** Open downlinks (WebSocket and SSE) per principal; more get 429. @default 32 */
  maxStreamsPerPrincipal?: number
  /** Open downlinks in total; more get 503. @default 10000 */
  maxStreams?: number
  /**
   * The key principals are counted under for `maxStreamsPerPrincipal`.
   * @default the principal itself (strings and numbers compare by value, objects by identity)
   */
  principalKey?(principal: P): unknown
  /**
   * Trust `X-Forwarded-Proto` for the request's scheme (set it behind a
   * TLS-terminating proxy you control, so same-origin checks see `https`).
   * @default false
   */
  trustProxy?: boolean
  /**
   * Sees every error a hook, a store or a handler threw; the host has already
   * answered (500, refused, or "no") and keeps running. @default console.error
   */
  onError?(error: unknown, where: string): void
  /**
   * Sees every mux connection the host refuses, with the status and the
   * reason it answered (Origin not allowed, not authenticated, too many
   * streams, …): what to log when a tab "connects forever" behind a proxy.
   * Errors it throws are reported to `onError`.
   */
  onRefused?(refused: MuxRefusal): void
  /** Path of the downlink. @default '/api/mux' */
  muxPath?: string
  /** Path of the uplink. @default '/api/respond' */
  respondPath?: string
  /** Path of the extend route (a tab asks for more time). @default '/api/extend' */
  extendPath?: string
  /**
   * How far tabs may move the deadline of an ask with a `timeoutMs`: one
   * policy, or one per ask (it sees the request). @default
   * `{ stepMs: 300000, maxTotalMs: 3600000, extendOnActivity: false, activityWindowMs: 60000 }`
   */
  deadlinePolicy?: DeadlinePolicyOption
  /** Path of the amend route (changing an answer after it was sent). @default '/api/amend' */
  amendPath?: string
  /**
   * How long the user may change an answer after it was sent, in ms: a
   * number, or one per ask. Only asks whose request has `onAmend` can be
   * changed, never once their `signal` aborted or their session was
   * aborted (`abortSession`); 0 turns it off. At most 2³¹−1 ms.
   * @default 300000 (five minutes)
   */
  amendWindowMs?: number | ((info: RegisteredInfo) => number)
  /** Where standing answers live while they may be changed. @default an in-memory store */
  amendStore?: AmendStore
  /**
   * Keeps an audit log: one record per question when it ends (what was
   * shown, the outcome, the answer as `redact` leaves it, who, where, when)
   * and one per accepted amendment, appended to `sink` off the answer's
   * path. In a cluster the node whose claim won a question records it. See
   * docs/observability.md. @default none
   */
  audit?: AuditOptions<P>
  /**
   * OpenTelemetry: `tracer` (`trace.getTracer('@parley/host')`) gets a
   * `parley.ask` span per ask from the call to its settle, joining the
   * caller's active context; `meter` (`metrics.getMeter('@parley/host')`)
   * gets the host's metrics. Names in docs/observability.md. @default none: no
   * OpenTelemetry call at all
   */
  telemetry?: TelemetryOptions
  /** Clock for `requestedAt`. @default Date.now */
  now?(): number
  /** Mints an rpcId. @default crypto.randomUUID */
  mintRpcId?(): string
  /** Timer functions. @default the global ones */
  timers?: HostTimers
}

/**
 * How far the people answering may move an ask's deadline (its `timeoutMs`).
 * The host decides; a tab only asks (`POST /api/extend`).
 */
export interface DeadlinePolicy {
  /** How much later one "more time" from a tab moves the deadline. @default 300000 (5 min) */
  stepMs?: number | undefined
  /**
   * The latest deadline, counted from when the ask was made: extensions stop
   * there. An ask whose own `timeoutMs` is longer keeps it and cannot be
   * extended. @default 3600000 (1 h)
   */
  maxTotalMs?: number | undefined
  /**
   * Typing or choosing in the card extends the deadline when little time is
   * left (see `activityWindowMs`). @default false
   */
  extendOnActivity?: boolean | undefined
  /**
   * With `extendOnActivity`: activity once less than half of this is left
   * moves the deadline to this long after it, so a person who is still
   * typing always has between half of it and all of it. @default 60000 (1 min)
   */
  activityWindowMs?: number | undefined
}

/** The policy for every ask, or one per ask (it sees the request, `agent` included). */
export type DeadlinePolicyOption =
  | DeadlinePolicy
  | ((request: AskUserQuestionRequest) => DeadlinePolicy | undefined)

/** A body read: its text, or why there is none. */
export type BodyRead = string | { failed: 'too-large' | 'timeout' | 'aborted' }

/** Reads the request body as text, at most `limit` bytes within `timeoutMs`. */
export type BodyReader = (limit: number, timeoutMs: number) => Promise<BodyRead>
