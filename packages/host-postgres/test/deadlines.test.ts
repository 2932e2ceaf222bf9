import type { QuestionCoordinator } from '@parley/host'
import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { post, readyTab, startHost } from '../../host/test/helpers.ts'
import { createPostgresCoordinator } from '../src/index.ts'
import { FAST, useCluster } from './cluster.ts'

const cluster = useCluster()

const POLICY = { deadlinePolicy: { stepMs: 700, maxTotalMs: 2_000 } }

function extend(base: string, rpcId: string, sessionId = 's1') {
  return post(base, { rpcId, sessionId, reason: 'user' }, { path: '/api/extend' })
}

const until = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())))

describe('more time, in a cluster', () => {
  it('from a tab on another node moves the deadline on every node, and the ask times out only then', async () => {
    const a = await cluster.start('a', {}, POLICY)
    const b = await cluster.start('b', {}, POLICY)
    const tabA = await readyTab(a.base, { sessions: ['s1'] })
    const tabB = await readyTab(b.base, { sessions: ['s1'] })
    const onDeadline = vi.fn()
    let settledAt = 0
    const asked = a.ask('s1', { timeoutMs: 1_200, onDeadline }).finally(() => {
      settledAt = Date.now()
    })
    asked.catch(() => {})
    const [requested] = await tabB.count('question/requested')
    const rpcId = String(requested?.rpcId)
    const first = Number(requested?.deadlineAt)

    const receipt = await extend(b.base, rpcId)
    expect(receipt).toEqual({ status: 200, json: { extended: true, deadlineAt: first + 700 } })
    for (const tab of [tabA, tabB]) {
      const [moved] = await tab.count('question/deadline')
      expect(moved).toEqual({
        type: 'question/deadline',
        rpcId,
        sessionId: 's1',
        deadlineAt: first + 700,
        reason: 'user',
      })
    }
    // The agent on the owning node hears it, and its clock follows.
    await vi.waitFor(() =>
      expect(onDeadline).toHaveBeenCalledWith({
        deadlineAt: first + 700,
        previousDeadlineAt: first,
        reason: 'user',
      }),
    )
    // A tab that opens now on either node is shown the moved deadline.
    const late = await readyTab(b.base, { sessions: ['s1'] })
    expect(late.frames.find((frame) => frame.type === 'question/requested')?.deadlineAt).toBe(
      first + 700,
    )
    await until(first + 200)
    expect(settledAt).toBe(0)
    await expect(asked).rejects.toMatchObject({ code: 'ASK_TIMED_OUT' })
    expect(settledAt).toBeGreaterThanOrEqual(first + 700 - 20)
  })

  it('moves one at a time when tabs on two nodes ask at once, and stops at the limit', async () => {
    const a = await cluster.start('a', {}, POLICY)
    const b = await cluster.start('b', {}, POLICY)
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    a.ask('s1', { timeoutMs: 600 }).catch(() => {})
    const [requested] = await tab.count('question/requested')
    const rpcId = String(requested?.rpcId)
    const first = Number(requested?.deadlineAt)
    const asked = Number(requested?.requestedAt)
    const receipts = await Promise.all([extend(a.base, rpcId), extend(b.base, rpcId)])
    const moved = receipts.map((receipt) => receipt.json.deadlineAt).sort()
    expect(moved).toEqual([first + 700, first + 1_400])
    // The second reached maxTotalMs (2 s after the ask): no further.
    expect(first + 1_400).toBe(asked + 2_000)
    expect((await extend(a.base, rpcId)).json).toEqual({
      extended: false,
      reason: 'at-limit',
      deadlineAt: asked + 2_000,
    })
  })

  it('answers not-pending for another session’s question and for one that ended', async () => {
    const a = await cluster.start('a', {}, POLICY)
    const b = await cluster.start('b', {}, POLICY)
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    const asked = a.ask('s1', { timeoutMs: 60_000 })
    const [requested] = await tab.count('question/requested')
    const rpcId = String(requested?.rpcId)
    expect((await extend(b.base, rpcId, 's2')).json).toEqual({
      extended: false,
      reason: 'not-pending',
    })
    expect((await extend(b.base, 'no-such-question')).json).toEqual({
      extended: false,
      reason: 'not-pending',
    })
    const cancel = { rpcId, sessionId: 's1', result: { ok: false, error: { code: 'cancelled' } } }
    expect((await post(b.base, cancel)).json).toEqual({ accepted: true })
    await expect(asked).rejects.toMatchObject({ code: 'ASK_CANCELLED' })
    expect((await extend(b.base, rpcId)).json).toEqual({ extended: false, reason: 'not-pending' })
  })

  it('says a question without a deadline has none', async () => {
    const a = await cluster.start('a', {}, POLICY)
    const b = await cluster.start('b', {}, POLICY)
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    a.ask('s1').catch(() => {})
    const [requested] = await tab.count('question/requested')
    expect((await extend(b.base, String(requested?.rpcId))).json).toEqual({
      extended: false,
      reason: 'no-deadline',
    })
  })
})

