import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { createQuestionHost } from '@parley/host'
import { createUserQuestionService, type UserQuestionProvider } from '@parley/seam'
import { createScriptedAgent } from './agent/agent.ts'
import { createModelTurn, type ModelSettings } from './agent/model.ts'
import { CreateSessionBody, EmptyBody, MessageBody, parseBody } from './bodies.ts'
import { assertSameOrigin, HttpError, sendError, sendJson } from './http-util.ts'
import { mintPrincipal, principalCookie, principalFromCookie } from './principals.ts'
import { createRateLimiter, type RateLimitOptions, refuseWhenLimited } from './rate-limit.ts'
import { createSessionRegistry, type Session } from './sessions.ts'
import { createStaticHandler, SECURITY_HEADERS } from './static.ts'
import { createTestApi } from './test-api.ts'
import type { ChatFrame, TranscriptEvent } from './transcript.ts'

export interface DemoServerOptions {
  /** Folder of the built web app. */
  webRoot: string
  /** Enables `/api/test/*`. Never on by default. */
  testApi?: boolean
  /** Adds `Secure` to the principal cookie. */
  secureCookies?: boolean
  /** Per-principal limit on POSTs outside `/api/test/` (`false`: none). @default 20 burst, 10/s */
  rateLimit?: RateLimitOptions | false
  /** Drive the agent with a real model instead of the scripted one. */
  model?: ModelSettings | undefined
}

const SESSION_PATH = /^\/api\/sessions\/([A-Za-z0-9-]{1,64})(\/messages|\/stop)?$/

/** The demo's one Node process: web app, Parley mux + respond, chat API, test API. */
export function createDemoServer(options: DemoServerOptions) {
  const sessions = createSessionRegistry()
  const service = createUserQuestionService()
  const host = createQuestionHost<string>({
    authenticate: (request) => principalFromCookie(request.headers.get('cookie')),
    canAccess: (principal, sessionId) => sessions.canAccess(principal, sessionId),
    onRegistered: (info) => testApi?.onRegistered(info),
  })
  const broadcast = (session: Session, frame: ChatFrame) => host.broadcast(session.id, frame)
  const publishSession = (session: Session) =>
    broadcast(session, { type: 'chat/session', session: sessions.summary(session) })

  // Wrap the host's provider to keep each session's status (waiting / plan review) current.
  const tracked: UserQuestionProvider = {
    ask(request) {
      const session = request.sessionId ? sessions.get(request.sessionId) : undefined
      const pending = host.provider.ask(request)
      if (session) {
        const key = Symbol('ask')
        const planReview = request.questions.some(
          (question) => question.intent?.kind === 'plan-review',
        )
        session.pending.set(key, { planReview })
        publishSession(session)
        const done = () => {
          session.pending.delete(key)
          publishSession(session)
        }
        pending.then(done, done)
      }
      return pending
    },
  }
  service.registerProvider(tracked)

  const emit = (session: Session, event: TranscriptEvent) => {
    sessions.record(session, event)
    broadcast(session, { type: 'chat/event', event })
  }
  const modelTurn = options.model ? createModelTurn(options.model) : undefined
  const agent = createScriptedAgent({ service, emit, modelTurn })
  const testApi = options.testApi ? createTestApi({ service, sessions }) : null
  const serveStatic = createStaticHandler(options.webRoot)
  const sockets = new Set<Duplex>()
  const limiter = options.rateLimit === false ? null : createRateLimiter(options.rateLimit)

  function principalOf(req: IncomingMessage, res: ServerResponse): string {
    const known = principalFromCookie(req.headers.cookie)
    if (known) return known
    const minted = mintPrincipal()
    res.setHeader('set-cookie', principalCookie(minted, options.secureCookies ?? false))
    return minted
  }

  function ownSession(principal: string, id: string): Session {
    const session = sessions.get(id)
    if (!session) throw new HttpError(404, 'NO_SESSION', 'No such session.')
    if (session.principal !== principal)
      throw new HttpError(403, 'FORBIDDEN', 'This session belongs to someone else.')
    return session
  }

  async function api(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const principal = principalOf(req, res)
    const method = req.method ?? 'GET'
    if (method !== 'GET') assertSameOrigin(req)
    if (pathname === '/api/sessions') {
      if (method === 'GET') return sendJson(res, 200, { sessions: sessions.list(principal) })
      if (method === 'POST') {
        const { title } = await parseBody(req, CreateSessionBody)
        const session = sessions.create(principal, title)
        return sendJson(res, 201, { sessionId: session.id, session: sessions.summary(session) })
      }
    }
    const match = SESSION_PATH.exec(pathname)
    if (match?.[1]) {
      const session = ownSession(principal, match[1])
      if (!match[2] && method === 'GET')
        return sendJson(res, 200, { session: sessions.summary(session), events: session.events })
      if (match[2] === '/messages' && method === 'POST') {
        const { text } = await parseBody(req, MessageBody)
        if (session.title === 'New chat') session.title = text.slice(0, 60)
        void agent.send(session, text)
        publishSession(session)
        return sendJson(res, 202, { accepted: true })
      }
      if (match[2] === '/stop' && method === 'POST') {
        await parseBody(req, EmptyBody)
        return sendJson(res, 200, { stopped: agent.stop(session) })
      }
    }
    if (pathname.startsWith('/api/test/') && testApi) {
      if (pathname === '/api/test/drop-sockets' && method === 'POST') {
        await parseBody(req, EmptyBody)
        // Only the caller's own downlinks: parallel test runs keep theirs.
        const dropped = host.dropStreams((owner) => owner === principal)
        return sendJson(res, 200, { dropped })
      }
      return testApi.handle(req, res, pathname, principal)
    }
    throw new HttpError(404, 'NOT_FOUND', 'No such route.')
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname
    if (pathname.startsWith('/api/')) {
      if (limiter && req.method === 'POST' && !pathname.startsWith('/api/test/')) {
        const key = principalFromCookie(req.headers.cookie) ?? `ip:${req.socket.remoteAddress}`
        if (refuseWhenLimited(limiter, key, res, req)) return
      }
      // The Parley routes (mux over SSE, respond) first; they authenticate themselves.
      host.handleRequest(req, res, () => {
        api(req, res, pathname).catch((error: unknown) => {
          if (res.headersSent) return res.destroy()
          if (error instanceof HttpError) return sendError(res, error)
          console.error(error)
          sendError(res, new HttpError(500, 'INTERNAL', 'Something went wrong.'))
        })
      })
      return
    }
    principalOf(req, res)
    if (!serveStatic(req, res)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS })
      res.end('Not found')
    }
  }

  const server: Server = createServer(handle)
  const detach = host.attach(server)
  server.on('upgrade', (_req, socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })

  return {
    server,
    host,
    service,
    sessions,
    async close() {
      detach()
      host.dispose()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
