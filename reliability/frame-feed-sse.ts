import { EventSource, type FetchLikeResponse } from 'eventsource'
import type { EventSourceLike } from '../packages/client/src/index.ts'
import {
  type Deliver,
  type Feeder,
  heldTimer,
  newStats,
  nextTurn,
  REFUSE_ONE_IN,
  turnsUntil,
} from './frame-feeders.ts'

const EOLS = ['\n', '\r\n', '\r'] as const

/**
 * Blocks an EventSource must dispatch nothing for: comments, a typed event
 * (only `addEventListener` sees it) carrying what would be a valid frame,
 * `id` alone, `retry` (the client closes the source, so its own retry never
 * runs), unknown fields, `data ` (a field name with a space), a stray BOM, a
 * blank line with nothing pending.
 */
const NOISE: ((eol: string) => string)[] = [
  (eol) => `: comment${eol}`,
  (eol) => `:${eol}`,
  (eol) => `event: chat${eol}data: {"type":"mux/ready"}${eol}${eol}`,
  (eol) => `event: question/resolved${eol}data: {}${eol}${eol}`,
  (eol) => `id: 42${eol}${eol}`,
  (eol) => `retry: 1${eol}`,
  (eol) => `retry: soon${eol}`,
  (eol) => `type: mux/ready${eol}`,
  (eol) => `data : {"type":"mux/ready"}${eol}${eol}`,
  // Behind a comment: a BOM that opens a stream is no stray one (the decoder drops it).
  (eol) => `:${eol}\uFEFFdata: {"type":"mux/ready"}${eol}${eol}`,
  (eol) => eol,
]

const utf8 = new TextEncoder()
const fromUtf8 = new TextDecoder()

/** One event carrying `text`, as a hostile but valid SSE stream may write it, and what it dispatches. */
function encodeEvent(text: string, random: () => number) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T
  const eol = pick(EOLS)
  // What survives UTF-8 (lone surrogates become U+FFFD), cut into lines as SSE cuts them.
  const lines = fromUtf8.decode(utf8.encode(text)).split(/\r\n|\r|\n/)
  let noise = 0
  let out = ''
  while (random() < 0.3) {
    noise += 1
    out += pick(NOISE)(pick(EOLS))
  }
  if (random() < 0.1) out += pick([`event: message${eol}`, `event:${eol}`])
  if (random() < 0.1) out += `id: ${Math.floor(random() * 100)}${eol}`
  for (const line of lines) {
    if (line === '' && random() < 0.3) out += `data${eol}`
    else
      out += line.startsWith(' ') || random() < 0.5 ? `data: ${line}${eol}` : `data:${line}${eol}`
  }
  return { text: out + eol, dispatches: lines.join('\n'), noise }
}

/** A `FetchLikeResponse` the EventSource reads. */
function response(status: number, type: string, body: ReadableStream<Uint8Array> | null) {
  const headers = new Headers({ 'content-type': type })
  return { status, url: 'http://fuzz.invalid/api/mux', redirected: false, headers, body }
}

/** Refusals a reconnect may meet first: none of them opens the EventSource. */
const REFUSALS = [
  () => response(503, 'application/json', null),
  () => response(401, 'application/json', null),
  () => response(204, 'text/event-stream', null),
  () => response(200, 'text/html', null),
]

/**
 * Frames written as SSE bytes into the response a real EventSource (the
 * `eventsource` package, the WHATWG parser) reads: random line endings and
 * `data:` spellings, noise between events, chunks split at any byte (inside
 * UTF-8 sequences too), several events per chunk, streams that end by end of
 * file or a network error, sometimes with half an event.
 */
