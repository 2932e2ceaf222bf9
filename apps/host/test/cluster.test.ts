import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../scripts/throwaway-postgres.ts'
import { joinCluster } from '../src/cluster/join.ts'
import type { SessionLimits } from '../src/stores/types.ts'
import { startDemo, user } from './harness.ts'

// A real PostgreSQL and reaping on 2 loaded cores: generous ceilings, not sleeps.
vi.setConfig({ testTimeout: 20_000 })

type Node = Awaited<ReturnType<typeof startDemo>> & { nodeId: string }

const here = path.dirname(fileURLToPath(import.meta.url))
const SECRET = 'a secret every node of this cluster shares'
let database: ThrowawayPostgres
const started: Node[] = []

let named = 0

async function node(limits: SessionLimits = {}): Promise<Node> {
  named += 1
  const nodeId = `node-${named}`
  const backend = await joinCluster({ databaseUrl: database.url, secret: SECRET, limits, nodeId })
  const demo = { ...(await startDemo({ backend, secret: SECRET, rateLimit: false })), nodeId }
  started.push(demo)
  await demo.ready
  return demo
}

let a: Node
let b: Node
let c: Node

beforeAll(async () => {
  database = await startThrowawayPostgres()
  ;[a, b, c] = await Promise.all([node(), node(), node()])
}, 60_000)

afterAll(async () => {
  for (const demo of started) await demo.close()
  database?.stop()
}, 30_000)

/** The same browser (one principal cookie) on each of the three nodes. */
async function browser() {
  const onA = user(a.base)
  await onA.request('/')
  return { onA, onB: user(b.base, onA.cookie), onC: user(c.base, onA.cookie) }
}

const waitFor = <T>(read: () => Promise<T>, test: (value: T) => boolean) =>
  expect.poll(async () => test(await read()), { timeout: 10_000 }).toBe(true)

