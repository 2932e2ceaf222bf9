import { parseEach, TranscriptEventSchema } from '@parley/demo-chat'
import type { Pool } from 'pg'
import { DEFAULT_SESSION_LIMITS, type TranscriptStore } from './types.ts'

export interface PostgresTranscriptsOptions {
  pool: Pool
  /** Events kept per session. @default 500 */
  maxEvents?: number | undefined
}

/** PostgreSQL's code for a foreign key violation: the session is gone. */
const FOREIGN_KEY_VIOLATION = '23503'

/**
 * Transcripts in PostgreSQL (`parley_demo_events`): a tab served by any node
 * reads the events an agent on any other node recorded. A replaced event
 * keeps its place (`seq` is kept on conflict).
 */
export function createPostgresTranscripts(options: PostgresTranscriptsOptions): TranscriptStore {
  const { pool } = options
  const maxEvents = options.maxEvents ?? DEFAULT_SESSION_LIMITS.maxEvents

  return {
    async record(sessionId, event) {
      try {
        await pool.query(
          `INSERT INTO parley_demo_events (session_id, kind, event_id, body) VALUES ($1, $2, $3, $4)
           ON CONFLICT (session_id, kind, event_id) DO UPDATE SET body = excluded.body`,
          [sessionId, event.kind, event.id, JSON.stringify(event)],
        )
      } catch (error) {
        if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return
        throw error
      }
      await pool.query(
        `DELETE FROM parley_demo_events WHERE session_id = $1 AND seq <= (
           SELECT seq FROM parley_demo_events WHERE session_id = $1
           ORDER BY seq DESC OFFSET $2 LIMIT 1)`,
        [sessionId, maxEvents],
      )
    },
    async events(sessionId) {
      const { rows } = await pool.query<{ body: unknown }>(
        'SELECT body FROM parley_demo_events WHERE session_id = $1 ORDER BY seq',
        [sessionId],
      )
      // What another version of the demo wrote may not parse: drop it, not the transcript.
      return parseEach(
        TranscriptEventSchema,
        rows.map((row) => row.body),
      )
    },
  }
}
