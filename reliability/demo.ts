import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type WsWebSocket from 'ws'
import { createDemoServer, type DemoServerOptions } from '../apps/host/src/server.ts'
import {
  createQuestionClient,
  type QuestionClient,
  type WebSocketLike,
} from '../packages/client/src/index.ts'
import type { AskUserQuestionAnswer, AskUserQuestionItem } from '../packages/seam/src/index.ts'
import { seededRandom } from './scale.ts'

// `ws` is a dependency of the demo host (the suite's packages live in the workspace, not at the root).
const requireFromHost = createRequire(new URL('../apps/host/package.json', import.meta.url))
const { WebSocket } = requireFromHost('ws') as typeof import('ws')

/** A batch with every kind of question: single-select, multi-select, free text. */
export const QUESTIONS: AskUserQuestionItem[] = [
  { id: 'color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
  {
    id: 'extras',
    question: 'Which extras?',
    options: [{ label: 'Cheese', description: 'Aged' }, { label: 'Olives' }],
    multiSelect: true,
  },
  { id: 'note', question: 'Anything else?' },
]

export const VALID_ANSWER: AskUserQuestionAnswer = {
  answers: [
    { id: 'color', selected: ['Blue'] },
    { id: 'extras', selected: ['Cheese'], custom: 'Basil' },
    { id: 'note', selected: [], custom: 'Thanks' },
  ],
}

export type Demo = Awaited<ReturnType<typeof startDemo>>

/** The real demo host, in-process, on an ephemeral loopback port, test API on. */
export async function startDemo(options: Partial<DemoServerOptions> = {}, port = 0) {
  // Suites mint many principals from one address; the mint limit is tested on its own.
  const demo = createDemoServer({
    webRoot: '/nonexistent-web-root',
    testApi: true,
    mintLimit: false,
    // Node's fetch closes an idle keep-alive socket a second before the host's
    // keepAliveTimeout says it will; a test process whose timers run seconds
    // late (a loaded machine) then sends a POST on a socket the host just
    // closed and reads ECONNRESET (CI run 140). A browser retries such a POST;
    // undici does not. Idle sockets here stay a minute, longer than any test waits.
    keepAliveTimeout: 60_000,
    ...options,
  })
  // `port`: another process on the address of one that stopped (a restart).
  await new Promise<void>((resolve) => demo.server.listen(port, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(demo.server.address() as AddressInfo).port}`
  // The liveness probe is a principal of its own: API reads without one are refused.
  let probeCookie: string | null = null
  return {
    ...demo,
    base,
    /** Throws unless the host still answers a plain read within 5 s. */
    async assertAlive(): Promise<void> {
      probeCookie ??= await mintCookie(base)
      const response = await fetch(`${base}/api/sessions`, {
        headers: { cookie: probeCookie },
        signal: AbortSignal.timeout(5_000),
      })
      if (response.status !== 200) throw new Error(`host answered ${response.status}`)
      await response.arrayBuffer()
    },
  }
}

/** Loads the document once and returns the principal cookie it set (`name=value`). */
async function mintCookie(base: string): Promise<string> {
  const first = await fetch(`${base}/`, { signal: AbortSignal.timeout(5_000) })
  await first.arrayBuffer()
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  if (!cookie) throw new Error('no principal cookie')
  return cookie
}

export interface Reply {
  status: number
  headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: replies are JSON read by tests
  body: any
}

/** A browser-like principal: keeps its cookie and sends a same-origin Origin. */
export async function principal(base: string) {
  const cookie = await mintCookie(base)

  async function request(
    path: string,
    init: {
      method?: string
      json?: unknown
      body?: BodyInit
      headers?: Record<string, string>
    } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { cookie, origin: base, ...init.headers }
    if (init.json !== undefined) headers['content-type'] ??= 'application/json'
    const response = await fetch(base + path, {
      method: init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : (init.body ?? null),
      signal: AbortSignal.timeout(15_000),
    })
    const text = await response.text()
    const json = response.headers.get('content-type')?.includes('json') && text.length > 0
    return {
      status: response.status,
      headers: response.headers,
      body: json ? JSON.parse(text) : text,
    }
  }

  return {
    cookie,
    request,
    /** `fetch` for `@parley/client` that carries this principal's cookie. */
    fetch: (input: string, init: RequestInit) => {
      const headers = new Headers(init.headers)
      headers.set('cookie', cookie)
      headers.set('origin', base)
      return fetch(input, { ...init, headers, signal: AbortSignal.timeout(15_000) })
    },
    async newSession(): Promise<string> {
      const created = await request('/api/sessions', { json: {} })
      if (created.status !== 201) throw new Error(`session not created: ${created.status}`)
      return created.body.sessionId
    },
    /** Asks through the test API; resolves with the ask id and the question's rpcId. */
    async ask(
      sessionId: string,
      extra: Record<string, unknown> = {},
    ): Promise<{ askId: string; rpcId: string }> {
      const started = await request('/api/test/ask', {
        json: { sessionId, questions: QUESTIONS, ...extra },
      })
      if (started.status !== 202) throw new Error(`ask refused: ${started.status}`)
      const { askId } = started.body
      const status = await request(`/api/test/asks/${askId}`)
      if (typeof status.body.rpcId !== 'string') throw new Error('ask was not registered')
      return { askId, rpcId: status.body.rpcId }
    },
    async askStatus(askId: string): Promise<Record<string, unknown>> {
      return (await request(`/api/test/asks/${askId}`)).body
    },
  }
}

export type Principal = Awaited<ReturnType<typeof principal>>

/** POSTs raw bytes (as a fuzzer builds them) to `path` as `who`; the body is parsed when it is JSON. */
export async function postRaw(
  base: string,
  who: Pick<Principal, 'cookie'>,
  path: string,
  request: { body: Uint8Array<ArrayBuffer>; contentType: string | null },
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { cookie: who.cookie, origin: base }
  if (request.contentType !== null) headers['content-type'] = request.contentType
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers,
    body: request.body,
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: response.status, body }
}

/** `count` real `@parley/client` tabs of `who` on the demo host, each with a seeded jitter; open once ready. */
export async function openTabs(
  base: string,
  who: Principal,
  count: number,
  seed: number,
): Promise<QuestionClient[]> {
  const clients: QuestionClient[] = []
  for (let i = 0; i < count; i++) {
    const control = tabControl(base, who.cookie)
    clients.push(
      createQuestionClient({
        baseUrl: base,
        WebSocket: control.WebSocket,
        fetch: who.fetch,
        timers: fastTimers,
        random: seededRandom(seed + i),
      }),
    )
  }
  await Promise.all(
    clients.map((client) => until(client, () => client.getConnectionStatus() === 'open', 'open')),
  )
  return clients
}

/** What a tab's socket does with one incoming frame. */
type FrameHook = (frame: Record<string, unknown>, socket: TabSocket) => 'deliver' | 'drop'

/**
 * A `WebSocketLike` over `ws` that authenticates as a principal and lets a
 * test intercept frames (to cut the socket at a chosen frame).
 */
class TabSocket implements WebSocketLike {
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: unknown) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  readonly ws: WsWebSocket
  /** Frames received on this socket (including intercepted ones). */
  received = 0
  /** Whether `mux/ready` arrived on this socket. */
  readySeen = false
  private dead = false

  constructor(url: string, cookie: string, origin: string, hook: () => FrameHook | null) {
    this.ws = new WebSocket(url, { headers: { cookie, origin } })
    this.ws.on('open', () => this.onopen?.({}))
    this.ws.on('error', () => this.onerror?.({}))
    this.ws.on('close', () => this.onclose?.({}))
    this.ws.on('message', (data) => {
      // A cut connection delivers nothing more (ws may still parse the rest of a chunk).
      if (this.dead) return
      const text = String(data)
      const frame = JSON.parse(text) as Record<string, unknown>
      this.received += 1
      const current = hook()
      const verdict = current ? current(frame, this) : 'deliver'
      if (frame.type === 'mux/ready') this.readySeen = true
      if (verdict === 'drop') return
      this.onmessage?.({ data: text })
    })
  }

  /** Cuts the connection like a network failure (no close handshake). */
  cut(): void {
    this.dead = true
    this.ws.terminate()
  }

  close(code?: number, reason?: string): void {
    this.ws.close(code, reason)
  }
}

/** A tab: a `@parley/client` whose socket class a test can watch and cut. */
export interface TabControl {
  hook: FrameHook | null
  socket: TabSocket | null
  WebSocket: new (url: string) => TabSocket
}

export function tabControl(base: string, cookie: string): TabControl {
  const control: TabControl = {
    hook: null,
    socket: null,
    WebSocket: class extends TabSocket {
      constructor(url: string) {
        super(url, cookie, base, () => control.hook)
        control.socket = this
      }
    },
  }
  return control
}

/** Resolves when `test()` holds, checking after every store change; rejects after `timeoutMs`. */
export function until<T>(
  client: Pick<QuestionClient, 'subscribe'>,
  test: () => T | undefined | false,
  label: string,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let stop = () => {}
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`timed out waiting for ${label}`))
    }, timeoutMs)
    const check = () => {
      const value = test()
      if (value === undefined || value === false) return
      clearTimeout(timer)
      stop()
      resolve(value)
    }
    stop = client.subscribe(check)
    check()
  })
}

/** Polls `test` every few ms until it holds; for conditions outside a store. */
export async function eventually<T>(
  test: () => Promise<T | undefined | false> | T | undefined | false,
  label: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await test()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** Client timers that run the reconnect backoff 25 times faster (same schedule, shorter waits). */
export const fastTimers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, Math.ceil(ms / 25)),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}
