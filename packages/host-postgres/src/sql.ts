/**
 * Every statement the coordinator runs. Each change and its `NOTIFY` are one
 * statement (a data-modifying CTE feeding `pg_notify`), so they commit — or
 * not — together, and a claim is a single `UPDATE … WHERE state = 'pending'`.
 * Times are PostgreSQL's `now()`, never a node's clock, except a deadline,
 * which the node that asked computes and stores.
 */

import { LIVENESS_CLASS } from './keys.ts'

/** A statement with a name: prepared once per connection, when the coordinator prepares. */
export interface Statement {
  readonly name: string
  readonly text: string
}

const statement = (name: string, text: string): Statement => ({ name: `parley_${name}_v1`, text })

/** A bare doorbell, for app frames. */
export const NOTIFY = statement('notify', 'SELECT pg_notify($1, $2)')

const ms = (param: string) => `make_interval(secs => ${param}::double precision / 1000)`

/**
 * The largest question frame its doorbell carries (sealed), so other nodes
 * show it without reading it back. Encrypted and in base64 it grows by a
 * third, and its signed doorbell stays under PostgreSQL's 8,000-byte limit.
 */
export const INLINE_FRAME_BYTES = 3_500

/**
 * The largest answer (JSON) a claim's doorbell carries, sealed, so the asking
 * node settles without reading the row back. Smaller than a frame's: the
 * doorbell also carries the ending tab's label and the row's session tail.
 */
export const INLINE_ANSWER_BYTES = 3_000

/**
 * $1 rpc, $2 session, $3 frame text, $4 owner, $5 deadline ms | null, $6 channel,
 * $7 resume key | null, $8 session tag, $9 the signed doorbell
 */
export const INSERT_QUESTION = statement(
  'insert',
  `
  WITH ins AS (
    INSERT INTO parley_questions (rpc_id, session_id, frame_text, owner, deadline_at, resume_key, session_tag)
    VALUES ($1, $2, $3, $4, to_timestamp($5::double precision / 1000), $7, $8)
    ON CONFLICT (session_id, resume_key) WHERE resume_key IS NOT NULL DO NOTHING
    RETURNING rpc_id)
  SELECT pg_notify($6, $9::text) FROM ins`,
)

/** $1 session, $2 resume key: the question holding the key, locked for the attach. */
export const FIND_BY_KEY = statement(
  'find_by_key',
  `
  SELECT rpc_id, frame_text, state, reason, answer, owner, delivered_at,
         (extract(epoch FROM deadline_at) * 1000)::double precision AS deadline_ms
  FROM parley_questions WHERE session_id = $1 AND resume_key = $2 FOR UPDATE`,
)

/** $1 rpc, $2 new owner, $3 channel, $4 the signed doorbell */
export const ATTACH = statement(
  'attach',
  `
  WITH up AS (
    UPDATE parley_questions SET owner = $2, orphaned_at = NULL
    WHERE rpc_id = $1 AND state = 'pending' RETURNING rpc_id)
  SELECT pg_notify($3, $4::text) FROM up`,
)

/** $1 rpc, $2 owner: a settled, undelivered question delivered to a re-attaching agent. */
export const DELIVER_SETTLED = statement(
  'deliver_settled',
  `
  UPDATE parley_questions SET delivered_at = now(), owner = $2
  WHERE rpc_id = $1 AND state <> 'pending' AND delivered_at IS NULL
  RETURNING state, reason, answer`,
)

/** $1 rpc: a delivered question lets its key go, so the key can ask afresh. */
export const FREE_KEY = statement(
  'free_key',
  'UPDATE parley_questions SET resume_key = NULL WHERE rpc_id = $1',
)

/** A deadline as ms since the epoch (a moved one replaces the frame's). */
const DEADLINE_MS = 'round(extract(epoch FROM deadline_at) * 1000)::double precision AS deadline_ms'

/** $1 rpc */
export const GET_PENDING = statement(
  'get_pending',
  `
  SELECT rpc_id, frame_text, ${DEADLINE_MS}
  FROM parley_questions WHERE rpc_id = $1 AND state = 'pending'`,
)

/** $1 rpc, $2 session: the pending question, locked while its deadline moves. */
export const LOCK_PENDING = statement(
  'lock_pending',
  `
  SELECT rpc_id, frame_text, owner, ${DEADLINE_MS}
  FROM parley_questions WHERE rpc_id = $1 AND session_id = $2 AND state = 'pending' FOR UPDATE`,
)

