import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import {
  NODE_HEADER,
  type RoundRobinProxy,
  startRoundRobinProxy,
} from '../../../scripts/round-robin-proxy.ts'

interface Backend {
  url: string
  server: Server
  /** Lets the SSE reply send its second event. */
  release(): void
}

const open: { close(): Promise<void> | void }[] = []
afterEach(async () => {
  for (const each of open.splice(0).reverse()) await each.close()
})

/** A node that answers its name and the Host it saw, streams SSE on /events and echoes WebSockets. */
async function backend(name: string): Promise<Backend> {
  let release = () => {}
  const server = createServer((req, res) => {
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: first\n\n')
      release = () => res.end('data: second\n\n')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ name, host: req.headers.host }))
  })
  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) =>
    socket.on('message', (data) => socket.send(`${name}: ${String(data)}`)),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  open.push({
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate()
        sockets.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, server, release: () => release() }
}

async function proxyFor(backends: Backend[]): Promise<RoundRobinProxy> {
  const proxy = await startRoundRobinProxy(
    backends.map((b) => b.url),
    { downForMs: 60_000 },
  )
  open.push(proxy)
  return proxy
}

describe('the round-robin proxy', () => {
  it('sends each request to the next node, keeps Host, and names the node that answered', async () => {
    const nodes = await Promise.all(['a', 'b', 'c'].map(backend))
    const proxy = await proxyFor(nodes)
    const replies = []
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${proxy.url}/`)
      replies.push({ header: response.headers.get(NODE_HEADER), body: await response.json() })
    }
    expect(replies.map((r) => r.body.name)).toEqual(['a', 'b', 'c', 'a'])
    expect(replies[1]?.header).toBe(new URL(nodes[1]?.url ?? '').host)
    expect(replies[0]?.body.host).toBe(new URL(proxy.url).host)
  })

  it('streams an SSE reply as it is written, not when it ends', async () => {
    const node = await backend('a')
    const proxy = await proxyFor([node])
    const response = await fetch(`${proxy.url}/events`)
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n')
    node.release()
    const second = await reader.read()
    expect(new TextDecoder().decode(second.value)).toBe('data: second\n\n')
  })

  it('proxies WebSocket upgrades round-robin, and close() cuts them', async () => {
    const nodes = await Promise.all(['a', 'b'].map(backend))
    const proxy = await proxyFor(nodes)
    const heard: string[] = []
    const sockets: WebSocket[] = []
    for (let i = 0; i < 2; i++) {
      const socket = new WebSocket(`${proxy.url.replace('http', 'ws')}/mux`)
      sockets.push(socket)
      await new Promise((resolve, reject) => {
        socket.once('open', resolve)
        socket.once('error', reject)
      })
      socket.send('hi')
      heard.push(
        await new Promise<string>((resolve) => socket.once('message', (d) => resolve(String(d)))),
      )
    }
    expect(heard).toEqual(['a: hi', 'b: hi'])
    const closed = sockets.map((s) => new Promise((resolve) => s.once('close', resolve)))
    await proxy.close()
    await Promise.all(closed)
  })

  it('answers 502 once for a node that is down, then skips it', async () => {
    const nodes = await Promise.all(['a', 'b'].map(backend))
    const proxy = await proxyFor(nodes)
    await new Promise<void>((resolve) => nodes[1]?.server.close(() => resolve()))
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${proxy.url}/`)
      await response.text()
      statuses.push(response.status)
    }
    expect(statuses).toEqual([200, 502, 200, 200])
  })
})
