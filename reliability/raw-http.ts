import { connect, type Socket } from 'node:net'

/** The status line and headers of a response read off a raw socket. */
interface ResponseHead {
  status: number
  /** Header names lower-cased; repeated headers joined with `, `. */
  headers: Record<string, string>
}

/** One raw TCP exchange with a server: what a client that writes bytes by hand sees. */
export interface RawExchange {
  /** The first response head, or `null` when the server closed before sending one. */
  readonly head: Promise<ResponseHead | null>
  /** Milliseconds from connect until the server ended or closed the socket. */
  readonly ended: Promise<number>
  /** Whether the server has ended or closed the socket yet. */
  readonly isEnded: () => boolean
  /** Writes more bytes; false once the socket is gone. */
  write(bytes: string): boolean
  /** Closes the client side at once. */
  destroy(): void
}

/** Parses `HTTP/1.1 404 Not Found\r\nname: value…` up to the blank line; `null` when incomplete. */
function parseHead(text: string): ResponseHead | null {
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) return null
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)
  if (!match?.[1]) return null
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  return { status: Number(match[1]), headers }
}

/** Builds a request head by hand, so nothing between the test and the server tidies it up. */
export function rawHead(method: string, target: string, headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`)
  return `${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`
}

/** Connects to `port` on loopback and writes `initial` (which may be a partial request). */
export function openRaw(port: number, initial: string): RawExchange {
  const started = Date.now()
  const socket: Socket = connect({ host: '127.0.0.1', port })
  let received = ''
  let gotHead = false
  let endedAt: number | null = null
  let resolveHead: (head: ResponseHead | null) => void = () => {}
  let resolveEnded: (ms: number) => void = () => {}
  const head = new Promise<ResponseHead | null>((resolve) => {
    resolveHead = resolve
  })
  const ended = new Promise<number>((resolve) => {
    resolveEnded = resolve
  })
  const finish = () => {
    if (endedAt === null) endedAt = Date.now() - started
    if (!gotHead) resolveHead(parseHead(received))
    resolveEnded(endedAt)
  }
  socket.setNoDelay(true)
  socket.on('data', (chunk: Buffer) => {
    if (gotHead) return
    received += chunk.toString('latin1')
    const parsed = parseHead(received)
    if (parsed) {
      gotHead = true
      resolveHead(parsed)
    }
  })
  socket.on('end', finish)
  socket.on('close', finish)
  // A reset is the server closing too; the 'close' that follows settles the promises.
  socket.on('error', () => {})
  if (initial) socket.write(initial)
  return {
    head,
    ended,
    isEnded: () => endedAt !== null,
    write: (bytes) => !socket.destroyed && socket.write(bytes),
    destroy: () => socket.destroy(),
  }
}

/** What one complete raw request got: its head (or none), and whether the server hung. */
export interface RawOutcome {
  head: ResponseHead | null
  /** `replied`: a status came; `dropped`: closed with no status; `hung`: nothing within the wait. */
  outcome: 'replied' | 'dropped' | 'hung'
  ms: number
}

/** Sends one whole request and waits up to `timeoutMs` for the response head. */
export async function rawRequest(
  port: number,
  request: string,
  timeoutMs = 5_000,
): Promise<RawOutcome> {
  const started = Date.now()
  const exchange = openRaw(port, request)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), timeoutMs)
  })
  const head = await Promise.race([exchange.head, timedOut])
  clearTimeout(timer)
  exchange.destroy()
  const ms = Date.now() - started
  if (head === 'hung') return { head: null, outcome: 'hung', ms }
  return { head, outcome: head ? 'replied' : 'dropped', ms }
}

/**
 * Writes `text` one byte every `everyMs` until the server ends the socket,
 * the text runs out, or `stopAfterMs` have passed. Resolves with how many
 * bytes went out.
 */
export async function dribble(
  exchange: RawExchange,
  text: string,
  everyMs: number,
  stopAfterMs = Number.POSITIVE_INFINITY,
) {
  const started = Date.now()
  let sent = 0
  for (const byte of text) {
    if (exchange.isEnded() || Date.now() - started > stopAfterMs) break
    if (!exchange.write(byte)) break
    sent += 1
    await Promise.race([new Promise((resolve) => setTimeout(resolve, everyMs)), exchange.ended])
  }
  return sent
}

/** What `promise` settles to within `ms`, or `fallback` (for promises that may never settle). */
export function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}
