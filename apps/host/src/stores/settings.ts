import type { Pool } from 'pg'
import type { SettingsStore } from './types.ts'

/** One process: a chat's settings live in this process, until its session goes. */
export function createMemorySettings(): SettingsStore & { drop(sessionId: string): void } {
  const subagents = new Map<string, boolean>()
  return {
    async subagents(sessionId) {
      return subagents.get(sessionId)
    },
    async setSubagents(sessionId, allowed) {
      subagents.set(sessionId, allowed)
    },
    drop: (sessionId) => void subagents.delete(sessionId),
  }
}

/**
 * Cluster mode: a chat's settings in `parley_demo_settings`, so the node
 * that runs its next turn reads what the node that heard `/subagents off`
 * wrote. A row goes with its session.
 */
export function createPostgresSettings(options: { pool: Pool }): SettingsStore {
  const { pool } = options
  return {
    async subagents(sessionId) {
      const { rows } = await pool.query<{ subagents: boolean }>(
        'SELECT subagents FROM parley_demo_settings WHERE session_id = $1',
        [sessionId],
      )
      return rows[0]?.subagents
    },
    async setSubagents(sessionId, allowed) {
      // A session that is gone keeps no settings (its foreign key refuses the row).
      await pool.query(
        `INSERT INTO parley_demo_settings (session_id, subagents)
         SELECT id, $2 FROM parley_demo_sessions WHERE id = $1
         ON CONFLICT (session_id) DO UPDATE SET subagents = excluded.subagents`,
        [sessionId, allowed],
      )
    },
  }
}
