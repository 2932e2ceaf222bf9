import { createRequire } from 'node:module'
import type WsWebSocket from 'ws'
import type { WebSocketConstructor } from '../packages/client/src/index.ts'
import type { TabLink, TabLinks } from './tab-links.ts'
import { createPacer, type Pacer } from './tab-pacing.ts'

// `ws` is a dependency of the demo host, not of the workspace root.
const { WebSocket } = createRequire(new URL('../apps/host/package.json', import.meta.url))(
  'ws',
) as typeof import('ws')

/** A `ws` socket that authenticates as the tab's principal, through the tab's hook and pacing. */
class WebSocketLink implements TabLink {
  readonly transport = 'websocket'
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: unknown) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  received = 0
  readySeen = false
  private readonly ws: WsWebSocket
  private readonly pacer: Pacer
  private dead = false
  /** The client closed it, or was told it closed: it listens no more. */
  private retired = false

  constructor(
    url: string,
    cookie: string,
    origin: string,
    private readonly links: TabLinks,
    random: () => number,
  ) {
    this.pacer = createPacer(links, random)
    this.ws = new WebSocket(url, { headers: { cookie, origin } })
    this.ws.on('open', () => {
      links.opened += 1
      this.pacer.run(() => this.onopen?.({}))
    })
    this.ws.on('error', () => this.pacer.run(() => this.onerror?.({})))
    this.ws.on('close', () =>
      this.pacer.run(() => {
        this.retired = true
        this.onclose?.({})
      }),
    )
    this.ws.on('message', (data) => {
      // A cut connection delivers nothing more (ws may still parse the rest of a chunk).
      if (this.dead) return
      const text = String(data)
      const frame = JSON.parse(text) as Record<string, unknown>
      this.received += 1
      const verdict = links.hook?.(frame, this) ?? 'deliver'
      if (frame.type === 'mux/ready') this.readySeen = true
      // A WebSocket message arrives whole or not at all: a split is a drop.
      if (verdict === 'deliver') this.pacer.run(() => this.hand(frame, text))
    })
  }

  private hand(frame: Record<string, unknown>, text: string): void {
    if (this.retired) this.links.late += 1
    else this.links.onDelivered?.(frame)
    this.onmessage?.({ data: text })
  }

  cut(): void {
    this.dead = true
    this.ws.terminate()
  }

  end(): void {
    this.ws.close(1001, 'going away')
  }

  inject(text: string): void {
    this.pacer.run(() => this.onmessage?.({ data: text }))
  }

  close(code?: number, reason?: string): void {
    this.retired = true
    this.ws.close(code, reason)
  }

  describe(): string {
    return `websocket readyState ${this.ws.readyState}, received ${this.received}, ready ${this.readySeen}, dead ${this.dead}`
  }
}

/** The `WebSocket` class a tab's client gets: each socket becomes the tab's newest link. */
export function webSocketFor(
  links: TabLinks,
  base: string,
  cookie: string,
  random: () => number,
): WebSocketConstructor {
  return class extends WebSocketLink {
    constructor(url: string) {
      super(url, cookie, base, links, random)
      links.link = this
    }
  }
}
