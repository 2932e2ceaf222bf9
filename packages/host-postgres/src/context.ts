import type { CoordinatedNode } from '@parley/host'
import type { Pool, PoolClient, QueryResult } from 'pg'
import { type ClusterKeys, nonce, sign } from './keys.ts'
import type { Statement } from './sql.ts'

/**
 * What every part of one node's coordinator shares: the pool, the cluster's
 * keys, who this node is and where it rings, how it runs a statement, and
 * the host it serves while it is joined.
 */
export interface NodeContext {
  readonly pool: Pool
  readonly keys: ClusterKeys
  readonly nodeId: string
  /** The `LISTEN`/`NOTIFY` channel. */
  readonly channel: string
  /** The host this node serves: set by `join`, gone after `leave`. */
  node(): CoordinatedNode | undefined
  /** Runs one of the coordinator's statements, prepared once per connection unless turned off. */
  run(target: Pool | PoolClient, statement: Statement, values: unknown[]): Promise<QueryResult>
  /** A signed doorbell's payload: `fields` plus who rang (this node unless `from`), a nonce and this node's clock. */
  ring(fields: Record<string, unknown>, from?: string): string
  /** Tells the host of an error the coordinator recovered from, `where` under `postgres.`. */
  report(error: unknown, where: string): void
}

interface NodeContextOptions {
  pool: Pool
  keys: ClusterKeys
  nodeId: string
  channel: string
  /** Runs statements as named prepared statements. */
  prepared: boolean
  node(): CoordinatedNode | undefined
}

/** The context of one node's coordinator. */
export function createNodeContext(options: NodeContextOptions): NodeContext {
  const { pool, keys, nodeId, channel, prepared, node } = options
  return {
    pool,
    keys,
    nodeId,
    channel,
    node,
    run(target, statement, values) {
      const { name, text } = statement
      return target.query(prepared ? { name, text, values } : { text, values })
    },
    ring(fields, from = nodeId) {
      return sign(keys, JSON.stringify({ ...fields, n: from, k: nonce(), at: Date.now() }))
    },
    report: (error, where) => node()?.report(error, `postgres.${where}`),
  }
}
