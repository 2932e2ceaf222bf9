import type { Pool } from 'pg'

/**
 * The demo's own tables, prefixed `parley_demo_` to stay apart from the
 * coordinator's `parley_` ones. Append a migration to change them; never
 * edit one that shipped.
 */
const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'sessions, transcript events, test asks',
    sql: `
      CREATE TABLE parley_demo_sessions (
        id text PRIMARY KEY,
        principal text NOT NULL,
        title text NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE INDEX parley_demo_sessions_by_principal
        ON parley_demo_sessions (principal, updated_at DESC);
      CREATE INDEX parley_demo_sessions_by_age ON parley_demo_sessions (updated_at);

      CREATE TABLE parley_demo_events (
        session_id text NOT NULL REFERENCES parley_demo_sessions (id) ON DELETE CASCADE,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        kind text NOT NULL,
        event_id text NOT NULL,
        body jsonb NOT NULL,
        PRIMARY KEY (session_id, kind, event_id)
      );
      CREATE INDEX parley_demo_events_in_order ON parley_demo_events (session_id, seq);

      CREATE TABLE parley_demo_test_asks (
        id text PRIMARY KEY,
        principal text NOT NULL,
        view jsonb NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE INDEX parley_demo_test_asks_by_age ON parley_demo_test_asks (updated_at);
    `,
  },
  {
    version: 2,
    name: 'chat settings',
    sql: `
      CREATE TABLE parley_demo_settings (
        session_id text PRIMARY KEY REFERENCES parley_demo_sessions (id) ON DELETE CASCADE,
        subagents boolean NOT NULL
      );
    `,
  },
]

/** Any constant: the advisory lock that lets one node migrate while the others wait. */
const MIGRATION_LOCK = 0x7061_726c

/**
 * Applies the migrations not applied yet, in order, in one transaction. Safe
 * to run from every node at once: they queue on an advisory lock, and the
 * ones after the first find nothing to do. Returns the versions applied.
 */
export async function migrate(pool: Pool): Promise<number[]> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await client.query(`CREATE TABLE IF NOT EXISTS parley_demo_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = await client.query<{ version: number }>(
      'SELECT version FROM parley_demo_migrations',
    )
    const applied = new Set(done.rows.map((row) => row.version))
    const now: number[] = []
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue
      await client.query(migration.sql)
      await client.query('INSERT INTO parley_demo_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ])
      now.push(migration.version)
    }
    await client.query('COMMIT')
    return now
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}
