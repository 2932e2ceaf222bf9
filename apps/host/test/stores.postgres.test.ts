import type { TranscriptEvent } from '@parley/demo-chat'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../scripts/throwaway-postgres.ts'
import {
  busKey,
  createPostgresBus,
  type DemoBus,
  type DemoMessage,
  signMessage,
} from '../src/cluster/bus.ts'
import { migrate } from '../src/stores/migrations.ts'
import { createSessionIds } from '../src/stores/session-ids.ts'
import { createPostgresSessions } from '../src/stores/sessions.postgres.ts'
import { createPostgresSettings } from '../src/stores/settings.ts'
import { createPostgresTestAsks } from '../src/stores/test-asks.postgres.ts'
import { createPostgresTranscripts } from '../src/stores/transcripts.postgres.ts'
import type { SessionRecord } from '../src/stores/types.ts'

// A real PostgreSQL and reaping on 2 loaded cores: generous ceilings, not sleeps.
vi.setConfig({ testTimeout: 20_000 })

let database: ThrowawayPostgres
/** One pool per simulated node. */
const pools: pg.Pool[] = []
const buses: DemoBus[] = []

function pool(): pg.Pool {
  const next = new pg.Pool({ connectionString: database.url, max: 4 })
  pools.push(next)
  return next
}

beforeAll(async () => {
  database = await startThrowawayPostgres()
  await migrate(pool())
}, 30_000)

afterAll(async () => {
  for (const bus of buses) await bus.close()
  for (const each of pools) await each.end()
  database?.stop()
})

const secret = 'the cluster secret'
const message = (id: string, text = id): TranscriptEvent => ({
  kind: 'message',
  id,
  role: 'user',
  text,
  at: 1,
})

describe('the demo migrations', () => {
  it('apply once, even when every node runs them at the same time', async () => {
    const applied = await Promise.all([migrate(pool()), migrate(pool()), migrate(pool())])
    expect(applied).toEqual([[], [], []])
    const { rows } = await (pools[0] as pg.Pool).query(
      'SELECT version FROM parley_demo_migrations ORDER BY version',
    )
    expect(rows).toEqual([{ version: 1 }, { version: 2 }])
  })
})

