import type {
  ClaimOutcome,
  CoordinatedEntry,
  CoordinatedNode,
  CoordinatedSettlement,
  PendingEntry,
  QuestionCoordinator,
  RegisterOutcome,
} from '@parley/host'
import type { Pool, PoolClient } from 'pg'
import { claim, collect, repeated } from './claims.ts'
import { createNodeContext } from './context.ts'
import { createDoorbellIntake } from './doorbell-intake.ts'
import { checkFingerprint } from './fingerprint.ts'
import { type ClusterKeys, deriveKeys, LIVENESS_CLASS, livenessKey } from './keys.ts'
import { createListener, type Listener } from './listener.ts'
import { holdLiveness, type Liveness } from './liveness.ts'
import { migrate } from './migrations.ts'
import { MAX_PAYLOAD_BYTES } from './notifications.ts'
import { extend, getPending, snapshot } from './pending.ts'
import { register } from './register.ts'
import { entryOf } from './rows.ts'
import * as SQL from './sql.ts'
import { transaction } from './transaction.ts'

/** Options of {@link createPostgresCoordinator}. */
export interface PostgresCoordinatorOptions {
  /**
   * The pool the coordinator queries through. It also holds two connections
   * of it for as long as the node is joined, one for `LISTEN` and one that
   * holds the node's liveness lock, so give it at least 4 (`pg`'s default
   * is 10). The coordinator never ends it.
   */
  pool: Pool
  /**
   * The secret every node of the cluster shares (the demo's `PARLEY_SECRET`).
   * Keys derived from it sign every doorbell (any role that can connect to
   * the database can `LISTEN` and `NOTIFY`), encrypt the question text that
   * rides in one, and tag each question with its session. Its fingerprint is
   * stored on the first join; a node with another secret refuses to join
   * (`SecretMismatchError`).
   */
  secret: string
  /**
   * Secrets this cluster ran with before `secret` (newest first), for a
   * rotation: a node whose `secret` is new joins a cluster whose stored
   * fingerprint is one of these only when no other node is running, and
   * then stores the new fingerprint. @default []
   */
  previousSecrets?: readonly string[]
  /** This node's id, unique in the cluster. @default a random UUID */
  nodeId?: string
  /** The `LISTEN`/`NOTIFY` channel. @default 'parley' */
  channel?: string
  /** How often this node heartbeats and reaps dead nodes. @default 2000 */
  heartbeatMs?: number
  /**
   * A node that has not heartbeat for this long is dead: its plain questions
   * end `aborted` (reason `server-gone`) on every tab. @default 6000
   */
  deadAfterMs?: number
  /**
   * How often the node re-reads the questions its agents await, so a missed
   * notification cannot hang an agent. @default 5000
   */
  recheckMs?: number
  /**
   * How long a durable question (asked with a `resumeKey`) of a dead or
   * departed node stays pending for its agent to re-attach; it then ends
   * `aborted` (`server-gone`). @default 300000 (5 min)
   */
  reattachGraceMs?: number
  /** How long settled questions are kept (for retries and late re-attachment). @default 86400000 (24 h) */
  keepSettledMs?: number
  /**
   * Runs the coordinator's statements as named prepared statements, parsed
   * and planned once per connection (about a third off each claim). Turn
   * off behind a pooler that cannot keep them, such as PgBouncer in
   * transaction mode before 1.21. @default true
   */
  preparedStatements?: boolean
  /** Runs migrations in `join()`. Turn off when you apply them with `migrate()` at deploy. @default true */
  migrate?: boolean
}

/** A `QuestionCoordinator` on PostgreSQL, with a few figures for tests and dashboards. */
export interface PostgresCoordinator extends QuestionCoordinator {
  /**
   * Notifications this node received and acted on, times its listener
   * reconnected, and payloads on the channel it dropped because they did
   * not verify (a forged or replayed doorbell, or another secret's).
   */
  readonly stats: {
    readonly notifications: number
    readonly reconnects: number
    readonly dropped: number
  }
}

/**
 * Creates the coordinator of one node. Give it to `createQuestionHost({
 * coordinator })`; the host joins the cluster (migrating the tables, then
 * listening and heartbeating) and leaves it on `host.close()`.
 */