/** $1 rpc, $2 deadline ms, $3 channel, $4 the signed doorbell */
export const MOVE_DEADLINE = statement(
  'move_deadline',
  `
  WITH up AS (
    UPDATE parley_questions SET deadline_at = to_timestamp($2::double precision / 1000)
    WHERE rpc_id = $1 AND state = 'pending' RETURNING rpc_id)
  SELECT pg_notify($3, $4::text) FROM up`,
)

/**
 * Is the node that awaits a question alive? A connection of its own that
 * runs nothing else holds a session-level advisory lock (`keys.ts`,
 * `livenessKey`; `liveness.ts`) that PostgreSQL drops the moment that
 * connection dies, and the node still has a heartbeat row. The probe is a
 * try for the same lock, shared and for this transaction only: it fails
 * exactly while the owner holds it, and asks the lock table for one key
 * rather than reading all of `pg_locks` (about 12 % off a claim, B6). When
 * the owner is gone the shared lock is held until this statement commits; a
 * node taking its lock again meanwhile retries (`liveness.ts`).
 */
const OWNER_ALIVE = `EXISTS (
      SELECT 1 FROM parley_nodes n
      WHERE n.node_id = parley_questions.owner
        AND NOT pg_try_advisory_xact_lock_shared(${LIVENESS_CLASS},
          ('x' || substr(md5(n.node_id), 1, 8))::bit(32)::int4 & 2147483647))`

/**
 * $1 rpc, $2 state, $3 answer | null, $4 reason | null, $5 response id | null,
 * $6 this node, $7 channel, $8 the signed doorbell (without the session),
 * $9 for a timeout, the deadline that passed | null: refused when the stored
 * deadline moved past it (an extension the owner has not heard of yet).
 * A plain question (no resume key) whose asking node is gone cannot be
 * claimed: no agent would read the answer. A claim by the node that awaits
 * the question is delivered in the same statement. The doorbell gets the
 * session and its tag from the row, after a newline. A small answer rides in
 * it sealed (`INLINE_ANSWER_BYTES`), rung only when this statement claimed
 * the row; a larger one the owner reads from the row.
 */
export const CLAIM = statement(
  'claim',
  `
  WITH c AS (
    UPDATE parley_questions
    SET state = $2, answer = $3, reason = $4, response_id = $5, settled_at = now(),
        delivered_at = CASE WHEN owner = $6 THEN now() END
    WHERE rpc_id = $1 AND state = 'pending'
      AND ($2 <> 'timed-out' OR $9::double precision IS NULL OR deadline_at IS NULL
           OR deadline_at <= to_timestamp($9::double precision / 1000) + interval '1 millisecond')
      AND (resume_key IS NOT NULL OR owner = $6 OR ${OWNER_ALIVE})
    RETURNING rpc_id, session_id, session_tag)
  SELECT session_id, pg_notify($7, $8::text || chr(10) ||
    json_build_object('s', session_id, 'st', coalesce(session_tag, ''))::text) FROM c`,
)

/** $1 rpc, $2 response id: did this response win the question (a claim that lost to its own retry)? */
export const WON_BY = statement(
  'won_by',
  'SELECT 1 FROM parley_questions WHERE rpc_id = $1 AND response_id = $2',
)

/** $1 rpc, $2 session, $3 response id */
export const REPEATED = statement(
  'repeated',
  `
  SELECT 1 FROM parley_questions WHERE rpc_id = $1 AND session_id = $2 AND response_id = $3`,
)

/** $1 rpc, $2 this node: how an awaited question ended, delivered to this node once. */
export const COLLECT = statement(
  'collect',
  `
  UPDATE parley_questions SET delivered_at = now()
  WHERE rpc_id = $1 AND owner = $2 AND state <> 'pending' AND delivered_at IS NULL
  RETURNING state, reason, answer`,
)

/** $1 session ids | null (every session) */
export const SNAPSHOT = statement(
  'snapshot',
  `
  SELECT rpc_id, session_id, frame_text, ${DEADLINE_MS} FROM parley_questions
  WHERE state = 'pending' AND ($1::text[] IS NULL OR session_id = ANY($1::text[]))
  ORDER BY seq`,
)

/** $1 rpc ids, $2 this node: the awaited questions that ended or moved without this node hearing. */
export const RECHECK = statement(
  'recheck',
  `
  SELECT rpc_id, session_id, state, reason, owner FROM parley_questions
  WHERE rpc_id = ANY($1::text[]) AND (state <> 'pending' OR owner IS DISTINCT FROM $2)`,
)

/** $1 this node */
export const HEARTBEAT = statement(
  'heartbeat',
  `
  INSERT INTO parley_nodes (node_id) VALUES ($1)
  ON CONFLICT (node_id) DO UPDATE SET heartbeat_at = now()`,
)

