import { request as httpRequest } from 'node:http'
import { createRequire } from 'node:module'

// `ws` is a dependency of the demo host, not of the workspace root.
const { WebSocket } = createRequire(new URL('../apps/host/package.json', import.meta.url))(
  'ws',
) as typeof import('ws')

/** A mux WebSocket opened by a test: how the upgrade went and what arrived. */
export interface MuxProbe {
  /** `null` when the upgrade succeeded, else the HTTP status (`-1`: a network error). */
  readonly opened: Promise<number | null>
  /** Resolves when the socket closes (either side). */
  readonly closed: Promise<void>
  readonly frames: Record<string, unknown>[]
  /** Bytes of frame text received. */
  bytes(): number
  close(): void
}

/** Opens `/api/mux` as a browser tab would, with `cookie` (if any) and `origin`. */
export function openMuxSocket(
  base: string,
  cookie: string | null,
  origin: string,
  query = '',
): MuxProbe {
  const headers: Record<string, string> = { origin }
  if (cookie) headers.cookie = cookie
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/mux${query}`, { headers })
  const frames: Record<string, unknown>[] = []
  let bytes = 0
  socket.on('message', (data) => {
    const text = String(data)
    bytes += Buffer.byteLength(text)
    frames.push(JSON.parse(text) as Record<string, unknown>)
  })
  const opened = new Promise<number | null>((resolve) => {
    socket.once('open', () => resolve(null))
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      res.resume()
      socket.terminate()
    })
    socket.once('error', () => resolve(-1))
  })
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => resolve())
    socket.once('error', () => resolve())
  })
  return {
    opened,
    closed,
    frames,
    bytes: () => bytes,
    close: () => socket.terminate(),
  }
}

/** A mux SSE stream opened by a test: its status, and a way to hang up. */
export interface EventStreamProbe {
  /** The response status (`-1`: a network error). */
  readonly status: Promise<number>
  close(): void
}

/** Opens the SSE variant of the mux on its own connection. */
export function openEventStream(base: string, cookie: string, origin: string): EventStreamProbe {
  const request = httpRequest(`${base}/api/mux`, {
    agent: false,
    headers: { cookie, origin, accept: 'text/event-stream' },
  })
  const status = new Promise<number>((resolve) => {
    request.once('response', (response) => {
      resolve(response.statusCode ?? 0)
      response.resume()
    })
    request.once('error', () => resolve(-1))
  })
  request.end()
  return { status, close: () => request.destroy() }
}