describe('the PostgreSQL session store', () => {
  it('serves a session created on one node to another node with the same secret', async () => {
    const a = createPostgresSessions({ pool: pool(), ids: createSessionIds(secret) })
    const b = createPostgresSessions({ pool: pool(), ids: createSessionIds(secret) })
    const created = await a.create('alice', '  Release checklist ')
    expect(created).toMatchObject({ principal: 'alice', title: 'Release checklist' })
    expect(created.id).toMatch(/^[0-9a-f]{32}-[0-9a-f]{24}$/)
    expect(await b.owned('alice', created.id)).toEqual(created)
    expect(b.canAccess('alice', created.id)).toBe(true)
    expect(await b.list('alice')).toEqual([created])
  })

  it("refuses another principal's session and a forged id exactly like a missing one", async () => {
    const ids = createSessionIds(secret)
    const sessions = createPostgresSessions({ pool: pool(), ids })
    const { id } = await sessions.create('alice')
    expect(await sessions.owned('mallory', id)).toBeUndefined()
    expect(sessions.canAccess('mallory', id)).toBe(false)
    const forged = `${id.slice(0, 33)}${'0'.repeat(24)}`
    expect(sessions.canAccess('alice', forged)).toBe(false)
    expect(await sessions.owned('alice', forged)).toBeUndefined()
    const elsewhere = createPostgresSessions({ pool: pool(), ids: createSessionIds('another') })
    expect(elsewhere.canAccess('alice', id)).toBe(false)
  })

  it('titles an untitled session once, and lists the most recently updated first', async () => {
    const sessions = createPostgresSessions({ pool: pool(), ids: createSessionIds(secret) })
    const first = await sessions.create('carol')
    const second = await sessions.create('carol', 'Named')
    await sessions.nameIfUntitled(first.id, 'From the first message')
    await sessions.nameIfUntitled(first.id, 'Not this one')
    await sessions.nameIfUntitled(second.id, 'Nor this one')
    await new Promise((resolve) => setTimeout(resolve, 5))
    await sessions.touch(first.id)
    const listed = await sessions.list('carol')
    expect(listed.map((s) => [s.id, s.title])).toEqual([
      [first.id, 'From the first message'],
      [second.id, 'Named'],
    ])
  })

  it("evicts the principal's least recently updated session at the bound, on every node", async () => {
    const evicted: SessionRecord[] = []
    const a = createPostgresSessions({
      pool: pool(),
      ids: createSessionIds(secret),
      maxSessionsPerPrincipal: 2,
      onEvict: (session) => evicted.push(session),
    })
    const b = createPostgresSessions({
      pool: pool(),
      ids: createSessionIds(secret),
      maxSessionsPerPrincipal: 2,
    })
    const oldest = await a.create('dave')
    await new Promise((resolve) => setTimeout(resolve, 2))
    await b.create('dave')
    await new Promise((resolve) => setTimeout(resolve, 2))
    await a.create('dave')
    expect(evicted.map((s) => s.id)).toEqual([oldest.id])
    expect(await b.list('dave')).toHaveLength(2)
    expect(await b.owned('dave', oldest.id)).toBeUndefined()
    expect(a.canAccess('dave', oldest.id)).toBe(false)
    // The other node refuses it once told (the demo bus says `gone`).
    b.forget(oldest.id)
    expect(b.canAccess('dave', oldest.id)).toBe(false)
  })

  it('keeps the per-principal bound when two nodes create at the same time', async () => {
    const nodes = [pool(), pool()].map((each) =>
      createPostgresSessions({
        pool: each,
        ids: createSessionIds(secret),
        maxSessionsPerPrincipal: 3,
      }),
    )
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => (nodes[i % 2] as (typeof nodes)[0]).create('erin')),
    )
    expect(await (nodes[0] as (typeof nodes)[0]).list('erin')).toHaveLength(3)
  })
})

describe('the PostgreSQL transcript store', () => {
  it('shows on one node what another recorded, replacing an event in place and dropping the oldest', async () => {
    const sessions = createPostgresSessions({ pool: pool(), ids: createSessionIds(secret) })
    const { id } = await sessions.create('frank')
    const a = createPostgresTranscripts({ pool: pool(), maxEvents: 3 })
    const b = createPostgresTranscripts({ pool: pool(), maxEvents: 3 })
    for (const name of ['m1', 'm2', 'm3']) await a.record(id, message(name))
    await b.record(id, message('m2', 'edited'))
    expect((await b.events(id)).map((e) => (e.kind === 'message' ? e.text : ''))).toEqual([
      'm1',
      'edited',
      'm3',
    ])
    await a.record(id, message('m4'))
    expect((await b.events(id)).map((e) => e.id)).toEqual(['m2', 'm3', 'm4'])
  })

  it('drops an event for a session that is gone, and skips rows that do not parse', async () => {
    const shared = pool()
    const transcripts = createPostgresTranscripts({ pool: shared })
    await expect(transcripts.record('no-such-session', message('m'))).resolves.toBeUndefined()
    const sessions = createPostgresSessions({ pool: shared, ids: createSessionIds(secret) })
    const { id } = await sessions.create('grace')
    await transcripts.record(id, message('kept'))
    await shared.query(
      `INSERT INTO parley_demo_events (session_id, kind, event_id, body) VALUES ($1, 'message', 'bad', '{"kind":"message"}')`,
      [id],
    )
    expect((await transcripts.events(id)).map((e) => e.id)).toEqual(['kept'])
  })
})

