import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { McpServerLike } from './stdio.ts'

/** Options of {@link createStreamableHttpHandler}. `P` is your principal (client) type. */
export interface StreamableHttpHandlerOptions<P = unknown> {
  /**
   * Who is calling (a bearer token, an mTLS identity, …)? Runs on every
   * request after the Host and Origin checks; `null` (or a throw) refuses it
   * with 401. A session belongs to the principal that opened it: a request
   * from another one with its `Mcp-Session-Id` gets 404, as an unknown
   * session does. Without it every caller is anonymous and counted by its
   * remote address, so put something in front that authenticates (see the
   * README). @default none
   */
  authenticate?: ((req: IncomingMessage) => P | null | Promise<P | null>) | undefined
  /**
   * The key a principal's sessions are counted under for
   * `maxSessionsPerPrincipal`. @default the principal itself (strings and
   * numbers by value, objects by identity); without `authenticate`, the
   * remote address
   */
  principalKey?: ((principal: P) => unknown) | undefined
  /**
   * Open sessions one principal (without `authenticate`: one remote address)
   * may hold; its next `initialize` is refused with 429, so one client
   * cannot take the whole `maxSessions` pool. @default 10
   */
  maxSessionsPerPrincipal?: number | undefined
  /**
   * Host names (without port) the `Host` header may name; anything else is
   * refused with 403, against DNS rebinding. `false` accepts any host, for
   * a server behind a proxy that checks it.
   * @default ['localhost', '127.0.0.1', '[::1]']
   */
  allowedHosts?: readonly string[] | false | undefined
  /**
   * Origins a browser may call from (`Origin` header, exactly, such as
   * `https://app.example`). A request without `Origin` (any non-browser
   * MCP client) is not affected. @default [] (no browser page)
   */
  allowedOrigins?: readonly string[] | undefined
  /** Open MCP sessions at most; a new one beyond is refused with 503. @default 100 */
  maxSessions?: number | undefined
  /**
   * A session with no request in flight for this long is closed (clients
   * often never send DELETE). A pending question keeps its request in
   * flight, so a person answering slowly never loses the session.
   * @default 1800000 (30 minutes)
   */
  idleSessionMs?: number | undefined
}

/** A Node `http` handler serving MCP over Streamable HTTP, one MCP server per session. */
export interface StreamableHttpHandler {
  /** Handles one request (POST, GET, DELETE) on the MCP endpoint; mount it on your path. Never rejects. */
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>
  /** The sessions open now. */
  readonly sessions: number
  /** Closes every session and its server. */
  close(): Promise<void>
}

interface Session {
  owner: unknown
  transport: StreamableHTTPServerTransport
  server: McpServerLike
  inFlight: number
  lastSeen: number
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]']

function refuse(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }))
}

function hostnameOf(host: string | undefined): string | undefined {
  if (host === undefined) return undefined
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return undefined
  }
}

/** Why the Host or Origin fence refuses `req` (DNS rebinding), or `undefined`. */
function refusal(
  req: IncomingMessage,
  allowedHosts: readonly string[] | false,
  allowedOrigins: readonly string[],
): string | undefined {
  if (allowedHosts !== false) {
    const hostname = hostnameOf(req.headers.host)
    if (hostname === undefined || !allowedHosts.includes(hostname))
      return `Host ${req.headers.host ?? '(none)'} is not allowed.`
  }
  const origin = req.headers.origin
  if (origin !== undefined && !allowedOrigins.includes(origin))
    return `Origin ${origin} is not allowed.`
  return undefined
}

/** The key the caller's sessions are counted and owned under; `undefined`: not authenticated. */
async function ownerOf<P>(
  req: IncomingMessage,
  options: StreamableHttpHandlerOptions<P>,
): Promise<{ key: unknown } | undefined> {
  const { authenticate } = options
  if (!authenticate) return { key: `address:${req.socket.remoteAddress ?? ''}` }
  let principal: P | null
  try {
    principal = await authenticate(req)
  } catch {
    return undefined
  }
  if (principal === null || principal === undefined) return undefined
  return { key: options.principalKey ? options.principalKey(principal) : principal }
}

/** Hands one request to its session's transport, counting it in flight until its response closes. */
async function run(session: Session, req: IncomingMessage, res: ServerResponse, body: unknown) {
  session.inFlight += 1
  res.once('close', () => {
    session.inFlight -= 1
    session.lastSeen = Date.now()
  })
  await session.transport.handleRequest(req, res, body)
}

