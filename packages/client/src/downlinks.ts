import type { MuxTransport } from '@parley/seam/wire'
import type { QuestionClientOptions } from './client.types.ts'
import { type Downlink, openWebSocket } from './connection.ts'
import type { ConnectionProblem } from './probe.ts'
import { openEventSource } from './transport-sse.ts'

/** The transports a client may use, which one is current, and the `auto` fallback to SSE. */
export interface Downlinks {
  /** A transport is there to open (a constructor was passed, or the runtime's own may be used). */
  available(): boolean
  /** Opens the current transport; throws when there is none. */
  open(): Downlink
  /** After a WebSocket failed while the host admits the page: switch to SSE if `auto` may. */
  fallBack(offered: readonly MuxTransport[]): boolean
  /** The problem to show when the host admits the page but the downlink still fails. */
  unexplained(offered: readonly MuxTransport[]): ConnectionProblem
}

type Opener = (url: string) => Downlink

/** Mux URLs (without `?session=`) where `auto` fell back to SSE: later clients on the page start there. */
const sseFallbacks = new Set<string>()

/** A page, or a worker: where the runtime's own `WebSocket` / `EventSource` may be used. */
export function inBrowser(): boolean {
  return typeof window !== 'undefined' || 'WorkerGlobalScope' in globalThis
}

/** The mux route on `base`, with a `?session=` for each session. */
export function muxUrl(base: string, path: string, sessions: readonly string[]): URL {
  const url = new URL(path, base)
  for (const id of sessions) url.searchParams.append('session', id)
  return url
}

function asWebSocketUrl(url: URL): string {
  const ws = new URL(url)
  ws.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return ws.toString()
}

/**
 * The downlinks of the mux at `url`. Constructors are looked up at first
 * use, and the runtime's own only in a browser.
 */
export function createDownlinks(
  options: Pick<QuestionClientOptions, 'transport' | 'WebSocket' | 'EventSource'>,
  credentials: RequestCredentials,
  url: URL,
): Downlinks {
  const mode = options.transport ?? 'auto'
  const key = `${url.origin}${url.pathname}`
  const own = inBrowser()
  const WebSocketImpl = options.WebSocket ?? (own ? globalThis.WebSocket : undefined)
  const EventSourceImpl = options.EventSource ?? (own ? globalThis.EventSource : undefined)
  const ws: Opener | null = mode !== 'sse' && WebSocketImpl ? openWebSocket(WebSocketImpl) : null
  const sse: Opener | null =
    mode !== 'websocket' && EventSourceImpl
      ? openEventSource(EventSourceImpl, credentials === 'include')
      : null
  let current: 'websocket' | 'sse' | null =
    ws && !(sse && sseFallbacks.has(key)) ? 'websocket' : sse ? 'sse' : null
  return {
    available: () => current !== null,
    open() {
      if (current === 'websocket' && ws) return ws(asWebSocketUrl(url))
      if (current === 'sse' && sse) return sse(url.toString())
      throw new Error('no transport')
    },
    fallBack(offered) {
      if (current !== 'websocket' || !sse || !offered.includes('sse')) return false
      current = 'sse'
      sseFallbacks.add(key)
      return true
    },
    unexplained(offered) {
      if (current === 'websocket' && !offered.includes('websocket'))
        return {
          reason: 'protocol',
          message: "The host serves the mux over SSE only here: use transport 'sse' or 'auto'.",
        }
      if (current === 'websocket')
        return {
          reason: 'protocol',
          message:
            "The WebSocket upgrade fails although the host admits this page: a proxy may not pass upgrades (use transport 'auto', or proxy with ws: true).",
        }
      return {
        reason: 'unreachable',
        message: 'The event stream fails although the host admits this page.',
      }
    },
  }
}