describe('the PostgreSQL test-ask ledger', () => {
  it('answers how an ask stands on any node, only to the principal that started it', async () => {
    const a = createPostgresTestAsks({ pool: pool() })
    const b = createPostgresTestAsks({ pool: pool() })
    await a.write('ask-1', 'alice', { status: 'pending' })
    await a.write('ask-1', 'alice', {
      status: 'answered',
      rpcId: 'rpc-1',
      answer: { answers: [{ id: 'q', selected: ['Yes'] }] },
    })
    expect(await b.read('alice', 'ask-1')).toEqual({
      status: 'answered',
      rpcId: 'rpc-1',
      answer: { answers: [{ id: 'q', selected: ['Yes'] }] },
    })
    expect(await b.read('mallory', 'ask-1')).toBeUndefined()
    expect(await b.read('alice', 'ask-2')).toBeUndefined()
  })
})

describe('chat settings in PostgreSQL', () => {
  it('lets every node read the /subagents a chat said on one, and go with the session', async () => {
    const sessions = createPostgresSessions({ pool: pool(), ids: createSessionIds(secret) })
    const here = createPostgresSettings({ pool: pool() })
    const there = createPostgresSettings({ pool: pool() })
    const chat = await sessions.create('alice')
    expect(await there.subagents(chat.id)).toBeUndefined()
    await here.setSubagents(chat.id, false)
    expect(await there.subagents(chat.id)).toBe(false)
    await there.setSubagents(chat.id, true)
    expect(await here.subagents(chat.id)).toBe(true)
    await here.setSubagents('no-such-session', false)
    expect(await there.subagents('no-such-session')).toBeUndefined()
  })
})

describe('the demo bus on LISTEN/NOTIFY', () => {
  async function node(nodeId: string, secret = 'the demo bus secret') {
    const heard: DemoMessage[] = []
    const bus = await createPostgresBus({
      pool: pool(),
      connectionString: database.url,
      nodeId,
      secret,
      report: () => {},
    })
    buses.push(bus)
    bus.subscribe((message) => heard.push(message))
    return { bus, heard }
  }

  it('tells the other nodes, not the sender, and ignores what does not parse', async () => {
    const a = await node('a')
    const b = await node('b')
    const c = await node('c')
    await (pools[0] as pg.Pool).query(`SELECT pg_notify('parley_demo', $1)`, [
      JSON.stringify({ from: 'x', message: { kind: 'interrupt', sessionId: 1 } }),
    ])
    await (pools[0] as pg.Pool).query(`SELECT pg_notify('parley_demo', 'not json')`)
    a.bus.publish({ kind: 'interrupt', sessionId: 's1', reason: 'stopped' })
    await expect.poll(() => b.heard.length).toBe(1)
    await expect.poll(() => c.heard.length).toBe(1)
    expect(b.heard).toEqual([{ kind: 'interrupt', sessionId: 's1', reason: 'stopped' }])
    expect(a.heard).toEqual([])
  })

  it('drops a forged message (unsigned, replayed or another secret’s) and counts it', async () => {
    const a = await node('fa')
    const b = await node('fb')
    const stranger = await node('fz', 'another secret')
    const stop = { kind: 'interrupt', sessionId: 's1', reason: 'stopped' } as const
    await (pools[0] as pg.Pool).query(`SELECT pg_notify('parley_demo', $1)`, [
      JSON.stringify({ from: 'x', message: stop }),
    ])
    stranger.bus.publish(stop)
    const signed = signMessage(busKey('the demo bus secret'), 'x', stop)
    await (pools[0] as pg.Pool).query(`SELECT pg_notify('parley_demo', $1)`, [signed])
    await (pools[0] as pg.Pool).query(`SELECT pg_notify('parley_demo', $1)`, [signed])
    await expect.poll(() => b.bus.dropped).toBe(3)
    expect(b.heard).toEqual([stop])
    expect(a.heard).toEqual([stop])
  })

  it('listens again after its connection is cut', async () => {
    const a = await node('a2')
    const b = await node('b2')
    await (pools[0] as pg.Pool).query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`,
    )
    await expect
      .poll(
        async () => {
          a.bus.publish({ kind: 'gone', sessionId: 's2' })
          await new Promise((resolve) => setTimeout(resolve, 100))
          return b.heard.length > 0
        },
        { timeout: 10_000 },
      )
      .toBe(true)
  })
})
