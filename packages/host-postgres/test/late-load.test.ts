import type { QuestionCoordinator } from '@parley/host'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { answerBody, post, QUESTIONS, readyTab, sync } from '../../host/test/helpers.ts'
import { GET_PENDING, INLINE_FRAME_BYTES } from '../src/sql.ts'
import { nodeOnPool, useCluster } from './cluster.ts'
import { slowPool } from './slow-pool.ts'

const cluster = useCluster()

/** The usual questions, too large for their doorbell to carry: other nodes read them back. */
const LARGE = {
  questions: QUESTIONS.map((item, index) =>
    index === 0
      ? { ...item, question: `${item.question} ${'x'.repeat(INLINE_FRAME_BYTES)}` }
      : item,
  ),
}

/**
 * A node whose read of another node's question (the doorbell's load) is slow:
 * its result arrives `hold` after PostgreSQL answered (ms, or when the test
 * releases it), as on a busy node.
 */
async function slowReader(channel: string, hold: number | 'until-released') {
  const seen = new Set<string>()
  // Only the first read of a question is slow: the doorbell's, not the respond route's.
  const slow = slowPool(
    cluster.url,
    (text, values) => {
      const rpcId = String(values[0])
      if (text !== GET_PENDING.text || seen.has(rpcId)) return undefined
      seen.add(rpcId)
      return rpcId
    },
    hold,
  )
  return {
    ...(await nodeOnPool(slow.pool, { nodeId: 'slow', channel })),
    /** Resolves once the doorbell's read of `rpcId` got its (held back) result. */
    readStarted: (rpcId: string) => slow.reached(rpcId),
    /** Lets the doorbell's held read of `rpcId` finish. */
    finishRead: (rpcId: string) => slow.release(rpcId),
  }
}

describe('a large question another node asked, read slowly here', () => {
  it('never reaches a tab after its question/resolved when it is answered here meanwhile', async () => {
    const asker = await cluster.start('asker', { channel: 'late_load_0' })
    const reader = await slowReader('late_load_0', 'until-released')
    try {
      const tab = await readyTab(reader.node.base, { sessions: ['s1'] })
      for (let index = 0; index < 3; index++) {
        const asked = asker.ask('s1', LARGE)
        const rpcId = await asker.registeredId(index)
        // The reader holds the question it read; the answer it takes meanwhile settles it here.
        await reader.readStarted(rpcId)
        const reply = await post(reader.node.base, answerBody(rpcId, 's1'))
        expect(reply.json).toEqual({ accepted: true })
        await asked
        // Only now does the read return: the question is known settled when it does.
        reader.finishRead(rpcId)
        await new Promise((resolve) => setImmediate(resolve))
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
      asker.ask('s1', LARGE)
      const rpcId = await asker.registeredId(0)
      const [requested] = await tab.count('question/requested')
      expect(requested?.rpcId).toBe(rpcId)
    } finally {
      await reader.stop()
    }
  })
})

/**
 * A node whose doorbells of questions wait until `open()`, as behind a long
 * queue: the question's frame is in the doorbell, nothing is read back.
 */
async function gatedReader(channel: string) {
  const waiting: (() => void)[] = []
  const heard: string[] = []
  let wake: (() => void) | undefined
  const gate = (coordinator: QuestionCoordinator): QuestionCoordinator => ({
    ...coordinator,
    join: (node) =>
      coordinator.join({
        ...node,
        async requested(sessionId, load) {
          const entry = await load()
          if (entry) heard.push(entry.rpcId)
          wake?.()
          await new Promise<void>((resolve) => waiting.push(resolve))
          return node.requested(sessionId, async () => entry)
        },
      }),
  })
  const pool = new pg.Pool({ connectionString: cluster.url, max: 6 })
  return {
    ...(await nodeOnPool(pool, { nodeId: 'gated', channel }, gate)),
    /** Resolves once the doorbell of `rpcId` is held here. */
    async held(rpcId: string) {
      while (!heard.includes(rpcId))
        await new Promise<void>((resolve) => {
          wake = resolve
        })
    },
    open: () => {
      for (const resolve of waiting.splice(0)) resolve()
    },
  }
}

describe('a question whose doorbell carried it, heard late here', () => {
  it('never reaches a tab once it was answered here first', async () => {
    const asker = await cluster.start('asker', { channel: 'late_load_2' })
    const reader = await gatedReader('late_load_2')
    try {
      const tab = await readyTab(reader.node.base, { sessions: ['s1'] })
      const asked = asker.ask('s1')
      const rpcId = await asker.registeredId(0)
      await reader.held(rpcId)
      // The tab's answer reaches this node before the doorbell is handled: it reads the row and claims.
      const reply = await post(reader.node.base, answerBody(rpcId, 's1'))
      expect(reply.json).toEqual({ accepted: true })
      await asked
      reader.open()
      await sync(reader.node.host, 's1', [tab])
      const frames = tab.frames.filter((frame) => frame.rpcId === rpcId)
      expect(frames.map((frame) => frame.type)).toEqual(['question/resolved'])
    } finally {
      await reader.stop()
    }
  })
})
