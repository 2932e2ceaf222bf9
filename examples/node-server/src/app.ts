import { existsSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createQuestionHost, LOOPBACK_HOSTS } from '@parley/host/node'
import { createUserQuestionService } from '@parley/seam'
import { createAskUserQuestionTool } from '@parley/tool'
import sirv from 'sirv'
import { createAgent } from './agent.js'
import { type Account, canAccess, createAuthenticator, type User } from './auth.js'
import { createLogin } from './login.js'

export interface AppOptions {
  /** Who may sign in (a token each) and which sessions each may see. */
  accounts: readonly Account[]
  /** A folder to serve at `/` (a single-page app: unknown paths get its index.html). */
  staticDir?: string | undefined
  /** Marks the login cookie `Secure` (serve over HTTPS). @default false */
  secureCookies?: boolean
  /**
   * Host names this app answers to (the `Host` header, port aside), on the
   * host's routes and its own. @default localhost, 127.0.0.1 and [::1]
   */
  allowedHosts?: readonly string[] | undefined
}

/** Builds the server: Parley's mux and respond routes, `/login`, `/agent/*`, then the static folder. */
export function createApp(options: AppOptions) {
  const auth = createAuthenticator(options.accounts)
  const allowedHosts = options.allowedHosts ?? LOOPBACK_HOSTS
  const host = createQuestionHost<User>({
    authenticate: (request) => auth.authenticate(request.headers),
    canAccess,
    principalKey: (user) => user.name,
    allowedHosts,
  })
  const service = createUserQuestionService()
  service.registerProvider(host.provider)

  const agent = createAgent(createAskUserQuestionTool(service), auth, allowedHosts)
  const login = createLogin(auth, { secure: options.secureCookies ?? false })
  const staticDir = options.staticDir
  const assets = staticDir && existsSync(staticDir) ? sirv(staticDir, { single: true }) : null

  function notFound(response: ServerResponse) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
    response.end('not found')
  }

  function app(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname === '/healthz') return void response.end('ok')
    if (login(request, response, url) || agent(request, response, url)) return
    if (assets) return assets(request, response, () => notFound(response))
    notFound(response)
  }

  const server = createServer((request, response) =>
    host.handleRequest(request, response, () => app(request, response)),
  )
  // Node's defaults keep a dribbling upload for 300 s.
  server.headersTimeout = 10_000
  server.requestTimeout = 30_000
  server.keepAliveTimeout = 5_000
  host.attach(server) // WebSocket upgrades on /api/mux

  return {
    server,
    host,
    /** Aborts every pending ask, ends every stream, and closes the server. */
    close(): Promise<void> {
      host.dispose()
      return new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}
