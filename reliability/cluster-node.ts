/**
 * One node of a reliability cluster as its own process (bundled and started by
 * `cluster-nodes.ts`; tsx runs it as it is too): a real `@parley/host` on Node's `http` with its own pool and
 * PostgreSQL coordinator, and the agents that ask, driven over a small
 * control API. Environment: `PARLEY_DATABASE_URL`, `PARLEY_NODE_ID`,
 * `PARLEY_CHANNEL`, `PARLEY_LIVENESS` (JSON of the coordinator's timings),
 * `PARLEY_PG` (the path of `pg`'s entry point) and `PORT` (0 for an ephemeral one).
 *
 * It prints `cluster-node <id> booted` once its code is loaded, waits for a
 * `join` line on stdin (so a replacement can boot before the node it
 * replaces is gone), then joins the cluster and prints `cluster-node <id> on <port>`.
 *
 * - `POST /control/ask` `{ sessionId, callId, resumeKey? }` asks, and replies
 *   `{ askId, rpcId, how }` once the ask was registered (`created`), attached to
 *   a pending question by its `resumeKey` (`attached`), or settled at once by a
 *   stored answer (`settled`).
 * - `GET /control/asks/<askId>?waitMs=N` replies with the ask's record, as soon
 *   as it settled or after `waitMs`.
 * - `POST /control/drop-streams` drops every stream (`host.dropStreams()`).
 * - `POST /control/broadcast` `{ sessionId, type }` broadcasts an app frame.
 *
 * SIGTERM closes the host (`host.close()`: durable asks stay pending), prints
 * `cluster-node <id> records <json>` (how each ask ended, as its agent heard
 * it) and exits 0. A closed stdin (the test process is gone) exits at once.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { createQuestionHost } from '../packages/host/src/node/index.ts'
import { QUESTIONS } from '../packages/host/test/helpers.ts'
import { createPostgresCoordinator } from '../packages/host-postgres/src/index.ts'
import type { TestNode } from '../packages/host-postgres/test/cluster.ts'
import { createUserQuestionService, isUserQuestionError } from '../packages/seam/src/index.ts'
import { canAccess, parseLiveness, userOf } from './cluster-access.ts'

type Pool = TestNode['pool']
// pg is a dependency of @parley/host-postgres, not of the workspace root: the
// test process names its entry point (this file may run bundled, elsewhere).
const pgEntry =
  process.env.PARLEY_PG ??
  createRequire(new URL('../packages/host-postgres/package.json', import.meta.url)).resolve('pg')
const { Pool } = createRequire(import.meta.url)(pgEntry) as {
  Pool: new (config: { connectionString: string; max: number; application_name: string }) => Pool
}

/** One ask of this node's agents, as the control API reports it. */
export interface AskRecord {
  askId: string
  callId: string
  rpcId: string | null
  how: 'created' | 'attached' | 'settled' | null
  status: 'pending' | 'answered' | 'rejected'
  answer?: unknown
  code?: string
  cause?: string
}

const env = (name: string) => {
  const value = process.env[name]
  if (value === undefined || value === '') throw new Error(`${name} is not set`)
  return value
}
const nodeId = env('PARLEY_NODE_ID')
let joined = false
process.on('SIGTERM', () => {
  if (!joined) process.exit(0)
  shutDown().catch((error: unknown) => {
    console.error(`[${nodeId}] shutdown:`, error)
    process.exit(1)
  })
})
process.stdin.on('end', () => process.exit(1))
process.stdin.on('close', () => process.exit(1))
await new Promise<void>((resolve) => {
  let lines = ''
  process.stdin.on('data', (chunk: Buffer) => {
    lines += chunk.toString('utf8')
    if (lines.includes('join\n')) resolve()
  })
  console.log(`cluster-node ${nodeId} booted`)
})
joined = true

const pool = new Pool({
  connectionString: env('PARLEY_DATABASE_URL'),
  max: 8,
  application_name: nodeId,
})
pool.on('error', () => {})
const coordinator = createPostgresCoordinator({
  pool,
  nodeId,
  secret: process.env.PARLEY_SECRET ?? 'reliability-cluster-secret',
  channel: env('PARLEY_CHANNEL'),
  ...parseLiveness(process.env.PARLEY_LIVENESS),
})
const records = new Map<string, AskRecord>()
const byCallId = new Map<string, AskRecord>()
const wakers = new Set<() => void>()
const wake = () => {
  for (const waker of [...wakers]) waker()
}
const host = createQuestionHost<string>({
  coordinator,
  authenticate: (request) => userOf(request.headers.get('x-user')),
  canAccess,
  onRegistered(info) {
    const record = info.request.callId === undefined ? undefined : byCallId.get(info.request.callId)
    if (!record) return
    record.rpcId = info.rpcId
    record.how = 'created'
    wake()
  },
  onError: (error, where) => console.error(`[${nodeId}] ${where}:`, error),
})
const service = createUserQuestionService()
service.registerProvider(host.provider)

