import type { Pool } from 'pg'
import * as SQL from './sql.ts'

/**
 * A node's secret differs from the one the cluster runs with. Its doorbells
 * would be dropped by every other node and its identities would not verify
 * there, so it refuses to join rather than split the cluster.
 */
export class SecretMismatchError extends Error {
  readonly code = 'SECRET_MISMATCH'
  constructor(rotating: boolean) {
    super(
      rotating
        ? "The cluster runs with one of this node's previous secrets and other nodes are still running: " +
            'a rotation takes effect once every node restarts with the new secret (see docs/deployment.md).'
        : "This node's secret is not the one the cluster runs with (its fingerprint in parley_cluster differs): " +
            'give every node the same secret.',
    )
    this.name = 'SecretMismatchError'
  }
}

interface Check {
  fingerprint: string
  previous: readonly string[]
  nodeId: string
  deadAfterMs: number
}

/**
 * Stores the secret's fingerprint on the first join and compares it on every
 * later one. A fingerprint of a previous secret is replaced by this node's
 * when no other node is running (the last step of a rotation).
 */
export async function checkFingerprint(pool: Pool, check: Check): Promise<void> {
  const { rows } = await pool.query(SQL.CLAIM_FINGERPRINT.text, [check.fingerprint])
  const stored: unknown = rows[0]?.secret_fingerprint
  if (stored === check.fingerprint) return
  if (typeof stored !== 'string' || !check.previous.includes(stored))
    throw new SecretMismatchError(false)
  const rotated = await pool.query(SQL.ROTATE_FINGERPRINT.text, [
    check.fingerprint,
    stored,
    check.nodeId,
    check.deadAfterMs,
  ])
  if (rotated.rowCount !== 1) throw new SecretMismatchError(true)
}
