import type { QuestionCoordinator, QuestionHostOptions, RegisteredInfo } from '@parley/host'
import pg from 'pg'
import { afterAll, afterEach, beforeAll } from 'vitest'
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../scripts/throwaway-postgres.ts'
import { startHost, type TestHost } from '../../host/test/helpers.ts'
import {
  createPostgresAuditSink,
  createPostgresCoordinator,
  type PostgresAuditSink,
  type PostgresCoordinator,
  type PostgresCoordinatorOptions,
} from '../src/index.ts'

/** One node of a test cluster: a real host on a port, its own pool and coordinator. */
export interface TestNode extends TestHost {
  readonly id: string
  readonly pool: pg.Pool
  readonly coordinator: PostgresCoordinator
  /** The rpcId of the `index`-th ask this node registered, once it is registered. */
  registeredId(index: number): Promise<string>
  /** What the host reported to `onError`. */
  readonly errors: unknown[]
  /** Leaves the cluster politely (host.close) and ends the pool. */
  stop(): Promise<void>
  /** Stops heartbeating and listening without a word, as a killed process would; ends the pool. */
  crash(): Promise<void>
}

/** The secret of every test node. */
export const TEST_SECRET = 'the test cluster secret'

/** Fast liveness for tests: dead after 600 ms without a heartbeat. */
export const FAST: Partial<PostgresCoordinatorOptions> & { secret: string } = {
  secret: TEST_SECRET,
  heartbeatMs: 150,
  deadAfterMs: 600,
  recheckMs: 250,
}

export interface TestCluster {
  readonly url: string
  readonly admin: pg.Pool
  readonly nodes: TestNode[]
  /** The LISTEN/NOTIFY channel of the current test's nodes. */
  readonly channel: string
  /** Adds a node. */
  start(
    id: string,
    options?: Partial<PostgresCoordinatorOptions>,
    host?: Partial<QuestionHostOptions<string>>,
  ): Promise<TestNode>
  /** Stops every node still running and empties the tables (between tests). */
  reset(): Promise<void>
  /** Stops everything and removes the database. */
  close(): Promise<void>
}

/** A throwaway PostgreSQL and the nodes a test starts on it; one per test file. */
export async function startCluster(): Promise<TestCluster> {
  const db: ThrowawayPostgres = await startThrowawayPostgres()
  const admin = new pg.Pool({ connectionString: db.url, max: 2 })
  const nodes: TestNode[] = []
  let channels = 0
  let channel = `parley_test_${channels}`

  async function start(
    id: string,
    options: Partial<PostgresCoordinatorOptions> = {},
    hostOptions: Partial<QuestionHostOptions<string>> = {},
  ): Promise<TestNode> {
    const pool = new pg.Pool({ connectionString: db.url, max: 6, application_name: id })
    pool.on('error', () => {})
    const coordinator = createPostgresCoordinator({
      pool,
      nodeId: id,
      channel,
      ...FAST,
      ...options,
    })
    const errors: unknown[] = []
    const registered: RegisteredInfo[] = []
    const wakers = new Set<() => void>()
    const running = await startHost({
      coordinator,
      onError: (error) => errors.push(error),
      onRegistered(info) {
        registered.push(info)
        for (const wake of [...wakers]) wake()
      },
      ...hostOptions,
    })
    try {
      await running.host.ready
    } catch (error) {
      await running.close()
      await pool.end()
      throw error
    }
    let stopped = false
    const node: TestNode = {
      ...running,
      id,
      pool,
      coordinator,
      errors,
      registered,
      registeredId(index) {
        return new Promise((resolve) => {
          const check = () => {
            const info = registered[index]
            if (!info) return
            wakers.delete(check)
            resolve(info.rpcId)
          }
          wakers.add(check)
          check()
        })
      },
      async stop() {
        if (stopped) return
        stopped = true
        await running.host.close()
        await running.close()
        await pool.end()
      },
      async crash() {
        if (stopped) return
        stopped = true
        // A killed process: its connections vanish, nothing is released or
        // settled, and it never reaches the database again.
        const ending = pool.end().catch(() => {})
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
          [id],
        )
        running.server.closeAllConnections()
        running.server.close()
        await ending
      },
    }
    nodes.push(node)
    return node
  }

  return {
    url: db.url,
    admin,
    nodes,
    get channel() {
      return channel
    },
    start,
    async reset() {
      for (const node of nodes.splice(0)) await node.stop()
      channels += 1
      channel = `parley_test_${channels}`
      await admin
        .query('TRUNCATE parley_questions, parley_nodes, parley_cluster, parley_audit')
        .catch(() => {})
    },
    async close() {
      for (const node of nodes.splice(0)) await node.stop().catch(() => {})
      await admin.end()
      db.stop()
    },
  }
}