export function eventStreamFeeder(deliver: Deliver, random: () => number): Feeder {
  const stats = newStats()
  const timer = heldTimer()
  const expected: string[] = []
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null
  let refuse: (() => FetchLikeResponse) | null = null
  let opened = 0
  let held = ''

  async function respond(): Promise<FetchLikeResponse> {
    stats.requests += 1
    if (refuse) {
      const refusal = refuse
      refuse = null
      return refusal()
    }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        stream = controller
      },
    })
    return response(200, 'text/event-stream', body)
  }

  class FuzzEventSource implements EventSourceLike {
    onopen: ((event: unknown) => void) | null = null
    onmessage: ((event: { data: unknown }) => void) | null = null
    onerror: ((event: unknown) => void) | null = null
    private readonly inner: EventSource
    constructor(url: string, init?: { withCredentials?: boolean }) {
      stats.sources += 1
      this.inner = new EventSource(url, { ...init, fetch: respond })
      this.inner.onopen = (event) => {
        opened += 1
        this.onopen?.(event)
      }
      this.inner.onerror = (event) => this.onerror?.(event)
      this.inner.onmessage = (event) => {
        const want = expected.shift()
        if (want !== event.data)
          stats.mismatches.push(
            `dispatched ${JSON.stringify(event.data).slice(0, 80)}, expected ${JSON.stringify(want)?.slice(0, 80)}`,
          )
        deliver(event.data, () => this.onmessage?.(event))
      }
    }
    close(): void {
      this.inner.close()
    }
  }

  /** Writes what is held, in chunks cut at random bytes, a turn apart now and then. */
  async function flush(): Promise<void> {
    // eventsource-parser holds a trailing CR until the next byte (it may start a CRLF): a
    // comment line after it lets the event it ends go out now.
    if (held.endsWith('\r')) held += ':\n'
    const bytes = utf8.encode(held)
    held = ''
    stats.bytes += bytes.length
    for (let at = 0; at < bytes.length; ) {
      const size = random() < 0.5 ? bytes.length - at : 1 + Math.floor(random() * 64)
      stream?.enqueue(bytes.subarray(at, at + size))
      stats.chunks += 1
      at += size
      if (random() < 0.5) await nextTurn()
    }
    if (!(await turnsUntil(() => expected.length === 0)))
      stats.mismatches.push(`never dispatched: ${expected.splice(0).join(' | ').slice(0, 160)}`)
  }

  async function openNext(): Promise<void> {
    const before = opened
    timer.fire()
    if (!(await turnsUntil(() => opened > before)))
      stats.mismatches.push('the next EventSource never opened')
  }

  return {
    options: {
      transport: 'sse',
      EventSource: FuzzEventSource,
      timers: timer.timers,
      fetch: () => {
        stats.probes += 1
        return Promise.reject(new Error('no network in the frame fuzzer'))
      },
    },
    stats,
    async opened() {
      if (!(await turnsUntil(() => opened === 1))) stats.mismatches.push('never opened')
    },
    async frame(data) {
      const text = typeof data === 'string' ? data : (JSON.stringify(data) ?? '')
      const event = encodeEvent(text, random)
      stats.noise += event.noise
      expected.push(event.dispatches)
      held += event.text
      // Now and then several events go out together (one chunk may hold many).
      if (random() < 0.7) await flush()
    },
    async reconnect() {
      await flush()
      if (random() < 0.4) {
        // Half an event: a valid frame's `data:` line, never the blank line that would dispatch it.
        const line = `data: {"type":"mux/ready"}${EOLS[Math.floor(random() * EOLS.length)]}`
        stream?.enqueue(utf8.encode(line.slice(0, 1 + Math.floor(random() * line.length))))
        stats.partials += 1
        await nextTurn()
      }
      if (random() < 0.5) {
        stats.eofs += 1
        stream?.close()
      } else {
        stats.errors += 1
        stream?.error(new TypeError('network error'))
      }
      if (!(await turnsUntil(timer.armed))) stats.mismatches.push('no reconnect was scheduled')
      if (random() * REFUSE_ONE_IN < 1) {
        refuse = REFUSALS[Math.floor(random() * REFUSALS.length)] ?? null
        stats.refused += 1
        timer.fire()
        if (!(await turnsUntil(timer.armed)))
          stats.mismatches.push('no reconnect was scheduled after a refusal')
      }
      await openNext()
    },
    flush,
  }
}
