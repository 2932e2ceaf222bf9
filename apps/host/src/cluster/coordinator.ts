import type { QuestionCoordinator } from '@parley/host'
import { createPostgresCoordinator, MAX_PAYLOAD_BYTES } from '@parley/host-postgres'
import type { Pool } from 'pg'

/**
 * The cluster's `QuestionCoordinator`: `@parley/host-postgres` on the same
 * pool as the demo's own tables, its doorbells signed with keys derived from
 * `PARLEY_SECRET`. It migrates its own `parley_` tables when
 * the host joins (`host.ready`).
 */
export function createCoordinator(
  pool: Pool,
  nodeId: string,
  secret: string,
  previousSecrets: readonly string[] = [],
): QuestionCoordinator {
  return createPostgresCoordinator({ pool, nodeId, secret, previousSecrets })
}

/**
 * The largest app frame (its JSON) the coordinator relays to other nodes:
 * the relay's doorbell holds the frame as an escaped JSON string plus its
 * envelope, and must stay within `MAX_PAYLOAD_BYTES`.
 */
export function relaysFrame(frameText: string): boolean {
  const escaped = Buffer.byteLength(JSON.stringify(frameText))
  return escaped + ENVELOPE_BYTES <= MAX_PAYLOAD_BYTES
}

/** `{"t":"f","s":"<session id>","x":…,"n":"<node id>"}` around the frame, with room to spare. */
const ENVELOPE_BYTES = 200
