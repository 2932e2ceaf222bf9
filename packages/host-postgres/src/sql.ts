/**
 * Every statement the coordinator runs. Each change and its `NOTIFY` are one
 * statement (a data-modifying CTE feeding `pg_notify`), so they commit — or
 * not — together, and a claim is a single `UPDATE … WHERE state = 'pending'`.
 * Times are PostgreSQL's `now()`, never a node's clock, except a deadline,
 * which the node that asked computes and stores.
 */

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
 * The largest question frame its doorbell carries, so other nodes show it
 * without reading it back. Quoted inside the doorbell's JSON it at most
 * doubles, and stays under PostgreSQL's 8,000-byte limit.
 */
export const INLINE_FRAME_BYTES = 3_500

/** $1 rpc, $2 session, $3 frame text, $4 owner, $5 deadline ms | null, $6 channel, $7 resume key | null */
export const INSERT_QUESTION = statement(
  'insert',
  `
  WITH ins AS (
    INSERT INTO parley_questions (rpc_id, session_id, frame_text, owner, deadline_at, resume_key)
    VALUES ($1, $2, $3, $4, to_timestamp($5::double precision / 1000), $7)
    ON CONFLICT (session_id, resume_key) WHERE resume_key IS NOT NULL DO NOTHING
    RETURNING rpc_id, session_id)
  SELECT pg_notify($6, json_build_object(
    't', 'q', 'id', rpc_id, 's', session_id, 'n', $4::text,
    'x', CASE WHEN octet_length($3::text) <= ${INLINE_FRAME_BYTES} THEN $3::text END
  )::text)
  FROM ins`,
)

/** $1 session, $2 resume key: the question holding the key, locked for the attach. */
export const FIND_BY_KEY = statement(
  'find_by_key',
  `
  SELECT rpc_id, frame_text, state, reason, answer, owner, delivered_at,
         (extract(epoch FROM deadline_at) * 1000)::double precision AS deadline_ms
  FROM parley_questions WHERE session_id = $1 AND resume_key = $2 FOR UPDATE`,
)

/** $1 rpc, $2 new owner, $3 channel, $4 previous owner */
export const ATTACH = statement(
  'attach',
  `
  WITH up AS (
    UPDATE parley_questions SET owner = $2, orphaned_at = NULL
    WHERE rpc_id = $1 AND state = 'pending' RETURNING rpc_id)
  SELECT pg_notify($3, json_build_object('t', 'a', 'id', rpc_id, 'prev', $4::text, 'n', $2::text)::text)
  FROM up`,
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

/** $1 rpc, $2 deadline ms, $3 reason, $4 channel, $5 this node */
export const MOVE_DEADLINE = statement(
  'move_deadline',
  `
  WITH up AS (
    UPDATE parley_questions SET deadline_at = to_timestamp($2::double precision / 1000)
    WHERE rpc_id = $1 AND state = 'pending' RETURNING rpc_id, session_id, owner)
  SELECT pg_notify($4, json_build_object(
    't', 'd', 'id', rpc_id, 's', session_id, 'at', $2::double precision, 'w', $3::text,
    'own', owner, 'n', $5::text
  )::text) FROM up`,
)

/**
 * $1 rpc, $2 state, $3 answer | null, $4 reason | null, $5 response id | null,
 * $6 this node, $7 channel, $8 the ending tab's label | null, $9 its time | null,
 * $10 for a timeout, the deadline that passed | null: refused when the stored
 * deadline moved past it (an extension the owner has not heard of yet).
 * A claim by the node that awaits the question is
 * delivered in the same statement. The doorbell carries an answer of up to
 * 4,000 bytes when the question has no resume key, so its owner can settle
 * without reading the row back (a durable wait is collected, exactly once).
 */
export const CLAIM = statement(
  'claim',
  `
  WITH c AS (
    UPDATE parley_questions
    SET state = $2, answer = $3, reason = $4, response_id = $5, settled_at = now(),
        delivered_at = CASE WHEN owner = $6 THEN now() END
    WHERE rpc_id = $1 AND state = 'pending'
      AND ($2 <> 'timed-out' OR $10::double precision IS NULL OR deadline_at IS NULL
           OR deadline_at <= to_timestamp($10::double precision / 1000) + interval '1 millisecond')
    RETURNING rpc_id, session_id, owner, resume_key)
  SELECT session_id, pg_notify($7, json_build_object(
    't', 'r', 'id', rpc_id, 's', session_id, 'o', $2::text, 'w', $4::text, 'own', owner, 'n', $6::text,
    'a', CASE WHEN resume_key IS NULL AND octet_length($3::text) <= 4000 THEN $3::jsonb END,
    'b', CASE WHEN $8::text IS NOT NULL THEN json_build_object('label', $8::text, 'at', $9::double precision) END
  )::text) FROM c`,
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
 * $1 dead after ms, $2 re-attach grace ms, $3 keep settled ms, $4 channel.
 * Forgets nodes that stopped heartbeating; their plain questions end
 * `aborted` (`server-gone`), their durable ones wait ownerless for a
 * re-attaching agent until the grace or their deadline passes; settled
 * questions older than the retention are deleted. A question whose owner has
 * no row at all counts as a dead node's too: its node was reaped, or left,
 * while the question's insert was on its way (a stalled node, or a close
 * during an ask), and no later reap would ever name that owner again.
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
    RETURNING rpc_id, session_id, state),
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
    RETURNING rpc_id, session_id, state),
  purged AS (
    DELETE FROM parley_questions
    WHERE state <> 'pending' AND settled_at < now() - ${ms('$3')} RETURNING 1)
  SELECT pg_notify($4, json_build_object(
    't', 'r', 'id', rpc_id, 's', session_id, 'o', state,
    'w', CASE WHEN state = 'aborted' THEN 'server-gone' END, 'own', NULL, 'n', ''
  )::text)
  FROM (SELECT * FROM lost UNION ALL SELECT * FROM expired) AS gone`,
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
