import type { Pool, PoolClient } from 'pg'

/**
 * Runs `work` in one transaction on a connection of its own. While the
 * connection is checked out nothing else listens for its errors (the pool
 * listens only to idle ones), and a connection that dies then — a failover,
 * `pg_terminate_backend` — emits `error`, which with no listener ends the
 * process. Here the failed statement rejects `work` instead, and the broken
 * connection is released to be discarded, not reused.
 */
export async function transaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  const onError = (error: Error) => {
    broken = error
  }
  client.on('error', onError)
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    if (!broken) await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.removeListener('error', onError)
    client.release(broken ?? false)
  }
}