/**
 * Serves MCP over Streamable HTTP from Node's `http` (or anything passing
 * `IncomingMessage` / `ServerResponse`, such as Express): an `initialize`
 * without a session opens one, with a fresh server from `createServer()`;
 * later requests carry its `Mcp-Session-Id`. Checks `Host` and `Origin`
 * first (DNS rebinding), then `authenticate`; bounds the open sessions, in
 * all and per principal, and closes idle ones.
 *
 * ```ts
 * const mcp = createStreamableHttpHandler(() => createAskUserQuestionMcpServer(service))
 * createServer((req, res) => (req.url?.startsWith('/mcp') ? mcp.handle(req, res) : notFound(res)))
 * ```
 */
export function createStreamableHttpHandler<P = unknown>(
  createServer: () => McpServerLike,
  options: StreamableHttpHandlerOptions<P> = {},
): StreamableHttpHandler {
  const allowedHosts = options.allowedHosts ?? LOCAL_HOSTS
  const allowedOrigins = options.allowedOrigins ?? []
  const maxSessions = options.maxSessions ?? 100
  const idleSessionMs = options.idleSessionMs ?? 30 * 60_000
  const maxPerPrincipal = options.maxSessionsPerPrincipal ?? 10
  const sessions = new Map<string, Session>()
  /** Open and opening sessions per owner key. */
  const owned = new Map<unknown, number>()
  let opening = 0
  let sweeper: ReturnType<typeof setInterval> | undefined

  function drop(id: string): void {
    const session = sessions.get(id)
    if (!session) return
    sessions.delete(id)
    release(session.owner)
    session.server.close().catch(() => {})
    if (sessions.size === 0 && sweeper !== undefined) {
      clearInterval(sweeper)
      sweeper = undefined
    }
  }

  function sweep(): void {
    const now = Date.now()
    for (const [id, session] of sessions)
      if (session.inFlight === 0 && now - session.lastSeen > idleSessionMs) drop(id)
  }

  function release(owner: unknown): void {
    const left = (owned.get(owner) ?? 1) - 1
    if (left > 0) owned.set(owner, left)
    else owned.delete(owner)
  }

  async function open(owner: unknown): Promise<Session> {
    const server = createServer()
    let session: Session | undefined
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        if (session) sessions.set(id, session)
        sweeper ??= setInterval(sweep, Math.min(idleSessionMs, 60_000))
        sweeper.unref?.()
      },
      onsessionclosed: (id) => drop(id),
    })
    session = { owner, server, transport, inFlight: 0, lastSeen: Date.now() }
    await server.connect(transport)
    return session
  }

  async function route(req: IncomingMessage, res: ServerResponse, parsedBody: unknown) {
    const refused = refusal(req, allowedHosts, allowedOrigins)
    if (refused !== undefined) return refuse(res, 403, -32000, refused)
    const owner = await ownerOf(req, options)
    if (owner === undefined) return refuse(res, 401, -32000, 'Not authenticated.')
    const id = req.headers['mcp-session-id']
    if (typeof id === 'string') {
      const session = sessions.get(id)
      // Another principal's session is as unknown to this one as a made-up id.
      if (!session || session.owner !== owner.key)
        return refuse(res, 404, -32001, 'Session not found.')
      return run(session, req, res, parsedBody)
    }
    if (req.method !== 'POST')
      return refuse(res, 400, -32000, 'Bad request: an Mcp-Session-Id header is required.')
    if ((owned.get(owner.key) ?? 0) >= maxPerPrincipal)
      return refuse(res, 429, -32000, 'Too many MCP sessions are open for this client.')
    if (sessions.size + opening >= maxSessions)
      return refuse(res, 503, -32000, 'Too many MCP sessions are open; try again later.')
    opening += 1
    owned.set(owner.key, (owned.get(owner.key) ?? 0) + 1)
    let session: Session
    try {
      session = await open(owner.key)
    } catch (error) {
      release(owner.key)
      throw error
    } finally {
      opening -= 1
    }
    try {
      await run(session, req, res, parsedBody)
    } finally {
      // Anything but an initialize leaves no session behind.
      if (session.transport.sessionId === undefined) {
        release(owner.key)
        await session.server.close().catch(() => {})
      }
    }
  }

  return {
    async handle(req, res, parsedBody) {
      try {
        await route(req, res, parsedBody)
      } catch {
        // A failure inside the SDK's transport: answer it if nobody has yet; never reject.
        if (!res.headersSent) refuse(res, 500, -32603, 'Internal error.')
        else res.destroy()
      }
    },
    get sessions() {
      return sessions.size
    },
    async close() {
      if (sweeper !== undefined) clearInterval(sweeper)
      sweeper = undefined
      const open = [...sessions.values()]
      sessions.clear()
      owned.clear()
      await Promise.all(open.map((session) => session.server.close().catch(() => {})))
    },
  }
}
