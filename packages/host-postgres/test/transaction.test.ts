import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { transaction } from '../src/transaction.ts'
import { useCluster } from './cluster.ts'

const cluster = useCluster()

describe('a transaction whose connection dies under it', () => {
  it('rejects, and the process lives on (no error event without a listener)', async () => {
    const pool = new pg.Pool({ connectionString: cluster.url, max: 2 })
    pool.on('error', () => {})
    try {
      const ended = transaction(pool, async (client) => {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
        const closed = new Promise((resolve) => client.once('end', resolve))
        await cluster.admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid])
        await closed
        return client.query('SELECT 1')
      })
      await expect(ended).rejects.toThrow()
      // The broken connection went back to be discarded: the pool still works.
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    } finally {
      await pool.end()
    }
  })
})
