import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  answerBody,
  post,
  readyTab,
  startHost,
  sync,
  type TestHost,
} from '../../host/test/helpers.ts'
import { createPostgresCoordinator } from '../src/index.ts'
import { GET_PENDING } from '../src/sql.ts'
import { FAST, startCluster, type TestCluster } from './cluster.ts'

let cluster: TestCluster
beforeAll(async () => {
  cluster = await startCluster()
}, 30_000)
afterEach(() => cluster.reset())
afterAll(() => cluster.close())

/**
 * A node whose read of another node's question (the doorbell's load) is slow:
 * its result arrives `delayMs` after PostgreSQL answered, as on a busy node.
 */
async function slowReader(channel: string, delayMs: number) {
  const pool = new pg.Pool({ connectionString: cluster.url, max: 6 })
  pool.on('error', () => {})
  const reading = new Map<string, () => void>()
  const started = new Map<string, Promise<void>>()
  const seen = new Set<string>()
  const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<unknown>
  const slow = new Proxy(pool, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver)
      return async (text: string, values?: unknown[]) => {
        const result = await query(text, values)
        const rpcId = String(values?.[0])
        // Only the first read of a question is slow: the doorbell's, not the respond route's.
        if (text === GET_PENDING && !seen.has(rpcId)) {
          seen.add(rpcId)
          reading.get(rpcId)?.()
          await new Promise((resolve) => setTimeout(resolve, delayMs))
        }
        return result
      }
    },
  })
  const coordinator = createPostgresCoordinator({ pool: slow, nodeId: 'slow', channel, ...FAST })
  const node = await startHost({ coordinator })
  await node.host.ready
  return {
    node,
    /** Resolves once the doorbell's read of `rpcId` got its (held back) result. */
    readStarted(rpcId: string): Promise<void> {
      let promise = started.get(rpcId)
      if (!promise) {
        promise = new Promise((resolve) => reading.set(rpcId, resolve))
        started.set(rpcId, promise)
      }
      return promise
    },
    async stop() {
      await node.host.close()
      await node.close()
      await pool.end()
    },
  }
}

describe('a question another node asked, read slowly here', () => {
  it('never reaches a tab after its question/resolved when it is answered here meanwhile', async () => {
    const asker = await cluster.start('asker', { channel: 'late_load_0' })
    const reader = await slowReader('late_load_0', 300)
    try {
      const tab = await readyTab(reader.node.base, { sessions: ['s1'] })
      for (let index = 0; index < 3; index++) {
        const asked = asker.ask('s1')
        const rpcId = await asker.registeredId(index)
        // The reader holds the question it read; the answer it takes meanwhile settles it here.
        await reader.readStarted(rpcId)
        const reply = await post(reader.node.base, answerBody(rpcId, 's1'))
        expect(reply.json).toEqual({ accepted: true })
        await asked
        await new Promise((resolve) => setTimeout(resolve, 350))
        await sync(reader.node.host, 's1', [tab])
        const frames = tab.frames.filter((frame) => frame.rpcId === rpcId)
        expect(frames.map((frame) => frame.type)).toEqual(['question/resolved'])
      }
    } finally {
      await reader.stop()
    }
  })

  it('still reaches the tab when nothing settled it meanwhile', async () => {
    const asker = await cluster.start('asker', { channel: 'late_load_1' })
    const reader = await slowReader('late_load_1', 300)
    try {
      const tab = await readyTab(reader.node.base, { sessions: ['s1'] })
      asker.ask('s1')
      const rpcId = await asker.registeredId(0)
      const [requested] = await tab.count('question/requested')
      expect(requested?.rpcId).toBe(rpcId)
    } finally {
      await reader.stop()
    }
  })
})
