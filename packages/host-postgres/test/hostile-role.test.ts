import { describe, expect, it, vi } from 'vitest'
import { answerBody, post, VALID_ANSWER } from '../../host/test/helpers.ts'
import { intruder, useCluster } from './cluster.ts'

vi.setConfig({ testTimeout: 20_000 })

const cluster = useCluster()

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a role with no grants on the cluster database', () => {
  it('cannot read the tables it listens beside', async () => {
    await cluster.start('a')
    const { client } = await intruder(cluster)
    try {
      await expect(client.query('SELECT * FROM parley_questions')).rejects.toThrow(/permission/)
    } finally {
      await client.end()
    }
  })

  it('hears no question text on the channel, and its forged answer settles nothing', async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const { client, heard } = await intruder(cluster)
    try {
      let settled = false
      const asked = a.ask('s1').finally(() => {
        settled = true
      })
      const rpcId = await a.registeredId(0)
      await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0))
      expect(heard.join('\n')).not.toMatch(/Which color|Which extras|Anything else/)
      // The doorbell that settled a plain ask before: the answer rode in it.
      const forged = {
        t: 'r',
        id: rpcId,
        s: 's1',
        o: 'answered',
        own: 'a',
        n: 'b',
        a: { answers: [{ id: 'color', selected: ['Blue'] }] },
      }
      const sent = new Set<string>([JSON.stringify(forged)])
      await client.query('SELECT pg_notify($1, $2)', [cluster.channel, JSON.stringify(forged)])
      // A genuine doorbell replayed, and one with its signature kept but its body changed.
      for (const payload of heard.slice()) {
        await client.query('SELECT pg_notify($1, $2)', [cluster.channel, payload])
        const edited = payload.replace('"t":"q"', '"t":"r","o":"answered"')
        sent.add(edited)
        await client.query('SELECT pg_notify($1, $2)', [cluster.channel, edited])
      }
      await vi.waitFor(() => expect(a.coordinator.stats.dropped).toBeGreaterThanOrEqual(3))
      await sleep(300)
      expect(settled).toBe(false)
      const { rows } = await cluster.admin.query(
        'SELECT state FROM parley_questions WHERE rpc_id = $1',
        [rpcId],
      )
      expect(rows[0]?.state).toBe('pending')
      // The real answer still goes through, on any node.
      expect((await post(b.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
      await expect(asked).resolves.toEqual(VALID_ANSWER)
      // Nor does the real answer ride in plain text in any doorbell the nodes rang (it is sealed).
      const rung = heard.filter((payload) => !sent.has(payload))
      expect(rung.join('\n')).not.toMatch(/Red|Blue|color/)
    } finally {
      await client.end()
    }
  })
})

describe('a node whose asking peer was killed', () => {
  it('answers not-pending to a claim on its plain question, before any reaper ran', async () => {
    const [a, b] = [
      await cluster.start('a', { heartbeatMs: 60_000, deadAfterMs: 120_000 }),
      await cluster.start('b', { heartbeatMs: 60_000, deadAfterMs: 120_000 }),
    ]
    a.ask('s1').catch(() => {})
    const rpcId = await a.registeredId(0)
    await vi.waitFor(async () => expect((await b.coordinator.get(rpcId))?.rpcId).toBe(rpcId))
    await a.crash()
    expect((await post(b.base, answerBody(rpcId, 's1'))).json).toEqual({
      accepted: false,
      reason: 'not-pending',
    })
  })

  it('still accepts an answer to a durable question, which waits for its agent', async () => {
    const options = { heartbeatMs: 60_000, deadAfterMs: 120_000 }
    const [a, b] = [await cluster.start('a', options), await cluster.start('b', options)]
    a.ask('s1', { resumeKey: 'k1' }).catch(() => {})
    const rpcId = await a.registeredId(0)
    await a.crash()
    expect((await post(b.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
  })
})

describe('a node with another secret', () => {
  it('refuses to join with SECRET_MISMATCH, and the cluster keeps working', async () => {
    const a = await cluster.start('a')
    await expect(cluster.start('z', { secret: 'another secret' })).rejects.toMatchObject({
      code: 'SECRET_MISMATCH',
    })
    const b = await cluster.start('b')
    const asked = a.ask('s1')
    const rpcId = await a.registeredId(0)
    expect((await post(b.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await expect(asked).resolves.toEqual(VALID_ANSWER)
  })

  it("joins while another node's first join still holds the fingerprint it is storing", async () => {
    const first = await cluster.start('first')
    const { rows } = await cluster.admin.query('SELECT secret_fingerprint FROM parley_cluster')
    await first.stop()
    await cluster.admin.query('TRUNCATE parley_cluster')
    // A first join that has inserted the fingerprint and not yet committed.
    const holder = await cluster.admin.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('INSERT INTO parley_cluster (secret_fingerprint) VALUES ($1)', [
        rows[0]?.secret_fingerprint,
      ])
      const joining = cluster.start('second')
      await vi.waitFor(async () => {
        const waiting = await cluster.admin.query(
          "SELECT 1 FROM pg_stat_activity WHERE application_name = 'second' AND wait_event_type = 'Lock'",
        )
        expect(waiting.rowCount).toBe(1)
      })
      await holder.query('COMMIT')
      const second = await joining
      const asked = second.ask('s1')
      const rpcId = await second.registeredId(0)
      expect((await post(second.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
      await expect(asked).resolves.toEqual(VALID_ANSWER)
    } finally {
      holder.release()
    }
  })

  it('joins during a rotation only once no node of the old secret runs, then holds the new one', async () => {
    const old = await cluster.start('old')
    // A joiner judges the old node alive by its own deadAfterMs: a generous one, so a
    // heartbeat that is late on a loaded machine is not taken for a node that died.
    const rotated = {
      secret: 'the new secret',
      previousSecrets: ['the test cluster secret'],
      deadAfterMs: 60_000,
    }
    await expect(cluster.start('new', rotated)).rejects.toMatchObject({ code: 'SECRET_MISMATCH' })
    await old.stop()
    await cluster.start('new', rotated)
    await expect(cluster.start('old-again')).rejects.toMatchObject({ code: 'SECRET_MISMATCH' })
  })
})
