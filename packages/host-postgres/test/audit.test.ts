import type { AuditRecord } from '@parley/host'
import { isUserQuestionError } from '@parley/seam'
import { describe, expect, it, vi } from 'vitest'
import { answerBody, cancelBody, post, readyTab, VALID_ANSWER } from '../../host/test/helpers.ts'
import { createPostgresAuditSink } from '../src/index.ts'
import { useAuditSink, useCluster } from './cluster.ts'

vi.setConfig({ testTimeout: 20_000 })

const cluster = useCluster()
const db = useAuditSink(cluster)

const T0 = 1_800_000_000_000

function record(
  rpcId: string,
  fields: { session?: string; principal?: string; outcome?: 'answered' | 'cancelled'; at?: number },
): AuditRecord {
  const at = fields.at ?? T0
  return {
    version: 1,
    kind: 'question',
    rpcId,
    sessionId: fields.session ?? 's1',
    questions: [
      { id: 'go', question: 'Deploy now?', options: [{ label: 'Yes' }, { label: 'No' }] },
    ],
    outcome: fields.outcome ?? 'answered',
    ...(fields.outcome === 'cancelled' && { code: 'ASK_CANCELLED' as const }),
    ...(fields.principal !== undefined && { by: { principal: fields.principal } }),
    where: { node: 'n1' },
    at: { asked: at - 1_000, ended: at },
  }
}

const ids = (records: readonly AuditRecord[]) => records.map((r) => r.rpcId)

describe('the PostgreSQL audit sink', () => {
  it('stores each record once and finds it by session, outcome, principal and time', async () => {
    await db.sink.append(record('q1', { session: 's1', principal: 'alice', at: T0 }))
    await db.sink.append(record('q1', { session: 's1', principal: 'mallory', at: T0 }))
    await db.sink.append(
      record('q2', { session: 's2', principal: 'bob', outcome: 'cancelled', at: T0 + 10 }),
    )
    await db.sink.append(record('q3', { session: 's1', principal: 'bob', at: T0 + 20 }))
    expect(ids((await db.sink.query()).records)).toEqual(['q1', 'q2', 'q3'])
    expect((await db.sink.query()).records[0]?.by).toEqual({ principal: 'alice' })
    expect(ids((await db.sink.query({ sessionId: 's1' })).records)).toEqual(['q1', 'q3'])
    expect(ids((await db.sink.query({ outcome: 'cancelled' })).records)).toEqual(['q2'])
    expect(ids((await db.sink.query({ principal: 'bob' })).records)).toEqual(['q2', 'q3'])
    expect(ids((await db.sink.query({ from: T0 + 10, to: T0 + 20 })).records)).toEqual(['q2'])
    const first = await db.sink.query({ limit: 2 })
    expect(ids(first.records)).toEqual(['q1', 'q2'])
    const second = await db.sink.query({ limit: 2, after: first.next })
    expect([ids(second.records), second.next]).toEqual([['q3'], undefined])
  })

  it('refuses to change a stored record', async () => {
    await db.sink.append(record('q1', {}))
    await expect(db.pool.query("UPDATE parley_audit SET session_id = 'other'")).rejects.toThrow(
      /append-only/,
    )
  })

  it("deletes a principal's records, a session's, and the records older than a time", async () => {
    await db.sink.append(record('q1', { principal: 'alice', at: T0 }))
    await db.sink.append(record('q2', { principal: 'bob', session: 's2', at: T0 + 10 }))
    await db.sink.append(record('q3', { principal: 'bob', at: T0 + 20 }))
    await db.sink.append(record('q4', { principal: 'carol', at: T0 + 30 }))
    expect(await db.sink.deletePrincipal('bob')).toBe(2)
    expect(await db.sink.deleteSession('s1')).toBe(2)
    expect(ids((await db.sink.query()).records)).toEqual([])
    await db.sink.append(record('q5', { at: T0 }))
    await db.sink.append(record('q6', { at: T0 + 50 }))
    expect(await db.sink.deleteBefore(T0 + 50)).toBe(1)
    expect(ids((await db.sink.query()).records)).toEqual(['q6'])
  })

  it('exports every matching record as JSON Lines, page after page', async () => {
    for (let i = 0; i < 1_005; i += 1) await db.sink.append(record(`r${i}`, { at: T0 + i }))
    const lines: string[] = []
    for await (const line of db.sink.exportJsonLines({ from: T0 + 3 })) lines.push(line)
    expect(lines).toHaveLength(1_002)
    expect(JSON.parse(lines[0] ?? '')).toEqual(record('r3', { at: T0 + 3 }))
    expect(JSON.parse(lines.at(-1) ?? '')).toMatchObject({ rpcId: 'r1004' })
  })
})

