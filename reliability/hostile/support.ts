import { randomBytes } from 'node:crypto'
import type { Demo } from '../demo.ts'
import { eventually, VALID_ANSWER } from '../demo.ts'
import type { Ledger } from '../ledger.ts'
import { SIZES } from '../scale.ts'
import type { EventStreamProbe, MuxProbe } from '../streams.ts'

/** What each attack gets: the shared demo host and the part's ledger. */
export interface Hostile {
  demo: Demo
  ledger: Ledger
}

/** This part's sizes (`scale.ts`). */
export const SIZE = SIZES.hostile

export const portOf = (base: string) => Number(new URL(base).port)
export const hostOf = (base: string) => new URL(base).host

export interface Answer {
  status: number
  headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: replies are JSON read by tests
  body: any
  bytes: number
}

/** One request with exactly the cookie header a test chooses (or none). */
export async function call(
  base: string,
  path: string,
  init: {
    cookie?: string
    json?: unknown
    body?: string
    headers?: Record<string, string>
    /** The page's origin; `null` sends none (a navigation). @default base */
    origin?: string | null
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers }
  const origin = init.origin === undefined ? base : init.origin
  if (origin !== null) headers.origin = origin
  if (init.cookie !== undefined) headers.cookie = init.cookie
  if (init.json !== undefined) headers['content-type'] ??= 'application/json'
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body
  const response = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body ?? null,
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  const json = response.headers.get('content-type')?.includes('json') && text.length > 0
  return {
    status: response.status,
    headers: response.headers,
    body: json ? JSON.parse(text) : text,
    bytes: Buffer.byteLength(text),
  }
}

/** The headers of a WebSocket upgrade, sent by hand. */
export function upgradeHeaders(base: string, cookie: string): Record<string, string> {
  return {
    host: hostOf(base),
    cookie,
    origin: base,
    upgrade: 'websocket',
    connection: 'Upgrade',
    'sec-websocket-key': randomBytes(16).toString('base64'),
    'sec-websocket-version': '13',
  }
}

export const answerBody = (rpcId: string, sessionId: string) => ({
  rpcId,
  sessionId,
  result: { ok: true, answer: VALID_ANSWER },
})
export const cancelBody = (rpcId: string, sessionId: string) => ({
  rpcId,
  sessionId,
  result: { ok: false, error: { code: 'cancelled' } },
})

export function same(
  a: { status: number; body: unknown },
  b: { status: number; body: unknown },
): boolean {
  return a.status === b.status && deepEqual(a.body, b.body)
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export function range(length: number): number[] {
  return Array.from({ length }, (_, i) => i)
}

export function mib(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10
}

/** A test-API ask body of exactly `bytes` bytes: one question with a long single-paragraph detail. */
export function bodyOfBytes(sessionId: string, bytes: number): string {
  const bodyWith = (detail: string) =>
    JSON.stringify({ sessionId, questions: [bigQuestion(detail, 0)] })
  const overhead = Buffer.byteLength(bodyWith(''))
  const detail = 'Every step of the plan, in one paragraph. '
    .repeat(Math.ceil(bytes / 40))
    .slice(0, bytes - overhead)
  return bodyWith(detail)
}

export function bigQuestion(detail: string, index: number) {
  return {
    id: `plan-${index}`,
    question: `Approve part ${index} of the plan?`,
    detail,
    options: [{ label: 'Approve' }, { label: 'Reject' }],
  }
}

/** Opens a mux socket until one is admitted (slots free asynchronously); `null` after 3 s. */
export async function reopen(open: () => MuxProbe): Promise<MuxProbe | null> {
  return eventually(
    async () => {
      const socket = open()
      if ((await socket.opened) === null) return socket
      socket.close()
      return false
    },
    'a freed WebSocket slot',
    3_000,
  ).catch(() => null)
}

/** Opens an SSE stream until one is admitted; `null` after 3 s. */
export async function reopenStream(open: () => EventStreamProbe): Promise<EventStreamProbe | null> {
  return eventually(
    async () => {
      const stream = open()
      if ((await stream.status) === 200) return stream
      stream.close()
      return false
    },
    'a freed SSE slot',
    3_000,
  ).catch(() => null)
}

/** Whether the host still answers a plain read (`assertAlive` without the throw). */
export function isAlive(host: Pick<Demo, 'assertAlive'>): Promise<boolean> {
  return host.assertAlive().then(
    () => true,
    () => false,
  )
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size))
  return out
}