export function createPostgresCoordinator(
  options: PostgresCoordinatorOptions,
): PostgresCoordinator {
  const { pool } = options
  const keys: ClusterKeys = deriveKeys(options.secret)
  const previous = (options.previousSecrets ?? []).map((secret) => deriveKeys(secret).fingerprint)
  const nodeId = options.nodeId ?? crypto.randomUUID()
  const channel = options.channel ?? 'parley'
  const heartbeatMs = options.heartbeatMs ?? 2_000
  const deadAfterMs = options.deadAfterMs ?? 6_000
  const recheckMs = options.recheckMs ?? 5_000
  const graceMs = options.reattachGraceMs ?? 300_000
  const keepMs = options.keepSettledMs ?? 86_400_000
  let node: CoordinatedNode | undefined
  let listener: Listener | undefined
  let alive: Liveness | undefined
  let timers: ReturnType<typeof setInterval>[] = []
  let left = false
  let reconnects = 0
  let warnedLargeFrame = false
  const liveness = livenessKey(nodeId)

  const ctx = createNodeContext({
    pool,
    keys,
    nodeId,
    channel,
    prepared: options.preparedStatements !== false,
    node: () => node,
  })
  const { run, ring, report } = ctx
  const get = (rpcId: string): Promise<PendingEntry | undefined> => getPending(ctx, rpcId)
  const intake = createDoorbellIntake(ctx, get)

  async function heartbeat(): Promise<void> {
    await run(pool, SQL.HEARTBEAT, [nodeId])
    const reaped = await inTransaction(async (client) => {
      const { rows } = await run(client, SQL.REAP, [deadAfterMs, graceMs, keepMs])
      if (rows.length === 0) return rows
      const bells = rows.map((row) =>
        ring(
          {
            t: 'r',
            id: row.rpc_id,
            s: row.session_id,
            o: row.state,
            w: row.state === 'aborted' ? 'server-gone' : null,
          },
          '',
        ),
      )
      await run(client, SQL.NOTIFY_MANY, [channel, bells])
      return rows
    })
    if (reaped.length > 0) tellReaped(reaped)
  }

  /** Tells this node's host which questions its reap ended (this node alone ended them). */
  function tellReaped(rows: readonly Record<string, unknown>[]): void {
    if (!node?.reaped) return
    const ended = []
    for (const row of rows) {
      const outcome = row.state === 'timed-out' ? 'timed-out' : 'aborted'
      try {
        const entry = entryOf({ rpc_id: String(row.rpc_id), frame_text: String(row.frame_text) })
        ended.push({
          entry,
          outcome,
          reason: row.reason === 'server-gone' ? 'server-gone' : undefined,
        } as const)
      } catch (error) {
        report(error, 'reaped')
      }
    }
    node.reaped(ended)
  }

  /** Settles locally what this node awaits but missed hearing about. */
  async function recheck(): Promise<void> {
    const awaited = node?.awaited() ?? []
    if (awaited.length === 0 || !node) return
    const { rows } = await run(pool, SQL.RECHECK, [awaited, nodeId])
    // Asked again: one this node began to claim while the query ran is that claim's to end.
    const still = new Set(node.awaited())
    for (const row of rows) {
      if (!still.has(row.rpc_id)) continue
      if (row.state === 'pending') node.superseded(row.rpc_id)
      else
        await node.resolved({
          rpcId: row.rpc_id,
          sessionId: row.session_id,
          outcome: row.state,
          reason: row.reason === 'server-gone' ? 'server-gone' : undefined,
          owner: row.owner,
        })
    }
  }

  /** Ticks of `every` still running: leaving waits for them, so none writes after it. */
  const ticking = new Set<Promise<void>>()

  function every(ms: number, task: () => Promise<void>, where: string): void {
    const handle = setInterval(() => {
      const tick: Promise<void> = task()
        .catch((error: unknown) => report(error, where))
        .finally(() => ticking.delete(tick))
      ticking.add(tick)
    }, ms)
    handle.unref?.()
    timers.push(handle)
  }

  const inTransaction = <T>(work: (client: PoolClient) => Promise<T>): Promise<T> =>
    transaction(pool, work)

  // Signatures below name the host's types, so the API report prints them by name.
  return {
    nodeId,
    get stats() {
      return { notifications: intake.notifications, reconnects, dropped: intake.dropped }
    },
    async join(joining) {
      node = joining
      if (options.migrate !== false) await migrate(pool)
      await checkFingerprint(pool, {
        fingerprint: keys.fingerprint,
        previous,
        nodeId,
        deadAfterMs,
      })
      await run(pool, SQL.HEARTBEAT, [nodeId])
      alive = await holdLiveness({
        pool,
        async take(client) {
          const { rows } = await run(client, SQL.HOLD_LIVENESS, [LIVENESS_CLASS, liveness])
          return rows[0]?.held === true
        },
        async drop(client) {
          await run(client, SQL.DROP_LIVENESS, [LIVENESS_CLASS, liveness])
        },
        report,
        nodeId,
      })
      try {
        listener = await createListener({
          pool,
          channel,
          read: intake.read,
          onDropped: intake.onDropped,
          onDoorbell: intake.onDoorbell,
          onReconnect() {
            reconnects += 1
            node?.resync()
            recheck().catch((error: unknown) => report(error, 'recheck'))
          },
          report,
        })
      } catch (error) {
        await alive.close()
        throw error
      }
      every(heartbeatMs, heartbeat, 'heartbeat')
      every(recheckMs, recheck, 'recheck')
    },
    register: (entry: CoordinatedEntry): Promise<RegisterOutcome> => register(ctx, entry),
    get,
    extend: (rpcId, sessionId, reason, decide) => extend(ctx, rpcId, sessionId, reason, decide),
    claim: (rpcId, settlement: CoordinatedSettlement, responseId, by): Promise<ClaimOutcome> =>
      claim(ctx, rpcId, settlement, responseId, by),
    repeated: (rpcId, sessionId, responseId) => repeated(ctx, rpcId, sessionId, responseId),
    collect: (rpcId) => collect(ctx, rpcId),
    snapshot: (includes, sessions) => snapshot(ctx, includes, sessions),
    broadcast(sessionId, text) {
      const payload = ring({ t: 'f', s: sessionId, x: text })
      if (new TextEncoder().encode(payload).byteLength > MAX_PAYLOAD_BYTES) {
        if (!warnedLargeFrame)
          report(
            new Error(`An app frame above ${MAX_PAYLOAD_BYTES} bytes reaches this node only.`),
            'broadcast',
          )
        warnedLargeFrame = true
        return
      }
      run(pool, SQL.NOTIFY, [channel, payload]).catch((error: unknown) =>
        report(error, 'broadcast'),
      )
    },
    async leave(release) {
      if (left) return
      left = true
      for (const handle of timers) clearInterval(handle)
      timers = []
      // A heartbeat in flight would write this node's row back after it is forgotten.
      await Promise.all(ticking)
      await listener?.close()
      if (release.length > 0) await run(pool, SQL.RELEASE, [release, nodeId])
      await run(pool, SQL.FORGET_NODE, [nodeId])
      await alive?.close()
      node = undefined
    },
  }
}