describe('a cluster of two nodes on one database', () => {
  it('records each question exactly once, by the node whose claim won it', async () => {
    const audit = (nodeId: string) => ({
      audit: { sink: createPostgresAuditSink({ pool: db.pool }), nodeId },
    })
    const a = await cluster.start('a', {}, audit('a'))
    const b = await cluster.start('b', {}, audit('b'))
    const onA = await readyTab(a.base, { sessions: ['s1'] })
    const onB = await readyTab(b.base, { sessions: ['s1'] })

    const answered = a.ask('s1')
    const answeredId = await a.registeredId(0)
    await onB.count('question/requested', 1)
    expect((await post(b.base, answerBody(answeredId, 's1'))).json).toEqual({ accepted: true })
    await expect(answered).resolves.toEqual(VALID_ANSWER)

    const cancelled = b.ask('s1')
    const cancelledId = await b.registeredId(0)
    await onA.count('question/requested', 2)
    expect((await post(a.base, cancelBody(cancelledId, 's1'))).json).toEqual({ accepted: true })
    expect(isUserQuestionError(await cancelled.catch((e: unknown) => e), 'ASK_CANCELLED')).toBe(
      true,
    )

    const timedOut = a.ask('s1', { timeoutMs: 300 })
    const timedOutId = await a.registeredId(1)
    expect(isUserQuestionError(await timedOut.catch((e: unknown) => e), 'ASK_TIMED_OUT')).toBe(true)

    await Promise.all([a.host.audit?.flush(), b.host.audit?.flush()])
    const { records } = await db.sink.query({ sessionId: 's1' })
    expect(
      records.map((r) => [
        r.rpcId,
        r.kind === 'question' && r.outcome,
        r.where.node,
        r.by?.principal,
      ]),
    ).toEqual([
      [answeredId, 'answered', 'b', 'alice'],
      [cancelledId, 'cancelled', 'a', 'alice'],
      [timedOutId, 'timed-out', 'a', undefined],
    ])
    const shownOnB = records[0]
    expect(shownOnB?.kind === 'question' && shownOnB.at.shown).toBeGreaterThanOrEqual(
      shownOnB?.kind === 'question' ? shownOnB.at.asked : Number.NaN,
    )
    expect([a.host.audit?.failed, b.host.audit?.failed]).toEqual([0, 0])
  })

  it('records a question whose node died once, by the node whose reap ended it', async () => {
    const audit = (nodeId: string) => ({
      audit: { sink: createPostgresAuditSink({ pool: db.pool }), nodeId },
    })
    const a = await cluster.start('a', {}, audit('a'))
    const b = await cluster.start('b', {}, audit('b'))
    const onB = await readyTab(b.base, { sessions: ['s1'] })
    a.ask('s1')
    const rpcId = await a.registeredId(0)
    await onB.count('question/requested', 1)
    await a.crash()
    const [resolved] = await onB.count('question/resolved', 1)
    expect(resolved).toMatchObject({ rpcId, outcome: 'aborted', reason: 'server-gone' })
    await expect
      .poll(async () => (await db.sink.query({ sessionId: 's1' })).records, { timeout: 10_000 })
      .toHaveLength(1)
    const [record] = (await db.sink.query({ sessionId: 's1' })).records
    expect(record).toMatchObject({
      kind: 'question',
      rpcId,
      outcome: 'aborted',
      reason: 'server-gone',
      code: 'ASK_ABORTED',
      where: { node: 'b' },
    })
    expect(record && 'by' in record).toBe(false)
  })
})
