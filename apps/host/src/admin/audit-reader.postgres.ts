/**
 * The operator's view of the shared audit log: `parley_audit` (created by
 * `@parley/host-postgres`'s migrations) read newest first by its `id`, the
 * order records were stored in, with the package's own record parser.
 */
import { type AuditRecord, parseAuditRecord } from '@parley/host'
import type { Pool } from 'pg'
import { type AuditReader, isQuestionRecord, trailOf } from './audit-reader.ts'

/** A stored row that does not parse as a record this host writes. */
function parsed(row: { id: string; record: unknown }): AuditRecord {
  const record = parseAuditRecord(row.record)
  if (!record) throw new Error(`parley_audit row ${row.id}: the record does not parse.`)
  return record
}

/** Reads `parley_audit` through `pool` once `ready` (the sink's migrations) resolved. */
export function postgresAuditReader(pool: Pool, ready: Promise<void>): AuditReader {
  return {
    async questions({ outcome, sessionId, limit, before }) {
      await ready
      const params: unknown[] = []
      const clauses = ["kind = 'question'"]
      const add = (clause: (n: string) => string, value: unknown) => {
        params.push(value)
        clauses.push(clause(`$${params.length}`))
      }
      if (outcome !== undefined) add((n) => `outcome = ${n}`, outcome)
      if (sessionId !== undefined) add((n) => `session_id = ${n}`, sessionId)
      // A cursor that names no record compares with NULL: an empty page, as in memory.
      if (before !== undefined)
        add(
          (n) =>
            `id < (SELECT id FROM parley_audit WHERE rpc_id = ${n} AND kind = 'question' AND revision = 0)`,
          before,
        )
      params.push(limit + 1)
      const { rows } = await pool.query<{ id: string; record: unknown }>(
        `SELECT id::text AS id, record FROM parley_audit WHERE ${clauses.join(' AND ')}
         ORDER BY id DESC LIMIT $${params.length}`,
        params,
      )
      return {
        records: rows.slice(0, limit).map(parsed).filter(isQuestionRecord),
        more: rows.length > limit,
      }
    },
    async trail(rpcId) {
      await ready
      const { rows } = await pool.query<{ id: string; record: unknown }>(
        'SELECT id::text AS id, record FROM parley_audit WHERE rpc_id = $1 ORDER BY id',
        [rpcId],
      )
      return trailOf(rows.map(parsed))
    },
  }
}
