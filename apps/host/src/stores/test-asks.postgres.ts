import type { Pool } from 'pg'
import * as v from 'valibot'
import type { TestAskLedger, TestAskView } from './types.ts'

const ViewSchema = v.object({
  status: v.picklist(['pending', 'answered', 'rejected']),
  rpcId: v.optional(v.string()),
  answer: v.optional(v.unknown()),
  error: v.optional(v.object({ name: v.string(), code: v.string(), message: v.string() })),
})

/** Settled test asks are kept this long for `GET /api/test/asks/:id`. */
const KEEP_MS = 60 * 60 * 1000
/** Every this many writes, rows older than `KEEP_MS` go. */
const PRUNE_EVERY = 500

/**
 * The test API's ledger in PostgreSQL (`parley_demo_test_asks`): the node
 * that holds an ask writes how it stands, and every node reads it.
 */
export function createPostgresTestAsks(options: { pool: Pool; now?: () => number }): TestAskLedger {
  const { pool } = options
  const now = options.now ?? Date.now
  let writes = 0

  return {
    async write(askId, principal, view) {
      const at = now()
      await pool.query(
        `INSERT INTO parley_demo_test_asks (id, principal, view, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET view = excluded.view, updated_at = excluded.updated_at`,
        [askId, principal, JSON.stringify(view), at],
      )
      writes += 1
      if (writes % PRUNE_EVERY === 0)
        await pool.query('DELETE FROM parley_demo_test_asks WHERE updated_at < $1', [at - KEEP_MS])
    },
    async read(principal, askId): Promise<TestAskView | undefined> {
      const { rows } = await pool.query<{ view: unknown }>(
        'SELECT view FROM parley_demo_test_asks WHERE id = $1 AND principal = $2',
        [askId, principal],
      )
      const parsed = v.safeParse(ViewSchema, rows[0]?.view)
      return parsed.success ? parsed.output : undefined
    },
  }
}
