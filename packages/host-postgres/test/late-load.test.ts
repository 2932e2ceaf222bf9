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
import { slowPool } from './slow-pool.ts'

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
  const seen = new Set<string>()
  // Only the first read of a question is slow: the doorbell's, not the respond route's.
  const slow = slowPool(
    cluster.url,
    (text, values) => {
      const rpcId = String(values[0])
      if (text !== GET_PENDING || seen.has(rpcId)) return undefined
      seen.add(rpcId)
      return rpcId
    },
    delayMs,
  )
  const coordinator = createPostgresCoordinator({
    pool: slow.pool,
    nodeId: 'slow',
    channel,
    ...FAST,
  })
  const node = await startHost({ coordinator })
  await node.host.ready
  return {
    node,
    /** Resolves once the doorbell's read of `rpcId` got its (held back) result. */
    readStarted: (rpcId: string) => slow.reached(rpcId),
    async stop() {
      await node.host.close()
      await node.close()
      await slow.end()
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
