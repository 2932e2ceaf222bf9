import {
  type AuditPage,
  type AuditPageQuery,
  type AuditQuery,
  type AuditRecord,
  type AuditSink,
  auditCursor,
  auditJsonLines,
  auditRecordedAt,
  DEFAULT_AUDIT_PAGE,
  type ParsedAuditPageQuery,
  parseAuditPageQuery,
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

/** The audit log in PostgreSQL: the `parley_audit` table, append-only. */
export interface PostgresAuditSink extends AuditSink {
  /** Resolves once the table exists (the migrations applied). */
  readonly ready: Promise<void>
  /** Stores a record once: a second record of the same question (or revision) is ignored. */
  append(record: AuditRecord): Promise<void>
  /**
   * A page of the records matching `query`, oldest or newest first (by the
   * time each happened, ties broken by rpcId, revision and kind), at most
   * `limit` (1 to 10,000; default 1,000), resuming `after` or `before` a
   * cursor. Rejects with `AuditQueryError` (`BAD_AUDIT_QUERY`) for a bad
   * query, before it reaches the database.
   */
  query(query?: AuditPageQuery): Promise<AuditPage>
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

/** The log's order: a row's time, then its natural key, compared byte by byte. */
const PLACE = `(recorded_at, rpc_id COLLATE "C", revision, kind COLLATE "C")`
const ORDER = {
  'oldest-first': 'recorded_at, rpc_id COLLATE "C", revision, kind COLLATE "C"',
  'newest-first': 'recorded_at DESC, rpc_id COLLATE "C" DESC, revision DESC, kind COLLATE "C" DESC',
} as const
const AT = (n: string) => `to_timestamp(${n}::double precision / 1000)`

/** The WHERE clause and parameters of a parsed query. */
function where(query: ParsedAuditPageQuery): { sql: string; params: unknown[] } {
  const clauses: string[] = []
  const params: unknown[] = []
  const add = (clause: (...n: string[]) => string, ...values: unknown[]) => {
    const numbers = values.map((value) => `$${params.push(value)}`)
    clauses.push(clause(...numbers))
  }
  if (query.sessionId !== undefined) add((n) => `session_id = ${n}`, query.sessionId)
  if (query.outcome !== undefined) add((n) => `outcome = ${n}`, query.outcome)
  if (query.principal !== undefined) add((n) => `principal = ${n}`, query.principal)
  if (query.rpcId !== undefined) add((n) => `rpc_id = ${n}`, query.rpcId)
  if (query.kind !== undefined) add((n) => `kind = ${n}`, query.kind)
  if (query.from !== undefined) add((n) => `recorded_at >= ${AT(n)}`, query.from)
  if (query.to !== undefined) add((n) => `recorded_at < ${AT(n)}`, query.to)
  // The plain time bound lets the time indexes (alone, or after session or outcome) find the start.
  if (query.before)
    add(
      (t, r, v, k) => `recorded_at <= ${AT(t)} AND ${PLACE} < (${AT(t)}, ${r}, ${v}, ${k})`,
      ...query.before,
    )
  if (query.after)
    add(
      (t, r, v, k) => `recorded_at >= ${AT(t)} AND ${PLACE} > (${AT(t)}, ${r}, ${v}, ${k})`,
      ...query.after,
    )
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

  async function query(input: AuditPageQuery = {}): Promise<AuditPage> {
    const query = parseAuditPageQuery(input)
    await ready
    const { sql, params } = where(query)
    const { rows } = await pool.query<{ id: string; record: unknown }>(
      `SELECT id::text AS id, record FROM parley_audit ${sql}
       ORDER BY ${ORDER[query.order]} LIMIT ${query.limit + 1}`,
      params,
    )
    const records = rows.slice(0, query.limit).map((row) => {
      const record = parseAuditRecord(row.record)
      if (!record) throw new CorruptAuditRowError(row.id)
      return record
    })
    const last = records.at(-1)
    return { records, next: rows.length > query.limit && last ? auditCursor(last) : undefined }
  }

  async function* records(filter: AuditQuery = {}): AsyncGenerator<AuditRecord> {
    let after: string | undefined
    do {
      const page = await query({
        ...filter,
        order: 'oldest-first',
        after,
        limit: DEFAULT_AUDIT_PAGE,
      })
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
