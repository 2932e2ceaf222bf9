import { describe, expect, it, vi } from 'vitest'
import { answerBody, post, VALID_ANSWER } from '../../host/test/helpers.ts'
import { COLLECT, INLINE_ANSWER_BYTES } from '../src/sql.ts'
import { nodeOnPool, useCluster } from './cluster.ts'
import { slowPool } from './slow-pool.ts'

const cluster = useCluster()

async function registered(node: { registered: { rpcId: string }[] }): Promise<string> {
  await vi.waitFor(() => expect(node.registered.length).toBeGreaterThan(0))
  return node.registered[0]?.rpcId ?? ''
}

/** An asking node that counts its reads of a claimed row (`collect`). */
async function countingAsker(channel: string) {
  const collected: string[] = []
  const slow = slowPool(
    cluster.url,
    (text, values) => {
      if (text !== COLLECT.text) return undefined
      collected.push(String(values[0]))
      return `collect-${collected.length}`
    },
    0,
  )
  // The re-check (every 250 ms in the test cluster) is the net for a doorbell
  // that never came; it reads the row back by design, so on a loaded machine
  // it could beat the doorbell. Here only the doorbell may settle the ask.
  const recheckMs = 600_000
  return { ...(await nodeOnPool(slow.pool, { nodeId: 'asker', channel, recheckMs })), collected }
}

describe("an answer in its claim's doorbell", () => {
  it('settles a plain ask on the asking node without reading the row back', async () => {
    const asker = await countingAsker('answer_bell_0')
    const other = await cluster.start('other', { channel: 'answer_bell_0' })
    try {
      const asked = asker.node.ask('s1')
      const rpcId = await registered(asker.node)
      expect((await post(other.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
      await expect(asked).resolves.toEqual(VALID_ANSWER)
      expect(asker.collected).toEqual([])
    } finally {
      await asker.stop()
    }
  })

  it(`is read from the row when it is over ${INLINE_ANSWER_BYTES} bytes`, async () => {
    const asker = await countingAsker('answer_bell_1')
    const other = await cluster.start('other', { channel: 'answer_bell_1' })
    try {
      const large = {
        answers: VALID_ANSWER.answers.map((item) =>
          item.id === 'note' ? { ...item, custom: 'x'.repeat(INLINE_ANSWER_BYTES) } : item,
        ),
      }
      const asked = asker.node.ask('s1')
      const rpcId = await registered(asker.node)
      expect((await post(other.base, answerBody(rpcId, 's1', large))).json).toEqual({
        accepted: true,
      })
      await expect(asked).resolves.toEqual(large)
      expect(asker.collected).toEqual([rpcId])
    } finally {
      await asker.stop()
    }
  })
})
