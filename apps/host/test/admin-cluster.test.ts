import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../scripts/throwaway-postgres.ts'
import { joinCluster } from '../src/cluster/join.ts'
import { ADMIN_TOKEN, adminGet, askedPerson, listed } from './admin-support.ts'
import { startDemo } from './harness.ts'

// A real PostgreSQL on 2 loaded cores: generous ceilings, not sleeps.
vi.setConfig({ testTimeout: 20_000 })

type Node = Awaited<ReturnType<typeof startDemo>>
const SECRET = 'a secret both nodes of this cluster share'
let database: ThrowawayPostgres
let a: Node
let b: Node

async function node(nodeId: string): Promise<Node> {
  const backend = await joinCluster({ databaseUrl: database.url, secret: SECRET, nodeId })
  const demo = await startDemo({
    backend,
    secret: SECRET,
    rateLimit: false,
    adminToken: ADMIN_TOKEN,
  })
  await demo.ready
  return demo
}

beforeAll(async () => {
  database = await startThrowawayPostgres()
  ;[a, b] = await Promise.all([node('node-a'), node('node-b')])
}, 60_000)

afterAll(async () => {
  for (const demo of [a, b]) await demo?.close()
  database?.stop()
}, 30_000)

const flush = () => Promise.all([a, b].map((demo) => demo.host.audit?.flush()))

describe('the admin routes of a cluster node', () => {
  it('list a question asked on another node while it waits, and its one record once answered', async () => {
    const asked = await askedPerson(a.base, 'Which region?', b.base)
    // Node B's agent awaits it; node A lists it from the shared table.
    expect(await listed(a.base, `?session=${asked.sessionId}`)).toEqual([[asked.rpcId, 'pending']])
    const waiting = await adminGet(a.base, `/api/admin/questions/${asked.rpcId}`)
    expect(waiting.body.question).toMatchObject({
      status: 'pending',
      questions: [{ id: 'colour' }],
    })

    expect((await asked.answer(['Amber'])).body).toEqual({ accepted: true })
    await flush()
    for (const demo of [a, b])
      expect(await listed(demo.base, `?session=${asked.sessionId}`)).toEqual([
        [asked.rpcId, 'answered'],
      ])
    const opened = await adminGet(b.base, `/api/admin/questions/${asked.rpcId}`)
    expect(opened.body.question).toMatchObject({
      status: 'answered',
      answer: { answers: [{ id: 'colour', selected: ['Amber'] }] },
      // Recorded by node A, whose claim won it.
      where: { node: 'node-a', transport: 'websocket' },
    })
    asked.tab.close()
  })

  it('filter the shared log by outcome and session, and page it newest first', async () => {
    const first = await askedPerson(a.base, 'First?', b.base)
    await first.cancel()
    const second = await askedPerson(b.base, 'Second?', a.base)
    await second.answer(['Teal'])
    const third = await askedPerson(a.base, 'Third?')
    await third.answer(['Amber'])
    await flush()
    const mine = new Set([first.rpcId, second.rpcId, third.rpcId])
    const page1 = await adminGet(b.base, '/api/admin/questions?limit=2')
    expect(page1.body.questions.map((row: { rpcId: string }) => row.rpcId)).toEqual([
      third.rpcId,
      second.rpcId,
    ])
    const page2 = await adminGet(b.base, `/api/admin/questions?limit=2&before=${page1.body.next}`)
    expect(page2.body.questions[0].rpcId).toBe(first.rpcId)
    const cancelled = (await listed(a.base, '?outcome=cancelled')).filter(([id]: [string]) =>
      mine.has(id),
    )
    expect(cancelled).toEqual([[first.rpcId, 'cancelled']])
    expect(await listed(a.base, `?session=${second.sessionId}&outcome=answered`)).toEqual([
      [second.rpcId, 'answered'],
    ])
    expect(await listed(a.base, `?session=${second.sessionId}&outcome=aborted`)).toEqual([])
    const unknown = await adminGet(a.base, '/api/admin/questions?before=no-such-question')
    expect(unknown.body).toEqual({ questions: [], next: null })
    for (const one of [first, second, third]) one.tab.close()
  })
})
