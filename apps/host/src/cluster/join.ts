import { randomUUID } from 'node:crypto'
import { createPostgresAuditSink } from '@parley/host-postgres'
import pg from 'pg'
import { auditReader } from '../admin/audit-reader.ts'
import type { BackendFactory } from '../backend.ts'
import { createClusterStatus } from '../session-status.ts'
import { migrate } from '../stores/migrations.ts'
import { createSessionIds } from '../stores/session-ids.ts'
import { createPostgresSessions } from '../stores/sessions.postgres.ts'
import { createPostgresSettings } from '../stores/settings.ts'
import { createPostgresTestAsks } from '../stores/test-asks.postgres.ts'
import { createPostgresTranscripts } from '../stores/transcripts.postgres.ts'
import type { SessionLimits } from '../stores/types.ts'
import { createPostgresBus, type DemoBus } from './bus.ts'
import { createCoordinator, relaysFrame } from './coordinator.ts'

export interface ClusterOptions {
  /** `PARLEY_DATABASE_URL`: the PostgreSQL database every node shares. */
  databaseUrl: string
  /** `PARLEY_SECRET`: equal on every node, so each verifies what the others signed. */
  secret: string
  /** `PARLEY_SECRET_PREVIOUS`: secrets the cluster ran with before, newest first (a rotation). */
  previousSecrets?: readonly string[] | undefined
  /** This node's id in the cluster. @default a random UUID */
  nodeId?: string | undefined
  /** Bounds of the shared session store. */
  limits?: SessionLimits | undefined
  /** Connections this node's pool opens at most. @default 10 */
  poolSize?: number | undefined
  /** Errors the cluster recovered from. @default console.error */
  report?: ((error: unknown, where: string) => void) | undefined
}

/**
 * Connects this node to the cluster's database: applies the demo's
 * migrations, starts listening on the demo bus, and returns the backend
 * (stores on PostgreSQL, the coordinator, the bus) for `createDemoServer`.
 * The host joins the coordinator when the server creates it.
 */
export async function joinCluster(options: ClusterOptions): Promise<BackendFactory> {
  if (!options.secret) throw new TypeError('A cluster needs a shared secret (PARLEY_SECRET).')
  const nodeId = options.nodeId ?? randomUUID()
  const report =
    options.report ??
    ((error: unknown, where: string) => console.error(`[parley] cluster: ${where}:`, error))
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 })
  // An idle connection the server dropped is an event, not a crash; the pool replaces it.
  pool.on('error', (error) => report(error, 'pool'))
  let bus: DemoBus | undefined
  try {
    await migrate(pool)
    bus = await createPostgresBus({
      pool,
      connectionString: options.databaseUrl,
      nodeId,
      secret: options.secret,
      report,
    })
  } catch (error) {
    await bus?.close()
    await pool.end().catch(() => {})
    throw error
  }
  const shared: DemoBus = bus
  const coordinator = createCoordinator(pool, nodeId, options.secret, options.previousSecrets)
  const limits = options.limits ?? {}
  // Shared by every node: the node whose claim won a question records it, once.
  const audit = createPostgresAuditSink({ pool })
  audit.ready.catch((error: unknown) => report(error, 'audit'))

  return (hooks) => ({
    clustered: true,
    sessions: createPostgresSessions({
      pool,
      ids: createSessionIds(options.secret),
      ...limits,
      onEvict: hooks.evicted,
    }),
    transcripts: createPostgresTranscripts({ pool, maxEvents: limits.maxEvents }),
    testAsks: createPostgresTestAsks({ pool }),
    settings: createPostgresSettings({ pool }),
    bus: shared,
    coordinator,
    audit,
    auditLog: auditReader(audit),
    relays: relaysFrame,
    status: (changed) => createClusterStatus(coordinator, changed),
    async close() {
      // After host.close(): the coordinator left and released its connections.
      await shared.close()
      await pool.end()
    },
  })
}