/** Resolves once `test()` holds (checked on every ask event, and every 10 ms), or after `ms`. */
function waitFor(test: () => boolean, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      if (!test() && Date.now() < deadline) return
      wakers.delete(done)
      clearInterval(poll)
      resolve()
    }
    const deadline = Date.now() + ms
    const poll = setInterval(done, 10)
    wakers.add(done)
    done()
  })
}

function ask(sessionId: string, callId: string, resumeKey: string | undefined): AskRecord {
  const record: AskRecord = {
    askId: crypto.randomUUID(),
    callId,
    rpcId: null,
    how: null,
    status: 'pending',
  }
  records.set(record.askId, record)
  byCallId.set(callId, record)
  service
    .ask({ questions: QUESTIONS, sessionId, callId, ...(resumeKey !== undefined && { resumeKey }) })
    .then(
      (answer) => {
        record.status = 'answered'
        record.answer = answer
      },
      (error: unknown) => {
        record.status = 'rejected'
        record.code = isUserQuestionError(error) ? error.code : 'UNKNOWN'
        const cause = (error as { cause?: unknown }).cause
        if (typeof cause === 'string') record.cause = cause
      },
    )
    .finally(() => {
      // Answered before this node registered anything: a stored answer, delivered here.
      record.how ??= 'settled'
      wake()
    })
  return record
}

/** An attached ask registers nothing: it shows up in `host.pending()` under its callId. */
function attached(record: AskRecord): boolean {
  if (record.how !== null) return true
  const entry = host.pending().find((pending) => pending.frame.callId === record.callId)
  if (!entry) return false
  record.rpcId = entry.rpcId
  record.how = 'attached'
  return true
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return JSON.parse(text)
}

const str = (data: unknown, key: string): string | undefined => {
  const value = typeof data === 'object' && data !== null ? Reflect.get(data, key) : undefined
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

async function control(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://node')
  if (request.method === 'POST' && url.pathname === '/control/ask') {
    const body = await readJson(request)
    const sessionId = str(body, 'sessionId')
    const callId = str(body, 'callId')
    if (sessionId === undefined || callId === undefined)
      return reply(response, 400, { error: 'sessionId and callId are required' })
    const record = ask(sessionId, callId, str(body, 'resumeKey'))
    await waitFor(() => attached(record), 15_000)
    return reply(response, 200, record)
  }
  if (request.method === 'POST' && url.pathname === '/control/drop-streams')
    return reply(response, 200, { dropped: host.dropStreams() })
  if (request.method === 'POST' && url.pathname === '/control/broadcast') {
    const body = await readJson(request)
    const sessionId = str(body, 'sessionId')
    const type = str(body, 'type')
    if (sessionId === undefined || type === undefined)
      return reply(response, 400, { error: 'sessionId and type are required' })
    host.broadcast(sessionId, { type })
    return reply(response, 200, { ok: true })
  }
  const askId = /^\/control\/asks\/([^/]+)$/.exec(url.pathname)?.[1]
  const record = askId === undefined ? undefined : records.get(askId)
  if (request.method === 'GET' && record) {
    const waitMs = Math.min(Number(url.searchParams.get('waitMs')) || 0, 60_000)
    await waitFor(() => record.status !== 'pending' || closing, waitMs)
    return reply(response, 200, record)
  }
  reply(response, 404, { error: 'not found' })
}

const server = createServer((request, response) =>
  host.handleRequest(request, response, () => {
    control(request, response).catch((error: unknown) =>
      reply(response, 500, { error: String(error) }),
    )
  }),
)
host.attach(server)
let stopping = false
let closing = false

async function shutDown(): Promise<void> {
  if (stopping) return
  stopping = true
  await host.close()
  // The agents heard how their asks ended; the reads waiting on them answer now.
  closing = true
  wake()
  await new Promise((resolve) => setTimeout(resolve, 50))
  server.closeAllConnections()
  server.close()
  await pool.end()
  const line = `cluster-node ${nodeId} records ${JSON.stringify([...records.values()])}\n`
  process.stdout.write(line, () => process.exit(0))
}

await host.ready
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  console.log(`cluster-node ${nodeId} on ${port}`)
})
