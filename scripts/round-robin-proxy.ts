/**
 * A small round-robin load balancer for the demo cluster (`pnpm
 * demo:cluster`) and its Playwright flow: each request and each WebSocket
 * upgrade goes to the next node; SSE streams through unbuffered.
 *
 * Built on http-proxy-3 (1.23, Node ≥ 18): the maintained TypeScript rewrite
 * of http-proxy that Vite's dev proxy uses, so upgrades, streaming and
 * hop-by-hop headers are handled by code many people run, not by ours. Its
 * 2.x declares Node 22, so 1.x it is.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { createProxyServer } from 'http-proxy-3'

export interface RoundRobinProxy {
  /** `http://127.0.0.1:PORT` */
  readonly url: string
  readonly port: number
  /** Stops listening and cuts every connection it holds, WebSockets included. */
  close(): Promise<void>
}

export interface RoundRobinProxyOptions {
  /** @default 0 (any free port) */
  port?: number
  /** @default '127.0.0.1' */
  host?: string
  /** A node whose connection was refused is skipped this long (ms). @default 2000 */
  downForMs?: number
}

/** The response header that names the node that answered (its `host:port`). */
export const NODE_HEADER = 'x-parley-node'

/**
 * Starts a proxy in front of `targets` (`http://host:port` each). It keeps
 * the `Host` header (the demo compares `Origin` with it) and adds
 * `x-parley-node` to every HTTP response.
 */
export async function startRoundRobinProxy(
  targets: readonly string[],
  options: RoundRobinProxyOptions = {},
): Promise<RoundRobinProxy> {
  if (targets.length === 0) throw new TypeError('A round-robin proxy needs at least one target.')
  const nodes = targets.map((target) => ({ target, name: new URL(target).host, downUntil: 0 }))
  const downForMs = options.downForMs ?? 2_000
  let turn = 0

  /** The next node that is not known to be down (or the next one, if all are). */
  function next(): (typeof nodes)[number] {
    const now = Date.now()
    for (let tried = 0; tried < nodes.length; tried++) {
      const node = nodes[turn++ % nodes.length] as (typeof nodes)[number]
      if (node.downUntil <= now) return node
    }
    return nodes[turn++ % nodes.length] as (typeof nodes)[number]
  }

  const proxy = createProxyServer({ xfwd: false, changeOrigin: false, ws: true })
  const chosen = new WeakMap<IncomingMessage, (typeof nodes)[number]>()
  proxy.on('proxyRes', (proxyRes, req) => {
    const node = chosen.get(req)
    if (node) proxyRes.headers[NODE_HEADER] = node.name
  })
  proxy.on('error', (error, req, res) => {
    const node = chosen.get(req)
    if (node && (error as { code?: unknown }).code === 'ECONNREFUSED')
      node.downUntil = Date.now() + downForMs
    if (res && 'writeHead' in res) {
      const reply = res as ServerResponse
      if (reply.headersSent) return void reply.destroy()
      reply.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
      reply.end(`The node ${node?.name ?? ''} did not answer: ${error.message}`)
    } else (res as Socket | undefined)?.destroy()
  })

  const sockets = new Set<Duplex>()
  const server = createServer((req, res) => {
    const node = next()
    chosen.set(req, node)
    proxy.web(req, res, { target: node.target })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  server.on('upgrade', (req, socket, head) => {
    const node = next()
    chosen.set(req, node)
    socket.on('error', () => socket.destroy())
    proxy.ws(req, socket, head, { target: node.target })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port, address } = server.address() as AddressInfo
  return {
    url: `http://${address}:${port}`,
    port,
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve())
        proxy.close()
        for (const socket of sockets) socket.destroy()
      })
    },
  }
}
