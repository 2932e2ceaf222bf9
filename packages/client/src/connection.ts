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
  /** The transport is open (the upgrade or the stream's 200 arrived). */
  onopen: Handler<unknown> | null
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
  /** Opens one downlink; the client may change transports between calls. */
  open(): Downlink
  timers: ClientTimers
  random: () => number
  onStatus(status: ConnectionStatus): void
  /** A new socket is being opened; its replay starts from scratch. */
  onSocket(): void
  /** Called with each valid frame, tagged with whether `mux/ready` came yet on this socket. */
  onFrame(frame: DownlinkFrame, live: boolean): void
  onFrameError(issues: ValidationIssue[], data: unknown): void
  /**
   * A downlink closed before it ever opened (refused, unreachable, or a
   * transport that cannot work here). Resolves `'retry-now'` when the client
   * switched transports, `'backoff'` to wait as usual; `signal` aborts when the
   * connection is stopped or reconnected meanwhile.
   */
  onFailedBeforeReady?(signal: AbortSignal): Promise<'retry-now' | 'backoff'>
}

/**
 * Keeps one downlink open: connects, parses every frame, and on any close
 * reconnects after an exponential, jittered backoff that resets once a
 * connection reached `mux/ready`. A downlink that closes before it ever
 * opened is first handed to `onFailedBeforeReady` (the client probes why).
 */
export function createConnection(deps: ConnectionDeps) {
  let socket: Downlink | null = null
  let timer: unknown
  let attempt = 0
  let everReady = false
  let stopped = false
  // Aborts a pending `onFailedBeforeReady` when the connection moves on.
  let failing: AbortController | null = null

  function connect(): void {
    timer = undefined
    if (stopped) return
    let live = false
    let opened = false
    let current: Downlink
    try {
      current = deps.open()
    } catch {
      failedBeforeReady()
      return
    }
    socket = current
    deps.onSocket()
    current.onopen = () => {
      opened = true
    }
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
      // Opened and then lost (a restart mid-replay) is no refusal: just back off.
      if (opened) scheduleReconnect()
      else failedBeforeReady()
    }
  }

  /** Not open (yet, or again): `connecting` until a connection ever reached `mux/ready`. */
  function waiting(): void {
    deps.onStatus(everReady ? 'reconnecting' : 'connecting')
  }

  function failedBeforeReady(): void {
    if (!deps.onFailedBeforeReady) {
      scheduleReconnect()
      return
    }
    waiting()
    const controller = new AbortController()
    failing = controller
    deps.onFailedBeforeReady(controller.signal).then(
      (next) => {
        if (controller.signal.aborted || stopped) return
        failing = null
        if (next === 'retry-now') connect()
        else scheduleReconnect()
      },
      () => {
        if (controller.signal.aborted || stopped) return
        failing = null
        scheduleReconnect()
      },
    )
  }

  function moveOn(): void {
    failing?.abort()
    failing = null
    if (timer !== undefined) deps.timers.clearTimeout(timer)
    timer = undefined
  }

  function scheduleReconnect(): void {
    if (stopped || timer !== undefined) return
    waiting()
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
      moveOn()
      attempt = 0
      if (stopped) return
      waiting()
      connect()
    },
    stop(): void {
      stopped = true
      moveOn()
      const current = socket
      socket = null
      current?.close(1000, 'client closed')
      deps.onStatus('closed')
    },
  }
}
