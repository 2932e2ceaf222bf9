import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { answerBody, post, VALID_ANSWER } from '../../host/test/helpers.ts'
import { startCluster, type TestCluster } from './cluster.ts'

// A real PostgreSQL and reaping on 2 loaded cores: generous ceilings, not sleeps.
vi.setConfig({ testTimeout: 20_000 })

let cluster: TestCluster
beforeAll(async () => {
  cluster = await startCluster()
}, 30_000)
afterAll(() => cluster.close())

describe('an owning node that re-checks while a doorbell settles its ask', () => {
  it('resolves every agent with the answer another node accepted', async () => {
    // The re-check runs every few ms, so it keeps racing the doorbell of each answer:
    // both find the question answered, and only one of them may deliver it.
    const owner = await cluster.start('owner', { recheckMs: 2 })
    const other = await cluster.start('other')
    const endings: unknown[] = []
    for (let index = 0; index < 80; index++) {
      const asked = owner.ask('s1')
      const rpcId = await owner.registeredId(index)
      expect((await post(other.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
      endings.push(await asked.catch((error: { code?: string; cause?: unknown }) => error.cause))
    }
    expect(
      endings.filter((ending) => JSON.stringify(ending) !== JSON.stringify(VALID_ANSWER)),
    ).toEqual([])
  })
  it('resolves an agent whose own node lost the claim to another node, without waiting for a re-check', async () => {
    // No re-check in this test's time: only the claim that lost may read the ending.
    const owner = await cluster.start('owner', { recheckMs: 60_000 })
    const other = await cluster.start('other', { recheckMs: 60_000 })
    for (let index = 0; index < 30; index++) {
      const asked = owner.ask('s1')
      const rpcId = await owner.registeredId(index)
      const answers = [owner, other].map((node) => ({
        answers: [
          { id: 'color', selected: ['Red'] },
          { id: 'extras', selected: [] },
          { id: 'note', selected: [], custom: `through ${node.id}` },
        ],
      }))
      const replies = await Promise.all(
        [owner, other].map((node, i) => post(node.base, answerBody(rpcId, 's1', answers[i]))),
      )
      const accepted = answers.filter((_, i) => replies[i]?.json.accepted === true)
      expect(accepted).toHaveLength(1)
      const timeout = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000))
      await expect(Promise.race([asked, timeout])).resolves.toEqual(accepted[0])
    }
  })
})
