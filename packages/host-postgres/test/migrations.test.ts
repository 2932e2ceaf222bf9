import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../scripts/throwaway-postgres.ts'
import { MIGRATIONS, migrate } from '../src/index.ts'

let db: ThrowawayPostgres
beforeAll(async () => {
  db = await startThrowawayPostgres()
}, 30_000)
afterAll(() => db.stop())

describe('migrate', () => {
  it('applies every version once, even when three nodes start at the same moment', async () => {
    const pools = [1, 2, 3].map(() => new pg.Pool({ connectionString: db.url, max: 2 }))
    const [first] = pools
    if (!first) throw new Error('no pool')
    try {
      const ran = await Promise.all(pools.map((pool) => migrate(pool)))
      const latest = MIGRATIONS.map((migration) => migration.version)
      expect(ran.flat().sort()).toEqual(latest)
      expect(await migrate(first)).toEqual([])
      const { rows } = await first.query('SELECT version FROM parley_migrations ORDER BY version')
      expect(rows.map((row) => row.version)).toEqual(latest)
      const tables = await first.query(
        "SELECT tablename FROM pg_tables WHERE tablename LIKE 'parley\\_%' ORDER BY tablename",
      )
      expect(tables.rows.map((row) => row.tablename)).toEqual([
        'parley_audit',
        'parley_cluster',
        'parley_migrations',
        'parley_nodes',
        'parley_questions',
      ])
    } finally {
      await Promise.all(pools.map((pool) => pool.end()))
    }
  })
})
