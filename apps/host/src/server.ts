import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ChatFrameBody as ChatFrame, SessionSummary, TranscriptEvent } from '@parley/demo-chat'
import { DEFAULT_AMEND_WINDOW_MS } from '@parley/host'
import { createQuestionHost, type QuestionHostOptions } from '@parley/host/node'
import { createUserQuestionService, type UserQuestionProvider } from '@parley/seam'
import { createAdminApi } from './admin/admin-api.ts'
import { liveQuestions } from './admin/live.ts'
import { createScriptedAgent, demoCallerPolicy, routesSubagentsOf } from './agent/agent.ts'
import { createModelTurn, type ModelSettings } from './agent/model.ts'
import { createDemoApi } from './api.ts'
import { type BackendFactory, memoryBackend } from './backend.ts'
import type { DemoMessage } from './cluster/bus.ts'
import { demoDeadlinePolicy } from './deadline-policy.ts'
import { BASE_HEADERS, HttpError, schemeOf, sendError } from './http-util.ts'
import {
  cookieValues,
  createPrincipalTokens,
  type Identity,
  principalCookie,
  principalCookieName,
  readIdentity,
} from './principals.ts'
import { createRateLimiter, type RateLimitOptions, refuseWhenLimited } from './rate-limit.ts'
import { createStaticHandler, SECURITY_HEADERS } from './static.ts'
import type { SessionLimits, SessionRecord } from './stores/types.ts'
import { parseTarget } from './target.ts'
import { createTestApi } from './test-api.ts'

export interface DemoServerOptions {
  /** Folder of the built web app. */
  webRoot: string
  /**
   * Signs the principal tokens (HMAC-SHA256). Every process with the same
   * secret accepts the same principals. @default 32 random bytes per server,
   * so identities do not survive a restart
   */
  secret?: string | undefined
  /**
   * Secrets that signed principal tokens before `secret` (a rotation,
   * `PARLEY_SECRET_PREVIOUS`): they still verify, and a page load re-signs
   * the cookie with `secret` for the same principal. @default []
   */
  previousSecrets?: readonly string[] | undefined
  /** Enables `/api/test/*`. Never on by default. */
  testApi?: boolean
  /** Adds `Secure` to the principal cookie and names it `__Host-parley_principal`. */
  secureCookies?: boolean
  /**
   * Believe `X-Forwarded-Proto` for the request's scheme (the Origin check
   * compares it). Only behind a proxy that sets the header. @default false
   */
  trustProxy?: boolean
  /** Per-principal limit on POSTs outside `/api/test/` (`false`: none). @default 20 burst, 10/s */
  rateLimit?: RateLimitOptions | false
  /**
   * Per-client-address limit on minting principals (a navigation without a
   * valid cookie); beyond it the navigation gets 429 and no principal, so
   * one client cannot mint itself a fresh rate-limit bucket per request.
   * Behind a proxy every client shares the proxy's address. `false`: none.
   * @default 60 burst, 1/s
   */
  mintLimit?: RateLimitOptions | false
  /** Bounds of the in-memory session store. @default 10000 in total, 200 per principal, 500 events each */
  sessions?: SessionLimits
  /**
   * Where sessions, transcripts and test asks live. @default this process's
   * memory (`memoryBackend(sessions)`); cluster mode passes `joinCluster()`'s
   */
  backend?: BackendFactory | undefined
  /** Time to receive a request's headers (ms). @default 10000 */
  headersTimeout?: number
  /** Time to receive a whole request, body included (ms): a dribbled upload is cut. @default 30000 */
  requestTimeout?: number
  /** Time an idle keep-alive connection stays open (ms). @default 5000 */
  keepAliveTimeout?: number
  /** Headers read per request; the rest are dropped. @default 100 */
  maxHeadersCount?: number
  /** What `close()` waits for requests in flight before it cuts them (ms). @default 3000 */
  shutdownGraceMs?: number
  /** Drive the agent with a real model instead of the scripted one. */
  model?: ModelSettings | undefined
  /**
   * Limits passed to `@parley/host` (its defaults otherwise: 32 streams per
   * principal, 64 pending questions per session, 256 KiB per question, …;
   * see docs/protocol.md).
   */
  hostLimits?: HostLimits | undefined
  /**
   * How long a user may change an answer after sending it (the agent's
   * script must listen, and only until the next message). @default 5 minutes
   */
  amendWindowMs?: number | undefined
  /**
   * Host names the `Host` header may name on the host's routes (DNS
   * rebinding); `false` accepts any, behind a proxy that checks it.
   * @default `@parley/host`'s: localhost, 127.0.0.1 and [::1], any port
   */
  allowedHosts?: readonly string[] | false | undefined
  /**
   * `PARLEY_ADMIN_TOKEN`: turns on the operator's routes (`/api/admin/…`),
   * which take it as `Authorization: Bearer`. At least 16 characters.
   * @default none: the routes answer 404
   */
  adminToken?: string | undefined
  /** Per-address limit on admin requests (`false`: none). @default 60 burst, 2/s */
  adminRateLimit?: RateLimitOptions | false | undefined
  /** Sees every refused mux connection (`main.ts` logs them: a proxy that rewrites `Host` shows up here). */
  onMuxRefused?: QuestionHostOptions<string>['onRefused']
}

