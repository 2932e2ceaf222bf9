import { describe, expect, it } from 'vitest'
import { answerBody, post, readyTab, sync, VALID_ANSWER } from '../../host/test/helpers.ts'
import { INSERT_QUESTION } from '../src/sql.ts'
import { nodeOnPool, useCluster } from './cluster.ts'
import { slowPool } from './slow-pool.ts'

const cluster = useCluster()

/**
 * An asking node that hears 800 ms late that its question was inserted: the
 * rest of the cluster sees it (and may answer it) before this node awaits it.
 * No re-check runs in a test's time, so nothing papers over a lost answer.
 */
async function slowAsker(channel: string) {
  const slow = slowPool(
    cluster.url,
    (text, values) => (text === INSERT_QUESTION.text ? String(values[0]) : undefined),
    800,
  )
  return nodeOnPool(slow.pool, { nodeId: 'asker', channel, recheckMs: 60_000 })
}

const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('still waiting'), ms))])

describe('an answer that comes while the asking node is still registering its question', () => {
  it.each(['the asking node', 'another node'])(
    'reaches the agent when it is POSTed to %s',
    async (where) => {
      const channel = where === 'the asking node' ? 'registering_0' : 'registering_1'
      const other = await cluster.start('other', { channel, recheckMs: 60_000 })
      const asker = await slowAsker(channel)
      try {
        const onOther = await readyTab(other.base, { sessions: ['s1'] })
        const onAsker = await readyTab(asker.node.base, { sessions: ['s1'] })
        const asked = asker.node.ask('s1')
        // The other node's tab shows it while the asker has not heard its insert back.
        const [requested] = await onOther.count('question/requested')
        const rpcId = String(requested?.rpcId)
        const through = where === 'the asking node' ? asker.node.base : other.base
        expect((await post(through, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
        await expect(within(asked, 3_000)).resolves.toEqual(VALID_ANSWER)
        await sync(asker.node.host, 's1', [onAsker])
        // A tab on the asking node is never handed the question after its question/resolved.
        const frames = onAsker.frames.filter((frame) => frame.rpcId === rpcId)
        expect(frames.map((frame) => frame.type).at(-1)).toBe('question/resolved')
      } finally {
        await asker.stop()
      }
    },
  )
})
