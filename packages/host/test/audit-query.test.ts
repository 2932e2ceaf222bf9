import { describe, expect, it } from 'vitest'
import {
  type AuditPageQuery,
  AuditQueryError,
  type AuditRecord,
  auditCursor,
  createMemoryAuditSink,
} from '../src/index.ts'
import { auditQuestion } from './helpers.ts'

const question = (rpcId: string, ended: number, sessionId = 's1') =>
  auditQuestion(rpcId, ended, { sessionId })

const ids = (page: { records: AuditRecord[] }) => page.records.map((record) => record.rpcId)

describe("the in-memory sink's query", () => {
  it('reads newest first and pages with before across records of one millisecond', () => {
    const sink = createMemoryAuditSink()
    for (const [rpcId, at] of [
      ['d', 30],
      ['b', 20],
      ['a', 10],
      ['c', 20],
      ['e', 20],
    ] as const)
      sink.append(question(rpcId, at))
    const seen: string[] = []
    let before: string | undefined
    do {
      const page = sink.query({ order: 'newest-first', limit: 2, before })
      seen.push(...ids(page))
      before = page.next
    } while (before !== undefined)
    expect(seen).toEqual(['d', 'e', 'c', 'b', 'a'])
    expect(ids(sink.query({ before: auditCursor(question('c', 20)) }))).toEqual(['a', 'b'])
  })

  it('filters by rpcId and kind, next to the filters list has', () => {
    const sink = createMemoryAuditSink()
    sink.append(question('a', 1))
    sink.append(question('b', 2, 's2'))
    sink.append({ ...question('a', 3), outcome: 'cancelled', rpcId: 'c' })
    expect(ids(sink.query({ rpcId: 'b' }))).toEqual(['b'])
    expect(ids(sink.query({ kind: 'amendment' }))).toEqual([])
    expect(ids(sink.query({ kind: 'question', sessionId: 's1', order: 'newest-first' }))).toEqual([
      'c',
      'a',
    ])
    expect(sink.list({ rpcId: 'a' }).map((record) => record.rpcId)).toEqual(['a'])
  })

  it('refuses a bad query with BAD_AUDIT_QUERY and the field at fault', () => {
    const sink = createMemoryAuditSink()
    const refusal = (query: unknown) => {
      try {
        // As a caller without types would send it.
        sink.query(query as AuditPageQuery)
      } catch (error) {
        if (error instanceof AuditQueryError) return [error.code, error.issues.join()]
        throw error
      }
      return ['accepted']
    }
    expect(refusal({ limit: 10_001 })).toEqual([
      'BAD_AUDIT_QUERY',
      expect.stringMatching(/^limit: /),
    ])
    expect(refusal({ order: 'latest' })).toEqual([
      'BAD_AUDIT_QUERY',
      expect.stringMatching(/^order: /),
    ])
    expect(refusal({ before: 'not a cursor' })).toEqual([
      'BAD_AUDIT_QUERY',
      expect.stringMatching(/^before: /),
    ])
    expect(refusal({ limit: 10_000, order: 'newest-first' })).toEqual(['accepted'])
  })
})
