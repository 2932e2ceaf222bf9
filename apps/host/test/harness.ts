import { type AddressInfo, connect } from 'node:net'
import { WebSocket } from 'ws'
import { createDemoServer, type DemoServerOptions } from '../src/server.ts'

// biome-ignore lint/suspicious/noExplicitAny: frames and events are read by shape in these tests
export type Frame = Record<string, any>

/** A demo server on an ephemeral loopback port (test API on, no web app unless `webRoot`). */
export async function startDemo(options: Partial<DemoServerOptions> = {}) {
  const demo = createDemoServer({
    webRoot: '/nonexistent-web-root',
    testApi: true,
    ...options,
  })
  await new Promise<void>((resolve) => demo.server.listen(0, '127.0.0.1', resolve))
  const { port } = demo.server.address() as AddressInfo
  return { ...demo, base: `http://127.0.0.1:${port}`, port }
}

/**
 * A browser-like user: keeps its principal cookie across requests. Pass
 * another user's `cookie` to be the same browser on another node.
 */
export function user(base: string, initialCookie = '') {
  let cookie = initialCookie
  async function request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers)
    if (cookie) headers.set('cookie', cookie)
    if (init.json !== undefined) headers.set('content-type', 'application/json')
    const response = await fetch(base + path, {
      ...init,
      headers,
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    })
    const set = response.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0] ?? ''
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body:
        response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text,
    }
  }
  return {
    request,
    get cookie() {
      return cookie
    },
    async newSession(title?: string): Promise<string> {
      if (!cookie) await request('/')
      const created = await request('/api/sessions', {
        method: 'POST',
        json: title ? { title } : {},
      })
      return created.body.sessionId
    },
    /** Opens the mux and collects every frame. */
    async openMux(query = '') {
      if (!cookie) await request('/')
      const frames: Record<string, unknown>[] = []
      const waiters: {
        test: (f: Record<string, unknown>) => boolean
        resolve: (f: Record<string, unknown>) => void
      }[] = []
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/mux${query}`, {
        headers: { cookie, origin: base },
      })
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as Record<string, unknown>
        const waiter = waiters.find((candidate) => candidate.test(frame))
        if (!waiter) return void frames.push(frame)
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(frame)
      })
      await new Promise((resolve, reject) => {
        socket.once('open', resolve)
        socket.once('error', reject)
      })
      return {
        frames,
        socket,
        /** Resolves with the first frame (already received or future) that passes `test`. */
        next(test: (frame: Frame) => boolean): Promise<Frame> {
          const seen = frames.find(test)
          if (seen) {
            frames.splice(frames.indexOf(seen), 1)
            return Promise.resolve(seen)
          }
          return new Promise((resolve) => waiters.push({ test, resolve }))
        },
        close: () => socket.close(),
      }
    },
  }
}

/**
 * Sends `text` as is over a raw TCP socket (so targets `fetch` would
 * normalise or refuse reach the server) and resolves with everything the
 * server wrote before it closed the connection.
 */
export function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let reply = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      reply += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(reply))
  })
}

/** The status code of a raw HTTP reply. */
export const statusOf = (reply: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1])
