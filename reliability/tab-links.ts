import type {
  EventSourceConstructor,
  QuestionTransport,
  WebSocketConstructor,
} from '../packages/client/src/index.ts'
import { eventSourceFor } from './tab-event-stream.ts'
import { webSocketFor } from './tab-websocket.ts'

/** The two downlinks of `@parley/client`. */
export type Transport = Exclude<QuestionTransport, 'auto'>
export const TRANSPORTS: readonly Transport[] = ['websocket', 'sse']

/**
 * What a tab's downlink does with one frame the host sent: hand it on, hold
 * it back, or (SSE) hand on only the first half of its event's bytes.
 */
export type Verdict = 'deliver' | 'drop' | 'split'

/** Consulted for every frame a tab's downlink receives, before the client sees it. */
export type LinkHook = (frame: Record<string, unknown>, link: TabLink) => Verdict

/** One downlink of a tab (a `ws` socket, or an SSE response read by a real EventSource), as a test steers it. */
export interface TabLink {
  readonly transport: Transport
  /** Frames the host sent on it (intercepted ones included). */
  readonly received: number
  /** Whether the host's `mux/ready` arrived on it. */
  readonly readySeen: boolean
  /** Fails like the network: nothing more arrives and the client sees the downlink end. */
  cut(): void
  /** Ends it cleanly: a WebSocket close handshake, or the SSE response's end of file. */
  end(): void
  /** Hands the client a frame the host never sent, framed as this transport frames it. */
  inject(text: string): void
  /** How it stands, for failure messages. */
  describe(): string
}

/** A tab's downlinks: the newest one, the hook, and the client options that open them. */
export interface TabLinks {
  readonly transport: Transport
  hook: LinkHook | null
  /**
   * Told of every host frame handed to the client on a downlink it still
   * listens to (not yet closed by it, its end not yet reported to it).
   */
  onDelivered: ((frame: Record<string, unknown>) => void) | null
  /** The newest downlink (SSE: the newest one that got its 200). */
  link: TabLink | null
  /** While set, frames reach the client late, and SSE bytes in small pieces. */
  slow: boolean
  /** Downlinks that opened (WebSocket upgraded, SSE 200). */
  opened: number
  /** Deliveries a slow downlink held back. */
  paced: number
  /** SSE: pieces of 1–32 bytes a slow downlink cut its events into. */
  pieces: number
  /** Host frames that reached a downlink after the client had left it (it must ignore them). */
  late: number
  /** For `createQuestionClient`. */
  readonly options: {
    transport: Transport
    WebSocket?: WebSocketConstructor
    EventSource?: EventSourceConstructor
  }
}

/**
 * A tab's downlinks over `transport`, authenticated as the principal whose
 * `cookie` is given, with `base` as the page's origin. SSE goes through the
 * `eventsource` package (the WHATWG parser and its reconnect logic, which
 * the client must switch off by closing it), over `fetch` on loopback.
 */
export function tabLinks(
  transport: Transport,
  base: string,
  cookie: string,
  random: () => number,
): TabLinks {
  const links: TabLinks = {
    transport,
    hook: null,
    onDelivered: null,
    link: null,
    slow: false,
    opened: 0,
    paced: 0,
    pieces: 0,
    late: 0,
    options: { transport },
  }
  if (transport === 'websocket') links.options.WebSocket = webSocketFor(links, base, cookie, random)
  else links.options.EventSource = eventSourceFor(links, base, cookie, random)
  return links
}
