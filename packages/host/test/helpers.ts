import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type AskUserQuestionItem,
  type AskUserQuestionRequest,
  createUserQuestionService,
  type UserQuestionService,
} from '@parley/seam'
import { WebSocket } from 'ws'
import {
  type AuditQuestionRecord,
  createQuestionHost,
  type NodeQuestionHost as QuestionHost,
  type QuestionHostOptions,
  type RegisteredInfo,
} from '../src/node/index.ts'

/** alice sees s1 and s2; bob sees b1. The principal comes from the `x-user` header. */
export const ACCESS: Record<string, string[]> = { alice: ['s1', 's2'], bob: ['b1'] }

export const QUESTIONS: AskUserQuestionItem[] = [
  { id: 'color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
  {
    id: 'extras',
    question: 'Which extras?',
    options: [{ label: 'Cheese' }, { label: 'Olives' }],
    multiSelect: true,
  },
  { id: 'note', question: 'Anything else?' },
]

export const VALID_ANSWER = {
  answers: [
    { id: 'color', selected: ['Blue'] },
    { id: 'extras', selected: ['Cheese'], custom: 'Basil' },
    { id: 'note', selected: [], custom: 'Thanks' },
  ],
}

export type Frame = { type: string; [key: string]: unknown }

export interface TestHost {
  host: QuestionHost
  service: UserQuestionService
  server: Server
  base: string
  registered: RegisteredInfo[]
  ask(sessionId: string, extra?: Partial<AskUserQuestionRequest>): Promise<unknown>
  close(): Promise<void>
}

/** A real host on 127.0.0.1 with an ephemeral port, registered with a seam service. */
export async function startHost(
  overrides: Partial<QuestionHostOptions<string>> = {},
): Promise<TestHost> {
  const registered: RegisteredInfo[] = []
  const host = createQuestionHost<string>({
    authenticate: (request) => request.headers.get('x-user'),
    canAccess: (user, sessionId) => ACCESS[user]?.includes(sessionId) ?? false,
    onRegistered: (info) => registered.push(info),
    ...overrides,
  })
  const service = createUserQuestionService()
  service.registerProvider(host.provider)
  const server = createServer((req, res) => host.handleRequest(req, res))
  host.attach(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const base = `127.0.0.1:${port}`
  return {
    host,
    service,
    server,
    base,
    registered,
    ask(sessionId, extra = {}) {
      const asked = service.ask({ questions: QUESTIONS, sessionId, ...extra })
      asked.catch(() => {})
      return asked
    },
    async close() {
      host.dispose()
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
}

/**
 * One browser tab's downlink: every frame it got, and waits on them. Each
 * connection's first frame, `mux/hello`, is kept apart: `clocks` holds the
 * `now` of each, in order, and `wire` every frame as it arrived.
 */
export class Tab {
  readonly frames: Frame[] = []
  readonly clocks: number[] = []
  readonly wire: Frame[] = []
  readonly closed: Promise<{ code: number; reason: string }>
  readonly opened: Promise<void>
  private waiters: (() => void)[] = []

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame
      this.wire.push(frame)
      if (frame.type === 'mux/hello') this.clocks.push(Number(frame.now))
      else this.frames.push(frame)
      for (const wake of this.waiters) wake()
    })
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) })
        for (const wake of this.waiters) wake()
      })
    })
    this.opened = new Promise((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    this.opened.catch(() => {})
  }

  /** Resolves once `test(frames)` holds; rejects if the socket closes first. */
  until(test: (frames: Frame[]) => boolean, label = 'condition'): Promise<Frame[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (test(this.frames)) {
          this.waiters = this.waiters.filter((wake) => wake !== check)
          resolve(this.frames)
        } else if (this.socket.readyState >= WebSocket.CLOSING) {
          reject(new Error(`socket closed before ${label}; frames: ${JSON.stringify(this.frames)}`))
        }
      }
      this.waiters.push(check)
      check()
    })
  }

  /** Waits until `count` frames of `type` arrived. */
  async count(type: string, count = 1): Promise<Frame[]> {
    await this.until((frames) => frames.filter((f) => f.type === type).length >= count, type)
    return this.frames.filter((frame) => frame.type === type)
  }

  ready(): Promise<Frame[]> {
    return this.count('mux/ready')
  }

  of(type: string): Frame[] {
    return this.frames.filter((frame) => frame.type === type)
  }

  close(): void {
    this.socket.close()
  }
}

export interface TabOptions {
  user?: string
  sessions?: string[]
  origin?: string
  autoPong?: boolean
}

