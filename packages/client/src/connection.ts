import type { ValidationIssue } from '@parley/seam'
import { type DownlinkFrame, parseDownlinkFrame } from '@parley/seam/wire'
import { backoffDelay } from './backoff.ts'
import type { ConnectionStatus } from './session-store.ts'

/** A handler type checked bivariantly, so DOM and `ws` event types both fit. */
export type Handler<E> = { bivariant(event: E): void }['bivariant']

/** The browser `WebSocket` surface the client uses (the `ws` package fits too). */
export interface WebSocketLike {
  onopen: Handler<unknown> | null
  onmessage: Handler<{ data: unknown }> | null
  onclose: Handler<unknown> | null
  onerror: Handler<unknown> | null
  close(code?: number, reason?: string): void
}

/** A `WebSocket` constructor. */
export type WebSocketConstructor = new (url: string) => WebSocketLike

/** One open downlink, whatever carries it (a WebSocket, an EventSource). */
export interface Downlink {
  onmessage: Handler<{ data: unknown }> | null
  /** Called once when the transport ends; the connection reconnects. */
  onclose: Handler<unknown> | null
  close(code?: number, reason?: string): void
}

/** Opens the mux as a WebSocket. */
export function openWebSocket(WebSocketImpl: WebSocketConstructor): (url: string) => Downlink {
  return (url) => {
    const socket = new WebSocketImpl(url)
    socket.onerror = () => {
      // A close event follows; the reconnect is scheduled there.
    }
    return socket
  }
}

/** Timer functions for the reconnect backoff. */
export interface ClientTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

interface ConnectionDeps {
  url: string
  open(url: string): Downlink
  timers: ClientTimers
  random: () => number
  onStatus(status: ConnectionStatus): void
  /** A new socket is being opened; its replay starts from scratch. */
  onSocket(): void
  /** Called with each valid frame, tagged with whether `mux/ready` came yet on this socket. */
  onFrame(frame: DownlinkFrame, live: boolean): void
  onFrameError(issues: ValidationIssue[], data: unknown): void
}

/**
 * Keeps one downlink open: connects, parses every frame, and on any close
 * reconnects after an exponential, jittered backoff that resets once a
 * connection reached `mux/ready`.
 */
export function createConnection(deps: ConnectionDeps) {
  let socket: Downlink | null = null
  let timer: unknown
  let attempt = 0
  let everReady = false
  let stopped = false

  function connect(): void {
    timer = undefined
    if (stopped) return
    let live = false
    let current: Downlink
    try {
      current = deps.open(deps.url)
    } catch {
      scheduleReconnect()
      return
    }
    socket = current
    deps.onSocket()
    current.onmessage = (event) => {
      if (socket !== current) return
      const parsed = parseDownlinkFrame(event.data)
      if (!parsed.ok) return deps.onFrameError(parsed.issues, event.data)
      const frame = parsed.value
      if (frame.type === 'mux/ready') {
        if (live) return
        live = true
        everReady = true
        attempt = 0
        deps.onFrame(frame, false)
        deps.onStatus('open')
        return
      }
      deps.onFrame(frame, live)
    }
    current.onclose = () => {
      if (socket !== current) return
      socket = null
      scheduleReconnect()
    }
  }

  function scheduleReconnect(): void {
    if (stopped || timer !== undefined) return
    deps.onStatus(everReady ? 'reconnecting' : 'connecting')
    timer = deps.timers.setTimeout(connect, backoffDelay(attempt, deps.random))
    attempt += 1
  }

  return {
    start(): void {
      deps.onStatus('connecting')
      connect()
    },
    /** Drops the current socket now (it reconnects); for tests and "retry now" buttons. */
    reconnect(): void {
      const current = socket
      socket = null
      current?.close()
      if (timer !== undefined) deps.timers.clearTimeout(timer)
      timer = undefined
      attempt = 0
      if (stopped) return
      deps.onStatus(everReady ? 'reconnecting' : 'connecting')
      connect()
    },
    stop(): void {
      stopped = true
      if (timer !== undefined) deps.timers.clearTimeout(timer)
      timer = undefined
      const current = socket
      socket = null
      current?.close(1000, 'client closed')
      deps.onStatus('closed')
    },
  }
}
