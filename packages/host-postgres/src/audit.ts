import {
  type AuditQuery,
  type AuditRecord,
  type AuditSink,
  auditJsonLines,
  auditRecordedAt,
  parseAuditRecord,
} from '@parley/host'
import type { Pool } from 'pg'
import { migrate } from './migrations.ts'

/** Options of {@link createPostgresAuditSink}. */
export interface PostgresAuditSinkOptions {
  /** The pool it writes and reads through (the coordinator's may be shared). */
  pool: Pool
  /**
   * Applies the package's migrations (which create `parley_audit`) before
   * the first query. Turn it off when they are applied another way.
   * @default true
   */
  migrate?: boolean
}

/** A page of {@link PostgresAuditSink.query}. */
export interface PostgresAuditQuery extends AuditQuery {
  /** The most records to return. @default 1000 */
  limit?: number | undefined
  /** Only records stored after this one (its `id` from a previous page's `next`). */
  after?: string | undefined
}

/** Records and where the next page starts (`undefined` on the last page). */
export interface AuditPage {
  records: AuditRecord[]
  next: string | undefined
}

/** The audit log in PostgreSQL: the `parley_audit` table, append-only. */
export interface PostgresAuditSink extends AuditSink {
  /** Resolves once the table exists (the migrations applied). */
  readonly ready: Promise<void>
  /** Stores a record once: a second record of the same question (or revision) is ignored. */
  append(record: AuditRecord): Promise<void>
  /** Records matching `query`, oldest first, a page at a time. */
  query(query?: PostgresAuditQuery): Promise<AuditPage>
  /** Every record matching `query`, oldest first, read a page at a time. */
  records(query?: AuditQuery): AsyncGenerator<AuditRecord>
  /** The records matching `query` as JSON Lines, read a page at a time. */
  exportJsonLines(query?: AuditQuery): AsyncGenerator<string>
  /** Deletes every record of a principal (`by.principal`), for an erasure request; returns how many. */
  deletePrincipal(principal: string): Promise<number>
  /** Deletes every record of a session (a conversation deleted with its person's data); returns how many. */
  deleteSession(sessionId: string): Promise<number>
  /** Deletes the records recorded before `time` (ms since the epoch), for retention; returns how many. */
  deleteBefore(time: number): Promise<number>
}

/** A stored audit row that does not parse as a record. */
export class CorruptAuditRowError extends Error {
  readonly code = 'CORRUPT_ROW'
  constructor(id: unknown) {
    super(`parley_audit row ${String(id)}: record does not parse.`)
  }
}

const PAGE = 1000

/** The WHERE clause and parameters of a query. */
function where(query: PostgresAuditQuery): { sql: string; params: unknown[] } {
  const clauses: string[] = []
  const params: unknown[] = []
  const add = (clause: string, value: unknown) => {
    params.push(value)
    clauses.push(clause.replace('?', `$${params.length}`))
  }
  if (query.sessionId !== undefined) add('session_id = ?', query.sessionId)
  if (query.outcome !== undefined) add('outcome = ?', query.outcome)
  if (query.principal !== undefined) add('principal = ?', query.principal)
  if (query.from !== undefined)
    add('recorded_at >= to_timestamp(?::double precision / 1000)', query.from)
  if (query.to !== undefined)
    add('recorded_at < to_timestamp(?::double precision / 1000)', query.to)
  if (query.after !== undefined) add('id > ?::bigint', query.after)
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params }
}

/**
 * The PostgreSQL audit sink: one row per record in `parley_audit` (created
 * by the package's migrations, indexed by session, time, outcome and
 * principal; a trigger refuses every UPDATE). Nodes of a cluster share it:
 * each question is recorded by the node whose claim won it, and the table
 * keeps one record per question and per revision whatever is sent twice.
 */
export function createPostgresAuditSink(options: PostgresAuditSinkOptions): PostgresAuditSink {
  const { pool } = options
  const ready = options.migrate === false ? Promise.resolve() : migrate(pool).then(() => undefined)
  // Never an unhandled rejection: each query awaits it and throws its error.
  ready.catch(() => {})

  async function query(query: PostgresAuditQuery = {}): Promise<AuditPage> {
    await ready
    const limit = Math.max(1, Math.min(query.limit ?? PAGE, 10_000))
    const { sql, params } = where(query)
    const { rows } = await pool.query<{ cursor: string; record: unknown }>(
      `SELECT id::text AS cursor, record FROM parley_audit ${sql} ORDER BY parley_audit.id LIMIT ${limit + 1}`,
      params,
    )
    const page = rows.slice(0, limit)
    const records = page.map((row) => {
      const record = parseAuditRecord(row.record)
      if (!record) throw new CorruptAuditRowError(row.cursor)
      return record
    })
    return { records, next: rows.length > limit ? page.at(-1)?.cursor : undefined }
  }

  async function* records(filter: AuditQuery = {}): AsyncGenerator<AuditRecord> {
    let after: string | undefined
    do {
      const page = await query({ ...filter, after, limit: PAGE })
      yield* page.records
      after = page.next
    } while (after !== undefined)
  }

  return {
    ready,
    async append(record) {
      await ready
      await pool.query(
        `INSERT INTO parley_audit
           (rpc_id, kind, revision, session_id, principal, outcome, node_id, recorded_at, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8::double precision / 1000), $9)
         ON CONFLICT (rpc_id, kind, revision) DO NOTHING`,
        [
          record.rpcId,
          record.kind,
          record.kind === 'amendment' ? record.revision : 0,
          record.sessionId,
          record.by?.principal ?? null,
          record.kind === 'question' ? record.outcome : null,
          record.where.node ?? null,
          auditRecordedAt(record),
          JSON.stringify(record),
        ],
      )
    },
    query,
    records,
    exportJsonLines: (filter) => auditJsonLines(records(filter)),
    async deletePrincipal(principal) {
      await ready
      const result = await pool.query('DELETE FROM parley_audit WHERE principal = $1', [principal])
      return result.rowCount ?? 0
    },
    async deleteSession(sessionId) {
      await ready
      const result = await pool.query('DELETE FROM parley_audit WHERE session_id = $1', [sessionId])
      return result.rowCount ?? 0
    },
    async deleteBefore(time) {
      await ready
      const result = await pool.query(
        'DELETE FROM parley_audit WHERE recorded_at < to_timestamp($1::double precision / 1000)',
        [time],
      )
      return result.rowCount ?? 0
    },
  }
}
