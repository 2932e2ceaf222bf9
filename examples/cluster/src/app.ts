import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createQuestionHost } from '@parley/host/node'
import { createPostgresCoordinator } from '@parley/host-postgres'
import { createUserQuestionService } from '@parley/seam'
import pg from 'pg'
import { createAgent } from './agent.js'
import { canAccess, userOf } from './auth.js'
import type { ClusterConfig } from './config.js'
import { sendJson } from './http.js'

/** How long `close()` lets open connections finish before cutting them. */
const CLOSE_GRACE_MS = 2_000

/**
 * One node of the cluster: a `pg.Pool`, the PostgreSQL coordinator, the host
 * with its mux and respond routes, the seam service, and the agent endpoint.
 * Every node runs this same code against the same database and secret.
 */
export function createClusterApp(config: ClusterConfig) {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 })
  // An idle client that loses its connection emits here; unhandled, it would end the process.
  pool.on('error', (error) => console.error('pg pool:', error.message))
  const coordinator = createPostgresCoordinator({ pool, ...config.coordinator })
  const host = createQuestionHost<string>({
    authenticate: (request) => userOf(config.secret, request.headers),
    canAccess,
    coordinator,
    allowedHosts: config.allowedHosts,
    onError: (error, where) =>
      console.error(`parley ${where}:`, error instanceof Error ? error.message : error),
  })
  const service = createUserQuestionService()
  service.registerProvider(host.provider)
  const agent = createAgent({
    service,
    host,
    secret: config.secret,
    allowedHosts: config.allowedHosts,
  })
  let closing = false

  function app(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname === '/healthz')
      return sendJson(response, closing ? 503 : 200, { node: coordinator.nodeId, closing })
    if (agent(request, response, url)) return
    sendJson(response, 404, { error: 'not found' })
  }

  const server = createServer((request, response) =>
    host.handleRequest(request, response, () => app(request, response)),
  )
  server.headersTimeout = 10_000
  server.requestTimeout = 30_000 // receiving a request; a long-polling /agent/ask may wait longer
  server.keepAliveTimeout = 5_000
  host.attach(server) // WebSocket upgrades on /api/mux

  let shutdown: Promise<void> | undefined

  async function leave(): Promise<void> {
    const stopped = server.listening
      ? new Promise<void>((resolve) => server.close(() => resolve()))
      : Promise.resolve()
    try {
      await host.close()
    } finally {
      await pool.end()
    }
    server.closeIdleConnections()
    const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
    await stopped
    clearTimeout(cut)
  }

  return {
    server,
    host,
    pool,
    nodeId: coordinator.nodeId,
    /** Joins the cluster (migrations, LISTEN, heartbeat), then listens; resolves with the port. */
    async listen(): Promise<number> {
      await host.ready
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(config.port, config.hostname, () => resolve())
      })
      const address = server.address()
      return typeof address === 'object' && address ? address.port : config.port
    },
    /**
     * Leaves gracefully: stops accepting connections, leaves the cluster
     * (plain questions end `aborted` on every tab, durable ones wait for
     * their agent to re-attach), ends the pool, then the open connections.
     */
    close(): Promise<void> {
      closing = true
      shutdown ??= leave()
      return shutdown
    },
  }
}

export type ClusterApp = ReturnType<typeof createClusterApp>