/** The `@parley/host` limits the demo lets a caller set. */
type HostLimits = Pick<
  QuestionHostOptions<string>,
  | 'maxStreamsPerPrincipal'
  | 'maxStreams'
  | 'maxPendingPerSession'
  | 'maxPending'
  | 'maxQuestionBytes'
  | 'maxBodyBytes'
  | 'bodyTimeoutMs'
>

export const DEFAULT_SERVER_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  maxHeadersCount: 100,
  shutdownGraceMs: 3_000,
} as const

const INTERNAL = () => new HttpError(500, 'INTERNAL', 'Something went wrong.')
const BAD_TARGET = () =>
  new HttpError(400, 'BAD_REQUEST_TARGET', 'The request target does not parse.')

function assertNever(value: never): never {
  throw new Error(`Unexpected message: ${JSON.stringify(value)}`)
}

/** Answers an error on a reply that may already be under way. */
function fail(res: ServerResponse, error: unknown): void {
  // A client that hung up mid-request left nobody to answer, and is no bug. The request's
  // socket, not the reply's: a reply queued behind the one before it on a keep-alive
  // connection has none yet, and is still owed (it used to hang until the client gave up).
  if (res.destroyed || res.req.socket.destroyed) return
  if (!(error instanceof HttpError)) console.error('A demo request failed:', error)
  if (res.headersSent) return void res.destroy()
  sendError(res, error instanceof HttpError ? error : INTERNAL())
}

