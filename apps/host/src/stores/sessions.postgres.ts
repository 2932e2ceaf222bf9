import type { Pool, PoolClient } from 'pg'
import type { SessionIds } from './session-ids.ts'
import {
  DEFAULT_SESSION_LIMITS,
  type SessionLimits,
  type SessionRecord,
  type SessionStore,
  UNTITLED,
} from './types.ts'

export interface PostgresSessionsOptions extends Omit<SessionLimits, 'maxEvents'> {
  pool: Pool
  /** Mints and checks the ids (signed with the cluster's shared secret). */
  ids: SessionIds
  /** Clock in milliseconds. @default Date.now */
  now?: () => number
  /** Called with each session a bound pushed out, after its rows are deleted. */
  onEvict?: (session: SessionRecord) => void
}

interface Row {
  id: string
  principal: string
  title: string
  created_at: string
  updated_at: string
}

const COLUMNS = 'id, principal, title, created_at, updated_at'
/** Sessions gone (evicted) that `canAccess` still remembers refusing. */
const MAX_GONE = 10_000

const record = (row: Row): SessionRecord => ({
  id: row.id,
  principal: row.principal,
  title: row.title,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
})

/**
 * Sessions in PostgreSQL (`parley_demo_sessions`), shared by every node.
 * `canAccess` reads the signed id, not the database; `forget` makes it
 * refuse a session another node evicted.
 */
export function createPostgresSessions(options: PostgresSessionsOptions): SessionStore {
  const { pool, ids } = options
  const now = options.now ?? Date.now
  const maxSessions = options.maxSessions ?? DEFAULT_SESSION_LIMITS.maxSessions
  const maxOwn = options.maxSessionsPerPrincipal ?? DEFAULT_SESSION_LIMITS.maxSessionsPerPrincipal
  const gone = new Set<string>()

  function forget(id: string): void {
    gone.add(id)
    if (gone.size > MAX_GONE) gone.delete(gone.values().next().value ?? id)
  }

  /** Deletes the least recently updated sessions (of `principal`, or of all) past `keep`; returns them. */
  async function trim(
    client: PoolClient,
    keep: number,
    principal: string | null,
  ): Promise<SessionRecord[]> {
    const { rows } = await client.query<Row>(
      `DELETE FROM parley_demo_sessions WHERE id IN (
         SELECT id FROM parley_demo_sessions
         WHERE $2::text IS NULL OR principal = $2
         ORDER BY updated_at, created_at
         LIMIT GREATEST(0, (SELECT count(*) FROM parley_demo_sessions
                            WHERE $2::text IS NULL OR principal = $2) - $1))
       RETURNING ${COLUMNS}`,
      [keep, principal],
    )
    return rows.map(record)
  }

  return {
    async create(principal, title) {
      const at = now()
      const client = await pool.connect()
      let evicted: SessionRecord[] = []
      let created: SessionRecord
      try {
        await client.query('BEGIN')
        // One creation at a time per principal, so two nodes never both miss the bound.
        await client.query(`SELECT pg_advisory_xact_lock(hashtext('parley_demo:' || $1))`, [
          principal,
        ])
        evicted = await trim(client, maxOwn - 1, principal)
        evicted.push(...(await trim(client, maxSessions - 1, null)))
        const { rows } = await client.query<Row>(
          `INSERT INTO parley_demo_sessions (${COLUMNS}) VALUES ($1, $2, $3, $4, $4)
           RETURNING ${COLUMNS}`,
          [ids.mint(principal), principal, title?.trim() || UNTITLED, at],
        )
        await client.query('COMMIT')
        created = record(rows[0] as Row)
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
      for (const session of evicted) {
        forget(session.id)
        options.onEvict?.(session)
      }
      return created
    },
    async get(id) {
      const { rows } = await pool.query<Row>(
        `SELECT ${COLUMNS} FROM parley_demo_sessions WHERE id = $1`,
        [id],
      )
      return rows[0] ? record(rows[0]) : undefined
    },
    async owned(principal, id) {
      if (!ids.owns(principal, id)) return undefined
      const { rows } = await pool.query<Row>(
        `SELECT ${COLUMNS} FROM parley_demo_sessions WHERE id = $1 AND principal = $2`,
        [id, principal],
      )
      return rows[0] ? record(rows[0]) : undefined
    },
    canAccess(principal, id) {
      return ids.owns(principal, id) && !gone.has(id)
    },
    async list(principal) {
      const { rows } = await pool.query<Row>(
        `SELECT ${COLUMNS} FROM parley_demo_sessions WHERE principal = $1
         ORDER BY updated_at DESC, created_at DESC LIMIT $2`,
        [principal, maxOwn],
      )
      return rows.map(record)
    },
    async nameIfUntitled(id, title) {
      await pool.query('UPDATE parley_demo_sessions SET title = $2 WHERE id = $1 AND title = $3', [
        id,
        title,
        UNTITLED,
      ])
    },
    async touch(id) {
      await pool.query(
        'UPDATE parley_demo_sessions SET updated_at = GREATEST(updated_at, $2) WHERE id = $1',
        [id, now()],
      )
    },
    forget,
  }
}