/**
 * $1 dead after ms, $2 re-attach grace ms, $3 keep settled ms.
 * Forgets nodes that stopped heartbeating; their plain questions end
 * `aborted` (`server-gone`), their durable ones wait ownerless for a
 * re-attaching agent until the grace or their deadline passes; settled
 * questions older than the retention are deleted. A question whose owner has
 * no row at all counts as a dead node's too: its node was reaped, or left,
 * while the question's insert was on its way (a stalled node, or a close
 * during an ask), and no later reap would ever name that owner again.
 * Returns the questions that ended (with their frames, for the reaping
 * node's audit log), for the reaper to ring about in the same transaction.
 */
export const REAP = statement(
  'reap',
  `
  WITH dead AS (
    DELETE FROM parley_nodes WHERE heartbeat_at < now() - ${ms('$1')} RETURNING node_id),
  lost AS (
    UPDATE parley_questions q
    SET state = 'aborted', reason = 'server-gone', settled_at = now()
    WHERE state = 'pending' AND resume_key IS NULL AND owner IS NOT NULL
      AND (owner IN (SELECT node_id FROM dead)
        OR NOT EXISTS (SELECT 1 FROM parley_nodes n WHERE n.node_id = q.owner))
    RETURNING rpc_id, session_id, state, reason, frame_text),
  orphaned AS (
    UPDATE parley_questions q SET owner = NULL, orphaned_at = now()
    WHERE state = 'pending' AND resume_key IS NOT NULL AND owner IS NOT NULL
      AND (owner IN (SELECT node_id FROM dead)
        OR NOT EXISTS (SELECT 1 FROM parley_nodes n WHERE n.node_id = q.owner))
    RETURNING rpc_id),
  expired AS (
    UPDATE parley_questions
    SET state = CASE WHEN deadline_at < now() THEN 'timed-out' ELSE 'aborted' END,
        reason = CASE WHEN deadline_at < now() THEN NULL ELSE 'server-gone' END,
        settled_at = now()
    WHERE state = 'pending' AND owner IS NULL
      AND (orphaned_at < now() - ${ms('$2')} OR deadline_at < now())
    RETURNING rpc_id, session_id, state, reason, frame_text),
  purged AS (
    DELETE FROM parley_questions
    WHERE state <> 'pending' AND settled_at < now() - ${ms('$3')} RETURNING 1)
  SELECT * FROM lost UNION ALL SELECT * FROM expired`,
)

/** $1 channel, $2 signed doorbells: rung together, in the reaper's transaction. */
export const NOTIFY_MANY = statement(
  'notify_many',
  'SELECT pg_notify($1, bell) FROM unnest($2::text[]) AS bell',
)

/** $1 liveness class, $2 this node's key: held by the node's liveness connection while it lives. */
export const HOLD_LIVENESS = statement(
  'hold_liveness',
  'SELECT pg_try_advisory_lock($1, $2) AS held',
)
export const DROP_LIVENESS = statement('drop_liveness', 'SELECT pg_advisory_unlock($1, $2)')

/**
 * $1 fingerprint: the first node to join stores its secret's fingerprint; a
 * later one reads the stored one. The no-op update (not DO NOTHING beside a
 * SELECT) returns the row a concurrent first join committed while this one
 * waited on it, which the statement's own snapshot would not see.
 */
export const CLAIM_FINGERPRINT = statement(
  'claim_fingerprint',
  `
  INSERT INTO parley_cluster (secret_fingerprint) VALUES ($1)
  ON CONFLICT (id) DO UPDATE SET secret_fingerprint = parley_cluster.secret_fingerprint
  RETURNING secret_fingerprint`,
)

/** $1 new fingerprint, $2 the one it replaces, $3 this node, $4 dead after ms: a rotation, once no other node runs. */
export const ROTATE_FINGERPRINT = statement(
  'rotate_fingerprint',
  `
  UPDATE parley_cluster SET secret_fingerprint = $1
  WHERE secret_fingerprint = $2 AND NOT EXISTS (
    SELECT 1 FROM parley_nodes WHERE node_id <> $3 AND heartbeat_at >= now() - ${ms('$4')})`,
)

/** $1 rpc ids, $2 this node: durable questions a leaving node lets go of. */
export const RELEASE = statement(
  'release',
  `
  UPDATE parley_questions SET owner = NULL, orphaned_at = now()
  WHERE rpc_id = ANY($1::text[]) AND owner = $2 AND state = 'pending'`,
)

/** $1 this node */
export const FORGET_NODE = statement('forget_node', 'DELETE FROM parley_nodes WHERE node_id = $1')
