// A minimal EventSource for Node 20 (which has none), over fetch streaming.
// It reads `data:` lines only and never retries by itself: `onopen` on a 200,
// and on any end or failure `onerror` once, as the client expects of a real one.
import type { EventSourceConstructor, EventSourceLike } from '../src/index.ts'

/** Every source a test constructor opened, newest last. */
export interface OpenedSource {
  url: string
  withCredentials: boolean
  closed: boolean
}

function dataOf(block: string): string | undefined {
  const lines = block.split(/\r?\n/).filter((line) => line.startsWith('data:'))
  if (lines.length === 0) return undefined
  return lines.map((line) => line.slice(line.startsWith('data: ') ? 6 : 5)).join('\n')
}

/**
 * An `EventSource` constructor that authenticates as `user` (the test host
 * reads `x-user`); `fetchImpl` is the network, or a handler like `host.fetch`.
 */
export function eventSourceAs(
  user: string,
  opened: OpenedSource[] = [],
  fetchImpl: (url: string, init: RequestInit) => Promise<Response> = fetch,
): EventSourceConstructor {
  return class TestEventSource implements EventSourceLike {
    onopen: NonNullable<EventSourceLike['onopen']> | null = null
    onmessage: EventSourceLike['onmessage'] = null
    onerror: EventSourceLike['onerror'] = null
    private readonly abort = new AbortController()
    private readonly record: OpenedSource

    constructor(url: string, init?: { withCredentials?: boolean }) {
      this.record = { url, withCredentials: init?.withCredentials ?? false, closed: false }
      opened.push(this.record)
      void this.read(url)
    }

    close(): void {
      this.record.closed = true
      this.abort.abort()
    }

    private async read(url: string): Promise<void> {
      try {
        const response = await fetchImpl(url, {
          headers: { accept: 'text/event-stream', 'x-user': user },
          signal: this.abort.signal,
        })
        if (!response.ok || !response.body) throw new Error(`status ${response.status}`)
        this.onopen?.(new Event('open'))
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          buffer += read.value
          let end = buffer.indexOf('\n\n')
          while (end >= 0) {
            const data = dataOf(buffer.slice(0, end))
            buffer = buffer.slice(end + 2)
            if (data !== undefined && !this.record.closed) this.onmessage?.({ data })
            end = buffer.indexOf('\n\n')
          }
        }
      } catch {
        // Ended or refused: reported below like a real EventSource's error.
      }
      if (!this.record.closed) this.onerror?.(new Event('error'))
    }
  }
}