/** A node that hears of moved deadlines only once `open()` is called, as behind a slow listener. */
async function deafOwner(channel: string) {
  const pool = new pg.Pool({ connectionString: cluster.url, max: 6 })
  const coordinator = createPostgresCoordinator({ pool, nodeId: 'deaf', channel, ...FAST })
  const held: (() => void)[] = []
  const deaf: QuestionCoordinator = {
    ...coordinator,
    join: (node) =>
      coordinator.join({
        ...node,
        deadline: (move) => void held.push(() => node.deadline(move)),
      }),
  }
  const node = await startHost({ coordinator: deaf, ...POLICY })
  await node.host.ready
  return {
    node,
    open: () => {
      for (const hear of held.splice(0)) hear()
    },
    async stop() {
      await node.host.close()
      await node.close()
      await pool.end()
    },
  }
}

describe('an extension the asking node has not heard of yet', () => {
  it('keeps its timer from timing the question out at the old deadline', async () => {
    const b = await cluster.start('b', { channel: 'deaf_0' }, POLICY)
    const owner = await deafOwner('deaf_0')
    try {
      const tab = await readyTab(b.base, { sessions: ['s1'] })
      const onDeadline = vi.fn()
      let settledAt = 0
      const asked = owner.node.ask('s1', { timeoutMs: 400, onDeadline }).finally(() => {
        settledAt = Date.now()
      })
      asked.catch(() => {})
      const [requested] = await tab.count('question/requested')
      const rpcId = String(requested?.rpcId)
      const first = Number(requested?.deadlineAt)
      expect((await extend(b.base, rpcId)).json).toEqual({
        extended: true,
        deadlineAt: first + 700,
      })
      // The owner's timer fires at the old deadline: its claim is refused, and it waits on.
      await until(first + 250)
      expect(settledAt).toBe(0)
      expect(tab.frames.filter((frame) => frame.type === 'question/resolved')).toEqual([])
      owner.open()
      expect(onDeadline).toHaveBeenCalledWith({
        deadlineAt: first + 700,
        previousDeadlineAt: first,
        reason: 'user',
      })
      await expect(asked).rejects.toMatchObject({ code: 'ASK_TIMED_OUT' })
      expect(settledAt).toBeGreaterThanOrEqual(first + 700 - 20)
    } finally {
      await owner.stop()
    }
  })

  it('still times out at the stored deadline when the news never comes', async () => {
    const b = await cluster.start('b', { channel: 'deaf_1' }, POLICY)
    const owner = await deafOwner('deaf_1')
    try {
      const tab = await readyTab(b.base, { sessions: ['s1'] })
      let settledAt = 0
      const asked = owner.node.ask('s1', { timeoutMs: 400 }).finally(() => {
        settledAt = Date.now()
      })
      asked.catch(() => {})
      const [requested] = await tab.count('question/requested')
      const first = Number(requested?.deadlineAt)
      await extend(b.base, String(requested?.rpcId))
      await expect(asked).rejects.toMatchObject({ code: 'ASK_TIMED_OUT' })
      expect(settledAt).toBeGreaterThanOrEqual(first + 700 - 20)
      const [resolved] = await tab.count('question/resolved')
      expect(resolved).toMatchObject({ outcome: 'timed-out' })
    } finally {
      await owner.stop()
    }
  })
})
