import { MIGRATIONS, migrate } from '@parley/host-postgres'
import pg from 'pg'

// `DATABASE_URL=… npm run migrate` applies the coordinator's migrations once,
// at deploy, before the nodes start (then run them with PARLEY_MIGRATE=false).
// Idempotent: a second run applies nothing.
const connectionString = process.env.DATABASE_URL
if (!connectionString) {
  console.error('DATABASE_URL is required.')
  process.exit(2)
}
const pool = new pg.Pool({ connectionString, max: 1 })
try {
  const applied = await migrate(pool)
  const latest = MIGRATIONS.at(-1)?.version
  console.log(
    applied.length > 0
      ? `applied migrations ${applied.join(', ')}; the schema is at version ${latest}`
      : `nothing to apply; the schema is at version ${latest}`,
  )
} catch (error) {
  console.error('migration failed:', error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await pool.end()
}