/** The demo's one Node process: web app, Parley mux + respond, chat API, test API. */
export function createDemoServer(options: DemoServerOptions) {
  const limit = (name: keyof typeof DEFAULT_SERVER_LIMITS) =>
    options[name] ?? DEFAULT_SERVER_LIMITS[name]
  const secure = options.secureCookies ?? false
  const cookieName = principalCookieName(secure)
  const tokens = createPrincipalTokens(
    options.secret ?? randomBytes(32).toString('base64url'),
    options.previousSecrets ?? [],
  )
  /** No cookie value the current secret signed: a rotation's page load re-signs it. */
  const staleCookie = (cookieHeader: string | undefined) =>
    !cookieValues(cookieHeader, cookieName).some((value) => tokens.current(value))
  const identityOf = (cookieHeader: string | null | undefined): Identity =>
    readIdentity(cookieHeader, cookieName, tokens)

  const backend = (options.backend ?? memoryBackend(options.sessions))({
    evicted(session: SessionRecord) {
      // A session pushed out by a bound takes its agent turn and its pending asks with it.
      retire(session.id)
      backend.bus.publish({ kind: 'gone', sessionId: session.id })
    },
  })
  if (backend.clustered && !options.secret)
    throw new TypeError('A cluster node needs the secret every node shares (PARLEY_SECRET).')
  const { sessions, transcripts } = backend
  // Subagents are delegated callers; the demo routes them to the user unless a chat says `/subagents off`.
  const service = createUserQuestionService({
    callerPolicy: demoCallerPolicy,
    routeDelegated: routesSubagentsOf((sessionId) => agent.allowsSubagents(sessionId)),
  })
  const status = backend.status((sessionId) => publishSession(sessionId))
  // The agent's tool calls and the host's rpcIds, so a finished call's row links to its question.
  const rpcIdOfCall = new Map<string, string>()
  const host = createQuestionHost<string>({
    authenticate: (request) => {
      const identity = identityOf(request.headers.get('cookie'))
      return identity.kind === 'one' ? identity.principal : null
    },
    canAccess: (principal, sessionId) => sessions.canAccess(principal, sessionId),
    trustProxy: options.trustProxy ?? false,
    ...(options.allowedHosts !== undefined && { allowedHosts: options.allowedHosts }),
    deadlinePolicy: demoDeadlinePolicy,
    onRegistered: (info) => {
      if (info.request.callId !== undefined) rpcIdOfCall.set(info.request.callId, info.rpcId)
      // Bounded: calls that never end through the agent (the test API's) age out.
      if (rpcIdOfCall.size > 1_000) rpcIdOfCall.delete(rpcIdOfCall.keys().next().value ?? '')
      testApi?.onRegistered(info)
      status.registered(info.sessionId)
    },
    onResolved: (info) => status.resolved(info),
    // A test ask may ask for its own window (`amendWindowMs`); every other ask gets the demo's.
    amendWindowMs: ({ rpcId }) =>
      testApi?.amendWindowOf(rpcId) ?? options.amendWindowMs ?? DEFAULT_AMEND_WINDOW_MS,
    ...options.hostLimits,
    ...(options.onMuxRefused && { onRefused: options.onMuxRefused }),
    ...(backend.coordinator && { coordinator: backend.coordinator }),
    // Who: the demo's principal id (a string); the answer keeps its selections only.
    audit: { sink: backend.audit },
  })

  function retire(sessionId: string): void {
    agent.interrupt(sessionId, new Error('The session was evicted.'))
    agent.forget(sessionId)
    host.abortSession(sessionId)
  }

  // Each session's records and frames go out one after the other, in order.
  const queues = new Map<string, Promise<void>>()
  function inOrder(sessionId: string, work: () => Promise<void>): Promise<void> {
    const next = (queues.get(sessionId) ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => console.error('A demo session update failed:', error))
    queues.set(sessionId, next)
    void next.then(() => {
      if (queues.get(sessionId) === next) queues.delete(sessionId)
    })
    return next
  }

  /**
   * Sends a chat frame to the session's tabs. In a cluster the coordinator
   * relays it to the other nodes only up to a size; past that it also sends
   * `chat/stale`, so a tab on another node reloads the transcript (from the
   * database) instead.
   */
  function broadcast(sessionId: string, frame: ChatFrame): void {
    host.broadcast(sessionId, frame)
    const { relays } = backend
    if (relays && !relays(JSON.stringify({ ...frame, sessionId })))
      host.broadcast(sessionId, { type: 'chat/stale' })
  }

  async function summaries(records: readonly SessionRecord[]): Promise<SessionSummary[]> {
    const statuses = await status.statusOf(records.map((record) => record.id))
    return records.map(({ id, title, createdAt, updatedAt }) => ({
      id,
      title,
      createdAt,
      updatedAt,
      status: statuses.get(id) ?? 'idle',
    }))
  }

  function publishSession(sessionId: string): void {
    void inOrder(sessionId, async () => {
      const record = await sessions.get(sessionId)
      if (!record) return
      const [session] = await summaries([record])
      if (session) broadcast(sessionId, { type: 'chat/session', session })
    })
  }

  // Wrap the host's provider to keep each session's status (waiting / plan review) current.
  const tracked: UserQuestionProvider = {
    ask(request) {
      const pending = host.provider.ask(request)
      if (request.sessionId) {
        const planReview = request.questions.some(
          (question) => question.intent?.kind === 'plan-review',
        )
        status.track(request.sessionId, planReview, pending)
      }
      return pending
    },
  }
  service.registerProvider(tracked)

  const emit = (sessionId: string, event: TranscriptEvent) =>
    inOrder(sessionId, async () => {
      await transcripts.record(sessionId, event)
      await sessions.touch(sessionId)
      broadcast(sessionId, { type: 'chat/event', event })
    })
  const modelTurn = options.model ? createModelTurn(options.model) : undefined
  const agent = createScriptedAgent({
    service,
    settings: backend.settings,
    emit,
    transcript: (sessionId) => transcripts.events(sessionId),
    modelTurn,
    rpcIdOf(callId) {
      const rpcId = rpcIdOfCall.get(callId)
      rpcIdOfCall.delete(callId)
      return rpcId
    },
    onTurnStart: (sessionId) =>
      backend.bus.publish({ kind: 'interrupt', sessionId, reason: 'new-message' }),
  })
  const testApi = options.testApi
    ? createTestApi({
        service,
        sessions,
        ledger: backend.testAsks,
        bus: backend.bus,
        report: (error, where) => console.error(`A demo ${where} write failed:`, error),
      })
    : null
  const api = createDemoApi({
    host,
    sessions,
    transcripts,
    summaries,
    agent,
    testApi,
    publishSession,
    bus: backend.bus,
  })

  /** What another node of the cluster tells this one. */
  function hear(message: DemoMessage): void {
    switch (message.kind) {
      case 'interrupt':
        agent.interrupt(
          message.sessionId,
          new Error(
            message.reason === 'stopped'
              ? 'Stopped by the user.'
              : 'A new message interrupted the turn.',
          ),
        )
        return
      case 'gone':
        sessions.forget(message.sessionId)
        retire(message.sessionId)
        return
      case 'abort-ask':
        testApi?.abortHere(message.askId)
        return
      case 'drop-streams':
        host.dropStreams((owner) => owner === message.principal)
        return
      default:
        assertNever(message)
    }
  }
  backend.bus.subscribe(hear)

  const admin = createAdminApi({
    token: options.adminToken,
    live: liveQuestions(host, backend.coordinator),
    log: backend.auditLog,
    rateLimit: options.adminRateLimit,
  })

  const serveStatic = createStaticHandler(options.webRoot)
  const upgraded = new Set<Duplex>()
  let closing: Promise<void> | null = null
  const limiter = options.rateLimit === false ? null : createRateLimiter(options.rateLimit)
  const mintLimiter =
    options.mintLimit === false
      ? null
      : createRateLimiter(options.mintLimit ?? { burst: 60, perSecond: 1 })

  function notFound(res: ServerResponse): void {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS })
    res.end('Not found')
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value)
    const target = parseTarget(req.url)
    if (!target) return sendError(res, BAD_TARGET())
    const { pathname } = target
    const identity = identityOf(req.headers.cookie)

    // The operator's routes: their own token, no principal, no cookie.
    if (pathname === '/api/admin' || pathname.startsWith('/api/admin/')) {
      admin(req, res, target).catch((error: unknown) => fail(res, error))
      return
    }
    if (pathname.startsWith('/api/')) {
      if (limiter && req.method === 'POST' && !pathname.startsWith('/api/test/')) {
        // A forged or rotating cookie verifies as nobody, so it shares its address's bucket.
        const key =
          identity.kind === 'one' ? `p:${identity.principal}` : `ip:${req.socket.remoteAddress}`
        if (refuseWhenLimited(limiter, key, res, req)) return
      }
      const scheme = schemeOf(req, options.trustProxy)
      // The Parley routes (mux over SSE, respond) first; they authenticate themselves.
      host.handleRequest(req, res, () => {
        api({ req, res, pathname, identity, scheme }).catch((error: unknown) => fail(res, error))
      })
      return
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(res)
    // A document navigation is the one place a principal is minted, and never over a
    // verified one or while two verified ones conflict.
    if (identity.kind === 'none' || identity.kind === 'invalid') {
      const address = `mint:${req.socket.remoteAddress ?? ''}`
      if (mintLimiter && refuseWhenLimited(mintLimiter, address, res, req)) return
      res.setHeader('set-cookie', principalCookie(tokens.mint().token, secure))
    } else if (identity.kind === 'one' && staleCookie(req.headers.cookie))
      // Signed with a previous secret: the same principal, re-signed with the current one.
      res.setHeader('set-cookie', principalCookie(tokens.resign(identity.principal), secure))
    serveStatic(req, res, target, () => notFound(res))
  }

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    // While closing, a keep-alive connection goes as soon as its reply is done.
    res.once('close', () => {
      if (closing) server.closeIdleConnections()
    })
    try {
      handle(req, res)
    } catch (error) {
      fail(res, error)
    }
  }

  // Only records: the host's attach() answers every upgrade (the mux, 400, 404, 500).
  function recordUpgrade(_req: IncomingMessage, socket: Duplex): void {
    upgraded.add(socket)
    socket.once('close', () => upgraded.delete(socket))
  }

  const server: Server = createServer(
    {
      headersTimeout: limit('headersTimeout'),
      requestTimeout: limit('requestTimeout'),
      keepAliveTimeout: limit('keepAliveTimeout'),
      // The two timeouts above are only checked this often (Node's default is 30 s).
      connectionsCheckingInterval: Math.min(1_000, limit('headersTimeout')),
    },
    onRequest,
  )
  server.maxHeadersCount = limit('maxHeadersCount')
  server.keepAliveTimeout = limit('keepAliveTimeout')
  server.on('upgrade', recordUpgrade)
  host.attach(server, { otherUpgrades: 'refuse' })

  /**
   * Stops listening, settles every pending ask (`host.close()`, which also
   * leaves the cluster), closes idle connections, and after
   * `shutdownGraceMs` cuts whatever is still open (a slow upload, a
   * WebSocket). Resolves once the last one is gone and the backend closed.
   */
  function close(): Promise<void> {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => {
        const cut = setTimeout(() => {
          server.closeAllConnections()
          for (const socket of upgraded) socket.destroy()
        }, limit('shutdownGraceMs'))
        server.close(() => {
          clearTimeout(cut)
          resolve()
        })
      })
      const left = host.close()
      server.closeIdleConnections()
      await closed
      await left
      await Promise.all(queues.values())
      await backend.close()
    })()
    return closing
  }

  return { server, host, service, sessions, audit: backend.audit, ready: host.ready, close }
}
