import type { Pool } from 'pg'
import { transaction } from './transaction.ts'

/**
 * The coordinator's schema, one entry per version, applied in order and
 * never edited once released (a change is a new version). Every table is
 * prefixed `parley_`, so the coordinator can share a database with the app.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'questions and nodes',
    sql: `
      CREATE TABLE parley_questions (
        rpc_id        text PRIMARY KEY,
        seq           bigserial NOT NULL,
        session_id    text NOT NULL,
        resume_key    text,
        frame_text    text NOT NULL,
        state         text NOT NULL DEFAULT 'pending'
                      CHECK (state IN ('pending', 'answered', 'cancelled', 'aborted', 'timed-out')),
        reason        text,
        answer        jsonb,
        response_id   text,
        owner         text,
        deadline_at   timestamptz,
        requested_at  timestamptz NOT NULL DEFAULT now(),
        settled_at    timestamptz,
        orphaned_at   timestamptz,
        delivered_at  timestamptz
      );
      CREATE UNIQUE INDEX parley_questions_resume_key
        ON parley_questions (session_id, resume_key) WHERE resume_key IS NOT NULL;
      CREATE INDEX parley_questions_pending_session
        ON parley_questions (session_id, seq) WHERE state = 'pending';
      CREATE INDEX parley_questions_pending_owner
        ON parley_questions (owner) WHERE state = 'pending';
      CREATE INDEX parley_questions_settled_at
        ON parley_questions (settled_at) WHERE state <> 'pending';
      CREATE TABLE parley_nodes (
        node_id       text PRIMARY KEY,
        started_at    timestamptz NOT NULL DEFAULT now(),
        heartbeat_at  timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 2,
    name: 'session tags and the secret fingerprint',
    sql: `
      ALTER TABLE parley_questions ADD COLUMN session_tag text;
      CREATE TABLE parley_cluster (
        id                  boolean PRIMARY KEY DEFAULT true CHECK (id),
        secret_fingerprint  text NOT NULL,
        created_at          timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 3,
    name: 'the audit log',
    sql: `
      CREATE TABLE parley_audit (
        id           bigserial PRIMARY KEY,
        rpc_id       text NOT NULL,
        kind         text NOT NULL CHECK (kind IN ('question', 'amendment')),
        revision     integer NOT NULL DEFAULT 0,
        session_id   text NOT NULL,
        principal    text,
        outcome      text
                     CHECK (outcome IN ('answered', 'cancelled', 'aborted', 'timed-out')),
        node_id      text,
        recorded_at  timestamptz NOT NULL,
        record       jsonb NOT NULL,
        inserted_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX parley_audit_once ON parley_audit (rpc_id, kind, revision);
      CREATE INDEX parley_audit_session ON parley_audit (session_id, recorded_at);
      CREATE INDEX parley_audit_recorded_at ON parley_audit (recorded_at);
      CREATE INDEX parley_audit_outcome ON parley_audit (outcome, recorded_at)
        WHERE outcome IS NOT NULL;
      CREATE INDEX parley_audit_principal ON parley_audit (principal)
        WHERE principal IS NOT NULL;
      CREATE FUNCTION parley_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'parley_audit is append-only: a record is never changed';
      END
      $$;
      CREATE TRIGGER parley_audit_append_only BEFORE UPDATE ON parley_audit
        FOR EACH ROW EXECUTE FUNCTION parley_audit_append_only();
    `,
  },
]

/** The advisory lock key that serialises migrations across nodes starting together. */
const MIGRATION_LOCK = 0x7061726c // "parl"

/**
 * Brings the coordinator's tables to the latest version. Idempotent, and safe
 * when several nodes start at once: one applies, the others wait for its
 * lock and then find nothing to do. Returns the versions it applied.
 */
export function migrate(pool: Pool): Promise<number[]> {
  return transaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await client.query(`
      CREATE TABLE IF NOT EXISTS parley_migrations (
        version     integer PRIMARY KEY,
        name        text NOT NULL,
        applied_at  timestamptz NOT NULL DEFAULT now()
      )`)
    const done = await client.query<{ version: number }>('SELECT version FROM parley_migrations')
    const applied = new Set(done.rows.map((row) => row.version))
    const ran: number[] = []
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue
      await client.query(migration.sql)
      await client.query('INSERT INTO parley_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ])
      ran.push(migration.version)
    }
    return ran
  })
}
