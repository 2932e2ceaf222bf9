import type {
  ClientTimers,
  EventSourceConstructor,
  FetchLike,
  WebSocketConstructor,
  WebSocketLike,
} from '../packages/client/src/index.ts'
import type { Transport } from './tab-links.ts'

/**
 * Called for every frame a downlink hands the client: `hand` gives it to the
 * client's handler; the fuzzer checks the store around it.
 */
export type Deliver = (data: unknown, hand: () => void) => void

/** What a feeder counted (the byte, chunk, noise and stream-end counts are SSE's only). */
export interface FeederStats {
  /** Downlinks refused once before a reconnect (the client must probe each). */
  refused: number
  /** Probe POSTs the client made. */
  probes: number
  /** Downlinks the client constructed, and the connections they made. */
  sources: number
  requests: number
  bytes: number
  chunks: number
  noise: number
  partials: number
  eofs: number
  errors: number
  /** Events the EventSource dispatched other than as encoded (data, order), or not at all. */
  mismatches: string[]
}

/** How one transport carries the fuzzer's frames to one client, under the fuzzer's control. */
export interface Feeder {
  readonly options: {
    transport: Transport
    WebSocket?: WebSocketConstructor
    EventSource?: EventSourceConstructor
    timers: ClientTimers
    fetch: FetchLike
  }
  readonly stats: FeederStats
  /** After `client.start()`: the first downlink opens. */
  opened(): Promise<void>
  /** Sends one frame's data as this transport carries it. */
  frame(data: unknown): Promise<void>
  /** Ends the downlink; the client backs off (once refused, sometimes) and the next one opens. */
  reconnect(): Promise<void>
  /** Everything sent so far reached the client. */
  flush(): Promise<void>
}

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Waits (a bounded number of turns) for `test`; false when it never held. */
export async function turnsUntil(test: () => boolean, turns = 100): Promise<boolean> {
  for (let turn = 0; turn < turns && !test(); turn++) await nextTurn()
  return test()
}

/** One reconnect in this many is refused once first. */
export const REFUSE_ONE_IN = 4

export function newStats(): FeederStats {
  return {
    refused: 0,
    probes: 0,
    sources: 0,
    requests: 0,
    bytes: 0,
    chunks: 0,
    noise: 0,
    partials: 0,
    eofs: 0,
    errors: 0,
    mismatches: [],
  }
}

/** The client's backoff timer, held for the fuzzer to fire. */
export function heldTimer() {
  const held: { callback: (() => void) | null } = { callback: null }
  const timers: ClientTimers = {
    setTimeout: (callback) => {
      held.callback = callback
      return 1
    },
    clearTimeout: () => {
      held.callback = null
    },
  }
  return {
    timers,
    armed: () => held.callback !== null,
    fire(): void {
      const callback = held.callback
      held.callback = null
      callback?.()
    },
  }
}

/** Frames handed straight to a fake WebSocket's `onmessage`, as `ws` or a browser would. */
export function webSocketFeeder(deliver: Deliver, random: () => number): Feeder {
  const stats = newStats()
  const timer = heldTimer()
  const current: { socket: FakeSocket | null } = { socket: null }
  class FakeSocket implements WebSocketLike {
    onopen: ((event: unknown) => void) | null = null
    onmessage: ((event: { data: unknown }) => void) | null = null
    onclose: ((event: unknown) => void) | null = null
    onerror: ((event: unknown) => void) | null = null
    constructor(_url: string) {
      stats.sources += 1
      stats.requests += 1
      current.socket = this
    }
    close(): void {}
  }
  return {
    options: {
      transport: 'websocket',
      WebSocket: FakeSocket,
      timers: timer.timers,
      fetch: () => {
        stats.probes += 1
        return Promise.reject(new Error('no network in the frame fuzzer'))
      },
    },
    stats,
    async opened() {
      current.socket?.onopen?.({})
    },
    async frame(data) {
      const socket = current.socket
      deliver(data, () => socket?.onmessage?.({ data }))
    },
    async reconnect() {
      current.socket?.onclose?.({})
      if (random() * REFUSE_ONE_IN < 1) {
        // The upgrade is refused: closed before it opened, so the client probes, then backs off.
        timer.fire()
        current.socket?.onclose?.({})
        stats.refused += 1
        await turnsUntil(timer.armed)
      }
      timer.fire()
      current.socket?.onopen?.({})
    },
    async flush() {},
  }
}
