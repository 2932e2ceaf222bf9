/*
 * One node's coordinator, wired from its parts: statements run through one
 * context (`context.ts`); asking (`register.ts`), reading (`pending.ts`) and
 * settling (`claims.ts`) are single statements or transactions; the
 * listener's doorbells go to `doorbell-intake.ts`; the heartbeat with its
 * reaper (`heartbeat.ts`) and the re-check (`recheck.ts`) run on a ticker
 * that leaving stops; app frames go out through `broadcast.ts`.
 */

import type {
  ClaimOutcome,
  CoordinatedEntry,
  CoordinatedNode,
  CoordinatedSettlement,
  PendingEntry,
  QuestionCoordinator,
  RegisterOutcome,
} from '@parley/host'
import type { Pool } from 'pg'
import { createBroadcast } from './broadcast.ts'
import { claim, collect, repeated } from './claims.ts'
import { createNodeContext } from './context.ts'
import { createDoorbellIntake } from './doorbell-intake.ts'
import { checkFingerprint } from './fingerprint.ts'
import { heartbeat, holdNodeLiveness, type ReapLimits } from './heartbeat.ts'
import { deriveKeys } from './keys.ts'
import { createListener, type Listener } from './listener.ts'
import type { Liveness } from './liveness.ts'
import { migrate } from './migrations.ts'
import { extend, getPending, snapshot } from './pending.ts'
import { recheck } from './recheck.ts'
import { register } from './register.ts'
import * as SQL from './sql.ts'
import { createTicker } from './ticker.ts'

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
  const keys = deriveKeys(options.secret)
  const previous = (options.previousSecrets ?? []).map((secret) => deriveKeys(secret).fingerprint)
  const nodeId = options.nodeId ?? crypto.randomUUID()
  const heartbeatMs = options.heartbeatMs ?? 2_000
  const recheckMs = options.recheckMs ?? 5_000
  const limits: ReapLimits = {
    deadAfterMs: options.deadAfterMs ?? 6_000,
    graceMs: options.reattachGraceMs ?? 300_000,
    keepMs: options.keepSettledMs ?? 86_400_000,
  }
  let node: CoordinatedNode | undefined
  let listener: Listener | undefined
  let alive: Liveness | undefined
  let left = false
  let reconnects = 0

  const ctx = createNodeContext({
    pool,
    keys,
    nodeId,
    channel: options.channel ?? 'parley',
    prepared: options.preparedStatements !== false,
    node: () => node,
  })
  const get = (rpcId: string): Promise<PendingEntry | undefined> => getPending(ctx, rpcId)
  const intake = createDoorbellIntake(ctx, get)
  const ticker = createTicker(ctx.report)

  /** Listens on the channel; after a reconnect, streams replay and awaited questions are re-read. */
  function listen(): Promise<Listener> {
    return createListener({
      pool,
      channel: ctx.channel,
      read: intake.read,
      onDropped: intake.onDropped,
      onDoorbell: intake.onDoorbell,
      onReconnect() {
        reconnects += 1
        node?.resync()
        recheck(ctx).catch((error: unknown) => ctx.report(error, 'recheck'))
      },
      report: ctx.report,
    })
  }

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
        deadAfterMs: limits.deadAfterMs,
      })
      await ctx.run(pool, SQL.HEARTBEAT, [nodeId])
      alive = await holdNodeLiveness(ctx)
      try {
        listener = await listen()
      } catch (error) {
        await alive.close()
        throw error
      }
      ticker.every(heartbeatMs, () => heartbeat(ctx, limits), 'heartbeat')
      ticker.every(recheckMs, () => recheck(ctx), 'recheck')
    },
    register: (entry: CoordinatedEntry): Promise<RegisterOutcome> => register(ctx, entry),
    get,
    extend: (rpcId, sessionId, reason, decide) => extend(ctx, rpcId, sessionId, reason, decide),
    claim: (rpcId, settlement: CoordinatedSettlement, responseId, by): Promise<ClaimOutcome> =>
      claim(ctx, rpcId, settlement, responseId, by),
    repeated: (rpcId, sessionId, responseId) => repeated(ctx, rpcId, sessionId, responseId),
    collect: (rpcId) => collect(ctx, rpcId),
    snapshot: (includes, sessions) => snapshot(ctx, includes, sessions),
    broadcast: createBroadcast(ctx),
    async leave(release) {
      if (left) return
      left = true
      // A heartbeat in flight would write this node's row back after it is forgotten.
      await ticker.stop()
      await listener?.close()
      if (release.length > 0) await ctx.run(pool, SQL.RELEASE, [release, nodeId])
      await ctx.run(pool, SQL.FORGET_NODE, [nodeId])
      await alive?.close()
      node = undefined
    },
  }
}