/**
 * The throwaway cluster of a test file: started before its tests, emptied
 * (its nodes stopped) after each one, removed after all of them.
 */
export function useCluster(): TestCluster {
  let cluster: TestCluster | undefined
  const current = () => {
    if (!cluster) throw new Error('The test cluster is not started yet.')
    return cluster
  }
  beforeAll(async () => {
    cluster = await startCluster()
  }, 30_000)
  afterEach(() => cluster?.reset())
  afterAll(() => cluster?.close())
  return {
    get url() {
      return current().url
    },
    get admin() {
      return current().admin
    },
    get nodes() {
      return current().nodes
    },
    get channel() {
      return current().channel
    },
    start: (...args) => current().start(...args),
    reset: () => current().reset(),
    close: () => current().close(),
  }
}

/**
 * A pool on the test cluster's database and an audit sink on it, for one test
 * file: opened (the sink migrated) before its tests, the pool ended after them.
 */
export function useAuditSink(cluster: TestCluster): {
  readonly pool: pg.Pool
  readonly sink: PostgresAuditSink
} {
  let opened: { pool: pg.Pool; sink: PostgresAuditSink } | undefined
  const current = () => {
    if (!opened) throw new Error('The audit sink is not open yet.')
    return opened
  }
  beforeAll(async () => {
    const pool = new pg.Pool({ connectionString: cluster.url, max: 3 })
    // An idle connection's error (a killed backend, the server stopping) is an event: the pool replaces it.
    pool.on('error', () => {})
    opened = { pool, sink: createPostgresAuditSink({ pool }) }
    await opened.sink.ready
  })
  afterAll(() => opened?.pool.end())
  return {
    get pool() {
      return current().pool
    },
    get sink() {
      return current().sink
    },
  }
}

/**
 * A role that may connect and nothing more (no grant on any table), listening
 * on the cluster's channel: what any other tenant of a shared database could do.
 */
export async function intruder(
  cluster: Pick<TestCluster, 'admin' | 'url' | 'channel'>,
): Promise<{ client: pg.Client; heard: string[] }> {
  await cluster.admin.query(
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'intruder') THEN
         CREATE ROLE intruder LOGIN;
       END IF;
     END $$`,
  )
  const url = new URL(cluster.url)
  url.username = 'intruder'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  const heard: string[] = []
  client.on('notification', (note) => heard.push(note.payload ?? ''))
  await client.query(`LISTEN "${cluster.channel}"`)
  return { client, heard }
}

/**
 * A node on a pool the test built (a slowed one, or a coordinator it wraps):
 * a real host with FAST liveness, and a stop that closes the host, then ends
 * the pool.
 */
export async function nodeOnPool(
  pool: pg.Pool,
  options: Partial<PostgresCoordinatorOptions> & { nodeId: string; channel: string },
  wrap: (coordinator: PostgresCoordinator) => QuestionCoordinator = (coordinator) => coordinator,
): Promise<{ node: TestHost; stop(): Promise<void> }> {
  const coordinator = createPostgresCoordinator({ pool, ...FAST, ...options })
  const node = await startHost({ coordinator: wrap(coordinator) })
  await node.host.ready
  return {
    node,
    async stop() {
      await node.host.close()
      await node.close()
      await pool.end()
    },
  }
}
