import { EventSource, type EventSourceFetchInit, type FetchLikeResponse } from 'eventsource'
import type { EventSourceConstructor, EventSourceLike } from '../packages/client/src/index.ts'
import { parseDownlinkFrame } from '../packages/seam/src/wire.ts'
import type { TabLink, TabLinks } from './tab-links.ts'
import { createPacer, nextTurn, type Pacer } from './tab-pacing.ts'

/** SSE framing of a text the way the host frames one (`data:` per line, a blank line after). */
function sseData(text: string): string {
  return `${text
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join('\n')}\n\n`
}

/**
 * Fields an EventSource must swallow without handing the page anything: a
 * comment, `id`, `retry`, an unknown field, and a typed event (only
 * `addEventListener('chat')` would see it) carrying what would be a valid
 * `mux/ready` if it reached the client.
 */
const SSE_NOISE =
  ': noise\nid: 7\nretry: 1\ntype: mux/ready\n\nevent: chat\ndata: {"type":"mux/ready"}\n\n'

/**
 * The SSE response as the tab's EventSource reads it: the host's bytes,
 * event by event, through the hook, and the test's cuts and injections.
 */
class EventStreamLink implements TabLink {
  readonly transport = 'sse'
  received = 0
  readySeen = false
  readonly body: ReadableStream<Uint8Array>
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null
  private readonly encoder = new TextEncoder()
  private readonly pacer: Pacer
  private dead = false
  private finished = false

  constructor(
    upstream: ReadableStream<Uint8Array>,
    private readonly hangUp: AbortController,
    private readonly links: TabLinks,
    private readonly random: () => number,
  ) {
    this.pacer = createPacer(links, random)
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller
      },
    })
    void this.pump(upstream)
  }

  private async pump(upstream: ReadableStream<Uint8Array>): Promise<void> {
    const reader = upstream.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true })
        // The host writes `data: <json>\n\n` per frame and `: ping\n\n` as a heartbeat.
        for (
          let end = buffer.indexOf('\n\n');
          end >= 0 && !this.dead;
          end = buffer.indexOf('\n\n')
        ) {
          this.pass(buffer.slice(0, end + 2))
          buffer = buffer.slice(end + 2)
        }
        if (this.dead) return
      }
      this.finish('end')
    } catch {
      // The host dropped the response, or the EventSource hung up.
      this.finish('error')
    }
  }

  private pass(block: string): void {
    if (!block.startsWith('data: ')) {
      this.write(block)
      return
    }
    const text = block.slice('data: '.length, -2)
    const frame = JSON.parse(text) as Record<string, unknown>
    this.received += 1
    const verdict = this.links.hook?.(frame, this) ?? 'deliver'
    if (frame.type === 'mux/ready') this.readySeen = true
    if (verdict === 'deliver') this.write(block)
    // Cut mid-event: the `data:` line without its end, never the blank line that dispatches it.
    else if (verdict === 'split')
      this.write(block.slice(0, 'data: '.length + Math.floor(text.length / 2)))
  }

  /** Queues bytes for the EventSource; while slow, in pieces of 1–32 bytes, a turn apart. */
  private write(text: string): void {
    const bytes = this.encoder.encode(text)
    this.pacer.run(async () => {
      if (!this.links.slow) return this.enqueue(bytes)
      for (let at = 0; at < bytes.length; ) {
        const size = 1 + Math.floor(this.random() * 32)
        this.enqueue(bytes.subarray(at, at + size))
        this.links.pieces += 1
        at += size
        await nextTurn()
      }
    })
  }

  private enqueue(bytes: Uint8Array): void {
    if (!this.finished) this.controller?.enqueue(bytes)
  }

  /**
   * Ends the response after what is already queued (a turn later, so the
   * EventSource has read it): end of file, or a network error.
   */
  private finish(how: 'end' | 'error'): void {
    this.hangUp.abort()
    // After the write the current hook call may still queue (a split, a delivery).
    queueMicrotask(() =>
      this.pacer.run(async () => {
        await nextTurn()
        if (this.finished) return
        this.finished = true
        if (how === 'end') this.controller?.close()
        else this.controller?.error(new TypeError('network error'))
      }),
    )
  }

  cut(): void {
    this.dead = true
    this.finish('error')
  }

  end(): void {
    this.dead = true
    this.finish('end')
  }

  inject(text: string): void {
    this.write(SSE_NOISE + sseData(text))
  }

  describe(): string {
    return `sse received ${this.received}, ready ${this.readySeen}, dead ${this.dead}, finished ${this.finished}`
  }
}

/**
 * The `EventSource` class a tab's client gets: the `eventsource` package
 * (the WHATWG parser, and its own reconnect logic, which the client must
 * switch off by closing it) over `fetch` on loopback, authenticated as the
 * tab's principal. Each response becomes the tab's newest link.
 */
export function eventSourceFor(
  links: TabLinks,
  base: string,
  cookie: string,
  random: () => number,
): EventSourceConstructor {
  const open = async (
    url: string | URL,
    init: EventSourceFetchInit,
  ): Promise<FetchLikeResponse> => {
    const hangUp = new AbortController()
    const response = await fetch(url, {
      ...init,
      headers: { ...init.headers, cookie, origin: base },
      signal: AbortSignal.any([init.signal as AbortSignal, hangUp.signal]),
    })
    if (response.status !== 200 || !response.body) return response
    const link = new EventStreamLink(response.body, hangUp, links, random)
    links.link = link
    links.opened += 1
    return {
      status: response.status,
      url: response.url,
      redirected: response.redirected,
      headers: response.headers,
      body: link.body,
    }
  }
  return class TabEventSource implements EventSourceLike {
    onopen: ((event: unknown) => void) | null = null
    onmessage: ((event: { data: unknown }) => void) | null = null
    onerror: ((event: unknown) => void) | null = null
    private readonly source: EventSource
    /** The client closed it, or was told it failed: it listens no more. */
    private retired = false

    constructor(url: string, init?: { withCredentials?: boolean }) {
      this.source = new EventSource(url, { ...init, fetch: open })
      this.source.onopen = (event) => this.onopen?.(event)
      this.source.onerror = (event) => {
        this.retired = true
        this.onerror?.(event)
      }
      this.source.onmessage = (event) => {
        const frame = hostFrame(event.data)
        if (frame && this.retired) links.late += 1
        else if (frame) links.onDelivered?.(frame)
        this.onmessage?.(event)
      }
    }

    close(): void {
      this.retired = true
      this.source.close()
    }
  }
}

/** The frame an event carried, or `null` for garbage the test injected (the schemas refuse it). */
function hostFrame(data: unknown): Record<string, unknown> | null {
  const parsed = parseDownlinkFrame(data)
  return parsed.ok ? { ...parsed.value } : null
}