/** Opens a downlink the way a tab would (no Origin: a non-browser client, unless given). */
export function openTab(base: string, options: TabOptions = {}): Tab {
  const query = (options.sessions ?? []).map((id) => `session=${encodeURIComponent(id)}`)
  const url = `ws://${base}/api/mux${query.length ? `?${query.join('&')}` : ''}`
  const socket = new WebSocket(url, {
    headers: options.user === undefined ? {} : { 'x-user': options.user },
    ...(options.origin !== undefined && { origin: options.origin }),
    autoPong: options.autoPong ?? true,
  })
  return new Tab(socket)
}

/** Opens a tab and waits for its `mux/ready`. */
export async function readyTab(base: string, options: TabOptions = {}): Promise<Tab> {
  const tab = openTab(base, { user: 'alice', ...options })
  await tab.ready()
  return tab
}

/** The HTTP status a refused upgrade gets. */
export function refusedStatus(tab: Tab): Promise<number> {
  return new Promise((resolve, reject) => {
    tab.socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      res.resume()
      tab.socket.terminate()
    })
    tab.socket.on('open', () => reject(new Error('the upgrade was accepted')))
  })
}

export interface PostOptions {
  user?: string | null
  contentType?: string
  origin?: string
  userAgent?: string
  /** @default '/api/respond' */
  path?: string
}

/** POSTs to the respond route; `body` objects are JSON-encoded, strings sent raw. */
export async function post(
  base: string,
  body: unknown,
  options: PostOptions = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = {
    'content-type': options.contentType ?? 'application/json',
  }
  const user = options.user === undefined ? 'alice' : options.user
  if (user !== null) headers['x-user'] = user
  if (options.origin !== undefined) headers.origin = options.origin
  if (options.userAgent !== undefined) headers['user-agent'] = options.userAgent
  const response = await fetch(`http://${base}${options.path ?? '/api/respond'}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, json: JSON.parse(text) as Record<string, unknown> }
}

export function answerBody(rpcId: string, sessionId: string, answer: unknown = VALID_ANSWER) {
  return { rpcId, sessionId, result: { ok: true, answer } }
}

export function cancelBody(rpcId: string, sessionId: string) {
  return { rpcId, sessionId, result: { ok: false, error: { code: 'cancelled' } } }
}

/** Sends a marker app frame to `sessionId` and waits until each tab got it: FIFO flushes. */
export async function sync(host: QuestionHost, sessionId: string, tabs: Tab[]): Promise<void> {
  const mark = `test/sync-${Math.random().toString(36).slice(2)}`
  host.broadcast(sessionId, { type: mark })
  await Promise.all(tabs.map((tab) => tab.count(mark)))
}

/** Timers the test fires by hand (for `timeoutMs`). */
export function manualTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>()
  let next = 1
  return {
    pending,
    timers: {
      setTimeout(callback: () => void, ms: number) {
        const handle = next++
        pending.set(handle, { callback, ms })
        return handle
      },
      clearTimeout(handle: unknown) {
        pending.delete(handle as number)
      },
      setInterval: (callback: () => void, ms: number) => setInterval(callback, ms),
      clearInterval: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    /** Fires every timer that asked for `ms`. */
    fire(ms: number) {
      for (const [handle, timer] of [...pending]) {
        if (timer.ms !== ms) continue
        pending.delete(handle)
        timer.callback()
      }
    },
  }
}

/** Reads SSE `data:` events from a response body (the `mux/hello` frame kept apart, as in {@link Tab}). */
export function eventReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const frames: Frame[] = []
  const clocks: number[] = []
  return {
    frames,
    clocks,
    async until(test: (frames: Frame[]) => boolean): Promise<Frame[]> {
      while (!test(frames)) {
        const { done, value } = await reader.read()
        if (done) throw new Error(`stream ended; frames: ${JSON.stringify(frames)}`)
        buffer += decoder.decode(value, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          for (const line of block.split('\n'))
            if (line.startsWith('data: ')) {
              const frame = JSON.parse(line.slice(6)) as Frame
              if (frame.type === 'mux/hello') clocks.push(Number(frame.now))
              else frames.push(frame)
            }
          end = buffer.indexOf('\n\n')
        }
      }
      return frames
    },
    cancel: () => reader.cancel(),
  }
}

/** `ws` for the client package's tests (which do not depend on `ws` themselves). */
export { WebSocket, WebSocketServer } from 'ws'

/** An answered question's audit record, ended at `ended` (ms), for the sinks' tests. */
export function auditQuestion(
  rpcId: string,
  ended: number,
  fields: { sessionId?: string; principal?: string } = {},
): AuditQuestionRecord {
  return {
    version: 1,
    kind: 'question',
    rpcId,
    sessionId: fields.sessionId ?? 's1',
    questions: [{ id: 'q', question: 'Go?' }],
    outcome: 'answered',
    ...(fields.principal !== undefined && { by: { principal: fields.principal } }),
    where: {},
    at: { asked: ended - 5, ended },
  }
}