describe('the demo as a cluster of three nodes', () => {
  it('serves a session created on one node from the others, with the cookie minted on the first', async () => {
    const { onA, onB, onC } = await browser()
    const created = await onB.request('/api/sessions', {
      method: 'POST',
      json: { title: 'Shared' },
    })
    expect(created.status).toBe(201)
    const { sessionId } = created.body
    const listed = await onC.request('/api/sessions')
    expect(listed.body.sessions).toEqual([
      expect.objectContaining({ id: sessionId, title: 'Shared', status: 'idle' }),
    ])
    expect((await onA.request(`/api/sessions/${sessionId}`)).status).toBe(200)
    const stranger = user(c.base)
    await stranger.request('/')
    expect((await stranger.request(`/api/sessions/${sessionId}`)).status).toBe(404)
  })

  it("streams an agent's transcript on node A to a tab on node B, and a reload on C reads it", async () => {
    const { onA, onB, onC } = await browser()
    const sessionId = await onA.newSession()
    const tab = await onB.openMux()
    await tab.next((f) => f.type === 'mux/ready')
    await onA.request(`/api/sessions/${sessionId}/messages`, {
      method: 'POST',
      json: { text: 'hello' },
    })
    const reply = await tab.next((f) => f.type === 'chat/event' && f.event.role === 'agent')
    expect(reply.event.text).toContain('scripted demo agent')
    const events = (await onC.request(`/api/sessions/${sessionId}`)).body.events
    expect(events.map((e: { role: string }) => e.role)).toEqual(['user', 'agent'])
    expect((await onC.request('/api/sessions')).body.sessions[0].title).toBe('hello')
    tab.close()
  })

  it('sends chat/stale for a frame too large for the relay, and the transcript has the event', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { onA, onB } = await browser()
    const sessionId = await onA.newSession()
    const tab = await onB.openMux()
    await tab.next((f) => f.type === 'mux/ready')
    // Every quote is escaped twice on the way into a NOTIFY: far past its limit.
    const text = '"'.repeat(3_000)
    await onA.request(`/api/sessions/${sessionId}/messages`, { method: 'POST', json: { text } })
    await tab.next((f) => f.type === 'chat/stale' && f.sessionId === sessionId)
    const events = (await onB.request(`/api/sessions/${sessionId}`)).body.events
    expect(events[0]).toMatchObject({ kind: 'message', role: 'user', text })
    const userEvents = tab.frames.filter(
      (f) => f.type === 'chat/event' && (f.event as { role?: unknown }).role === 'user',
    )
    expect(userEvents).toEqual([])
    tab.close()
    logged.mockRestore()
  })

  it('answers a test ask held by node C from a tab on node B, and reads it through node A', async () => {
    const { onA, onB, onC } = await browser()
    const sessionId = await onA.newSession()
    const tab = await onB.openMux()
    await tab.next((f) => f.type === 'mux/ready')
    const started = await onC.request('/api/test/ask', {
      method: 'POST',
      json: { sessionId, questions: [{ id: 'color', question: 'Which color?' }] },
    })
    expect(started.status).toBe(202)
    const { askId } = started.body
    expect((await onA.request(`/api/test/asks/${askId}`)).body.status).toBe('pending')
    const asked = await tab.next((f) => f.type === 'question/requested')
    await waitFor(
      async () => (await onA.request('/api/sessions')).body.sessions[0].status,
      (status) => status === 'waiting-for-answer',
    )
    await waitFor(
      async () => (await onA.request(`/api/test/asks/${askId}`)).body.rpcId,
      (rpcId) => rpcId === asked.rpcId,
    )
    const receipt = await onB.request('/api/respond', {
      method: 'POST',
      json: {
        rpcId: asked.rpcId,
        sessionId,
        result: { ok: true, answer: { answers: [{ id: 'color', selected: [], custom: 'Teal' }] } },
      },
    })
    expect(receipt.body).toEqual({ accepted: true })
    await waitFor(
      async () => (await onA.request(`/api/test/asks/${askId}`)).body,
      (ask) => ask.status === 'answered',
    )
    expect((await onA.request(`/api/test/asks/${askId}`)).body.answer).toEqual({
      answers: [{ id: 'color', selected: [], custom: 'Teal' }],
    })
    await waitFor(
      async () => (await onB.request('/api/sessions')).body.sessions[0].status,
      (status) => status === 'idle',
    )
    tab.close()
    // Recorded once, in the shared table, by node B whose claim won it.
    await Promise.all([a, b, c].map((demo) => demo.host.audit?.flush()))
    const sink = a.audit
    if (!('query' in sink)) throw new Error('a cluster node keeps its audit log in PostgreSQL')
    const { records } = await sink.query({ sessionId })
    expect(records.map((record) => [record.rpcId, record.kind, record.where.node])).toEqual([
      [asked.rpcId, 'question', b.nodeId],
    ])
  })

  it('aborts a test ask through another node, and keeps it from another principal', async () => {
    const { onA, onB, onC } = await browser()
    const sessionId = await onA.newSession()
    const { askId } = (
      await onC.request('/api/test/ask', {
        method: 'POST',
        json: { sessionId, questions: [{ id: 'q', question: 'Still there?' }] },
      })
    ).body
    const mallory = user(a.base)
    await mallory.request('/')
    expect((await mallory.request(`/api/test/asks/${askId}`)).status).toBe(404)
    const abort = await mallory.request(`/api/test/asks/${askId}/abort`, {
      method: 'POST',
      json: {},
    })
    expect(abort.status).toBe(404)
    expect(
      (await onB.request(`/api/test/asks/${askId}/abort`, { method: 'POST', json: {} })).body,
    ).toEqual({ aborted: true })
    await waitFor(
      async () => (await onA.request(`/api/test/asks/${askId}`)).body,
      (ask) => ask.status === 'rejected' && ask.error?.code === 'ASK_ABORTED',
    )
  })

  it('drops the caller’s sockets on every node', async () => {
    const { onA, onB } = await browser()
    await onA.newSession()
    const tab = await onB.openMux()
    await tab.next((f) => f.type === 'mux/ready')
    const closed = new Promise((resolve) => tab.socket.once('close', resolve))
    expect((await onA.request('/api/test/drop-sockets', { method: 'POST', json: {} })).status).toBe(
      200,
    )
    await closed
  })

  it('interrupts the turn on node A when a new message arrives on node B', async () => {
    const { onA, onB } = await browser()
    const sessionId = await onA.newSession()
    const tab = await onA.openMux()
    await tab.next((f) => f.type === 'mux/ready')
    await onA.request(`/api/sessions/${sessionId}/messages`, {
      method: 'POST',
      json: { text: 'Start a new project' },
    })
    await tab.next((f) => f.type === 'question/requested')
    await onB.request(`/api/sessions/${sessionId}/messages`, {
      method: 'POST',
      json: { text: 'never mind' },
    })
    const ended = await tab.next(
      (f) => f.type === 'chat/event' && f.event.kind === 'tool' && f.event.status !== 'running',
    )
    expect(ended.event.status).toBe('interrupted')
    tab.close()
  })
})

describe('a cluster node', () => {
  it("aborts a session's asks on another node when a bound evicts it", async () => {
    const small = await node({ maxSessionsPerPrincipal: 1 })
    const other = await node({ maxSessionsPerPrincipal: 1 })
    const onSmall = user(small.base)
    await onSmall.request('/')
    const onOther = user(other.base, onSmall.cookie)
    const oldest = await onSmall.newSession()
    const { askId } = (
      await onOther.request('/api/test/ask', {
        method: 'POST',
        json: { sessionId: oldest, questions: [{ id: 'q', question: 'Still there?' }] },
      })
    ).body
    await onSmall.newSession()
    // The other node hears of the eviction through the cluster, a moment later.
    await waitFor(
      async () => (await onOther.request(`/api/sessions/${oldest}`)).status,
      (status) => status === 404,
    )
    await waitFor(
      async () => (await onOther.request(`/api/test/asks/${askId}`)).body,
      (ask) => ask.status === 'rejected' && ask.error?.code === 'ASK_ABORTED',
    )
  })

  it('refuses to start in cluster mode without PARLEY_SECRET, and says why', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
      env: { ...process.env, PARLEY_DATABASE_URL: database.url, PARLEY_SECRET: '', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toContain('PARLEY_SECRET')
  })
})
