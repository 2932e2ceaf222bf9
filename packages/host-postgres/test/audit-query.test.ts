import {
  type AuditPageQuery,
  AuditQueryError,
  type AuditRecord,
  auditCursor,
  createMemoryAuditSink,
} from '@parley/host'
import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { createPostgresAuditSink } from '../src/index.ts'
import { useAuditSink, useCluster } from './cluster.ts'

vi.setConfig({ testTimeout: 20_000 })

const cluster = useCluster()
const db = useAuditSink(cluster)

const T0 = 1_800_000_000_000

function question(rpcId: string, ended: number, sessionId = 's1'): AuditRecord {
  return {
    version: 1,
    kind: 'question',
    rpcId,
    sessionId,
    questions: [{ id: 'go', question: 'Deploy now?', options: [{ label: 'Yes' }] }],
    outcome: 'answered',
    answer: { answers: [{ id: 'go', selected: ['Yes'] }] },
    by: { principal: 'alice' },
    where: { node: 'n1' },
    at: { asked: ended - 1_000, ended },
  }
}

function amendment(rpcId: string, revision: number, amended: number): AuditRecord {
  return {
    version: 1,
    kind: 'amendment',
    rpcId,
    sessionId: 's1',
    revision,
    changed: ['go'],
    answer: { answers: [{ id: 'go', selected: ['Yes'] }] },
    by: { principal: 'alice' },
    where: { node: 'n1' },
    at: { amended },
  }
}

/** Three records at one millisecond, between two others, appended out of order. */
const RECORDS = [
  question('q-late', T0 + 20),
  question('q-b', T0 + 10),
  question('q-first', T0),
  question('q-c', T0 + 10),
  amendment('q-b', 1, T0 + 10),
]
const NEWEST_FIRST = ['q-late', 'q-c', 'q-b/amendment', 'q-b/question', 'q-first']

const place = (record: AuditRecord) =>
  record.rpcId === 'q-b' ? `q-b/${record.kind}` : record.rpcId

/** Every page of a query, following `next` through `before` (newest first) or `after`. */
async function allPages(
  read: (query: AuditPageQuery) => Promise<{ records: AuditRecord[]; next: string | undefined }>,
  query: AuditPageQuery,
): Promise<string[][]> {
  const pages: string[][] = []
  let cursor: string | undefined
  do {
    const page = await read({
      ...query,
      ...(query.order === 'newest-first' ? { before: cursor } : { after: cursor }),
    })
    pages.push(page.records.map(place))
    cursor = page.next
  } while (cursor !== undefined)
  return pages
}

describe("the PostgreSQL audit sink's query", () => {
  it('reads newest first, by when each record happened, not when it was stored', async () => {
    for (const record of RECORDS) await db.sink.append(record)
    const page = await db.sink.query({ order: 'newest-first' })
    expect([page.records.map(place), page.next]).toEqual([NEWEST_FIRST, undefined])
    expect((await db.sink.query()).records.map(place)).toEqual([...NEWEST_FIRST].reverse())
  })

  it('pages with before across records of one millisecond, none lost or repeated', async () => {
    for (const record of RECORDS) await db.sink.append(record)
    const pages = await allPages(db.sink.query, { order: 'newest-first', limit: 2 })
    expect(pages).toEqual([['q-late', 'q-c'], ['q-b/amendment', 'q-b/question'], ['q-first']])
    const oldest = await allPages(db.sink.query, { limit: 1 })
    expect(oldest.flat()).toEqual([...NEWEST_FIRST].reverse())
  })

  it('resumes before a record that was deleted since its cursor was read', async () => {
    for (const record of RECORDS) await db.sink.append(record)
    const cursor = auditCursor(question('q-c', T0 + 10))
    expect(await db.sink.deleteBefore(T0 + 20)).toBe(4)
    await db.sink.append(question('q-early', T0 + 5))
    const page = await db.sink.query({ order: 'newest-first', before: cursor })
    expect(page.records.map(place)).toEqual(['q-early'])
  })

  it('finds one question by rpcId, with its amendments, and only questions by kind', async () => {
    for (const record of RECORDS) await db.sink.append(record)
    await db.sink.append(amendment('q-b', 2, T0 + 30))
    const trail = await db.sink.query({ rpcId: 'q-b' })
    expect(trail.records.map((r) => [r.kind, r.kind === 'amendment' && r.revision])).toEqual([
      ['question', false],
      ['amendment', 1],
      ['amendment', 2],
    ])
    const questions = await db.sink.query({ kind: 'question', order: 'newest-first', limit: 2 })
    expect(questions.records.map(place)).toEqual(['q-late', 'q-c'])
    expect((await db.sink.query({ rpcId: 'no-such-question' })).records).toEqual([])
  })

  it('refuses a bad query with BAD_AUDIT_QUERY, naming the field, before it reaches the database', async () => {
    // Nothing listens there: a query that reached the pool would fail with ECONNREFUSED.
    const nowhere = new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/none' })
    const offline = createPostgresAuditSink({ pool: nowhere, migrate: false })
    const refused = async (query: unknown) => {
      // A caller without types (JavaScript, or data from a request) can send any of these.
      const error = await offline.query(query as AuditPageQuery).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AuditQueryError)
      return error instanceof AuditQueryError
        ? [error.code, error.issues[0]?.split(/[.:]/)[0]]
        : [String(error)]
    }
    expect(await refused({ limit: 0 })).toEqual(['BAD_AUDIT_QUERY', 'limit'])
    expect(await refused({ limit: 10_001 })).toEqual(['BAD_AUDIT_QUERY', 'limit'])
    expect(await refused({ limit: 2.5 })).toEqual(['BAD_AUDIT_QUERY', 'limit'])
    expect(await refused({ order: 'newest' })).toEqual(['BAD_AUDIT_QUERY', 'order'])
    expect(await refused({ before: 'q-b' })).toEqual(['BAD_AUDIT_QUERY', 'before'])
    expect(await refused({ after: '[1,"q",0,"answer"]' })).toEqual(['BAD_AUDIT_QUERY', 'after'])
    expect(await refused({ rpcId: 'x'.repeat(1_001) })).toEqual(['BAD_AUDIT_QUERY', 'rpcId'])
    expect(await refused({ session: 's1' })).toEqual(['BAD_AUDIT_QUERY', 'session'])
    expect(await refused({ from: Number.NaN })).toEqual(['BAD_AUDIT_QUERY', 'from'])
    await nowhere.end()
    await expect(db.sink.query({ limit: -1 })).rejects.toMatchObject({ code: 'BAD_AUDIT_QUERY' })
  })

  it('reads the same pages as the in-memory sink given the same records', async () => {
    const memory = createMemoryAuditSink()
    for (const record of RECORDS) {
      await db.sink.append(record)
      memory.append(record)
    }
    const queries: AuditPageQuery[] = [
      { order: 'newest-first', limit: 2 },
      { limit: 3 },
      { kind: 'question', order: 'newest-first', limit: 1 },
      { rpcId: 'q-b', order: 'newest-first' },
      { from: T0 + 10, to: T0 + 20, limit: 2 },
    ]
    for (const query of queries)
      expect(await allPages(db.sink.query, query)).toEqual(
        await allPages(async (q) => memory.query(q), query),
      )
  })
})
