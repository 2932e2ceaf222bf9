import { isUserQuestionError } from '@parley/seam'
import { describe, expect, it, vi } from 'vitest'
import {
  answerBody,
  cancelBody,
  type Frame,
  openTab,
  post,
  readyTab,
  sync,
  VALID_ANSWER,
} from '../../host/test/helpers.ts'
import { INLINE_ANSWER_BYTES } from '../src/sql.ts'
import { useCluster } from './cluster.ts'

// A real PostgreSQL and reaping on 2 loaded cores: generous ceilings, not sleeps.
vi.setConfig({ testTimeout: 20_000 })

const cluster = useCluster()

const rpcIdsOf = (frames: Frame[], type: string) =>
  frames.filter((frame) => frame.type === type).map((frame) => String(frame.rpcId))

describe('a question asked on one node', () => {
  it('reaches tabs on the other nodes, and an answer POSTed to a third reaches the agent', async () => {
    const [a, b, c] = [await cluster.start('a'), await cluster.start('b'), await cluster.start('c')]
    const onB = await readyTab(b.base, { sessions: ['s1'] })
    const onC = await readyTab(c.base, { sessions: ['s1'] })
    const asked = a.ask('s1')
    const [requested] = await onB.count('question/requested')
    await onC.count('question/requested')
    const rpcId = String(requested?.rpcId)
    expect((await post(c.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await expect(asked).resolves.toEqual(VALID_ANSWER)
    for (const tab of [onB, onC]) {
      const [resolved] = await tab.count('question/resolved')
      // Both tabs can say where it was answered, whichever node they are on.
      expect(resolved).toMatchObject({
        rpcId,
        outcome: 'answered',
        by: { label: expect.any(String), at: expect.any(Number) },
      })
    }
    expect((await post(b.base, answerBody(rpcId, 's1'))).json).toEqual({
      accepted: false,
      reason: 'not-pending',
    })
  })

  it("shows a tab on another node the answer a tab on the asking node sent, and the winner's own tab too", async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const onA = await readyTab(a.base, { sessions: ['s1'] })
    const onB = await readyTab(b.base, { sessions: ['s1'] })
    const asked = a.ask('s1')
    const rpcId = await a.registeredId(0)
    await onB.count('question/requested')
    expect((await post(a.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await expect(asked).resolves.toEqual(VALID_ANSWER)
    for (const tab of [onA, onB]) {
      const [resolved] = await tab.count('question/resolved')
      expect(resolved).toMatchObject({ rpcId, outcome: 'answered', answer: VALID_ANSWER })
    }
  })

  it(`tells a tab on another node only that it was answered when the answer is over ${INLINE_ANSWER_BYTES} bytes`, async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const onB = await readyTab(b.base, { sessions: ['s1'] })
    const large = {
      answers: VALID_ANSWER.answers.map((item) =>
        item.id === 'note' ? { ...item, custom: 'x'.repeat(INLINE_ANSWER_BYTES) } : item,
      ),
    }
    const asked = a.ask('s1')
    const rpcId = await a.registeredId(0)
    expect((await post(a.base, answerBody(rpcId, 's1', large))).json).toEqual({ accepted: true })
    await expect(asked).resolves.toEqual(large)
    const [resolved] = await onB.count('question/resolved')
    expect(resolved).toMatchObject({ rpcId, outcome: 'answered' })
    expect(resolved).not.toHaveProperty('answer')
  })

  it('is replayed to a tab that connects to any node later, and not once it ended', async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const asked = a.ask('s1')
    const rpcId = await a.registeredId(0)
    const late = await readyTab(b.base, { sessions: ['s1'] })
    expect(rpcIdsOf(late.frames, 'question/requested')).toEqual([rpcId])
    await post(b.base, cancelBody(rpcId, 's1'))
    await expect(asked).rejects.toMatchObject({ code: 'ASK_CANCELLED' })
    const later = await readyTab(b.base, { sessions: ['s1'] })
    expect(rpcIdsOf(later.frames, 'question/requested')).toEqual([])
  })

  it('keeps another principal’s question invisible on every node', async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const bob = await readyTab(b.base, { user: 'bob' })
    const alice = await readyTab(b.base, { user: 'alice' })
    a.ask('s1')
    await alice.count('question/requested')
    b.host.broadcast('b1', { type: 'test/mark' })
    await bob.count('test/mark')
    expect(bob.of('question/requested')).toEqual([])
  })
})

describe('the first valid answer wins across nodes', () => {
  it('accepts exactly one of 30 concurrent answers POSTed to three nodes', async () => {
    const nodes = [await cluster.start('a'), await cluster.start('b'), await cluster.start('c')]
    const asked = nodes[0]?.ask('s1')
    const rpcId = await nodes[0]?.registeredId(0)
    const answers = Array.from({ length: 30 }, (_, index) => ({
      answers: [
        { id: 'color', selected: [index % 2 === 0 ? 'Red' : 'Blue'] },
        { id: 'extras', selected: [], custom: `answer ${index}` },
        { id: 'note', selected: [] },
      ],
    }))
    const replies = await Promise.all(
      answers.map((answer, index) =>
        post(nodes[index % 3]?.base ?? '', answerBody(String(rpcId), 's1', answer)),
      ),
    )
    const accepted = replies.flatMap((reply, index) =>
      reply.json.accepted === true ? [answers[index]] : [],
    )
    expect(accepted).toHaveLength(1)
    expect(replies.filter((reply) => reply.json.reason === 'not-pending')).toHaveLength(29)
    await expect(asked).resolves.toEqual(accepted[0])
  })

  it('answers a retried POST (same responseId) accepted again, on any node', async () => {
    const [a, b, c] = [await cluster.start('a'), await cluster.start('b'), await cluster.start('c')]
    const asked = a.ask('s1')
    const rpcId = await a.registeredId(0)
    const body = { ...answerBody(rpcId, 's1'), responseId: 'response-1' }
    expect((await post(b.base, body)).json).toEqual({ accepted: true })
    // The reply was lost; the client retries the same response on another node.
    expect((await post(c.base, body)).json).toEqual({ accepted: true })
    expect((await post(c.base, { ...body, responseId: 'response-2' })).json).toMatchObject({
      reason: 'not-pending',
    })
    // The id does not open another session's question.
    expect((await post(c.base, { ...body, sessionId: 's2' })).json).toMatchObject({
      reason: 'not-pending',
    })
    await expect(asked).resolves.toEqual(VALID_ANSWER)
  })

  it('validates an answer on the node it reaches against the stored question', async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const asked = a.ask('s1')
    const rpcId = await a.registeredId(0)
    const bad = answerBody(rpcId, 's1', {
      answers: [{ id: 'color', selected: ['Purple'] }, ...VALID_ANSWER.answers.slice(1)],
    })
    const reply = await post(b.base, bad)
    expect(reply.json).toMatchObject({ accepted: false, reason: 'bad-response' })
    expect((await post(b.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await expect(asked).resolves.toEqual(VALID_ANSWER)
  })
})

describe('replay and live frames', () => {
  it('gives a tab every question exactly once while 60 are asked during its replay', async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    for (let i = 0; i < 20; i++) a.ask('s1')
    await a.registeredId(19)
    const tab = openTab(b.base, { user: 'alice', sessions: ['s1'] })
    for (let i = 0; i < 40; i++) a.ask('s1')
    await a.registeredId(59)
    await tab.ready()
    await sync(a.host, 's1', [tab])
    const seen = rpcIdsOf(tab.frames, 'question/requested')
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.sort()).toEqual(a.registered.map((info) => info.rpcId).sort())
  })

  it('relays app frames (host.broadcast) to the other nodes’ tabs', async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    a.host.broadcast('s1', { type: 'chat/message', text: 'hello' })
    const [frame] = await tab.count('chat/message')
    expect(frame).toEqual({ type: 'chat/message', text: 'hello', sessionId: 's1' })
  })
})

describe('when a node loses its listener', () => {
  it('drops its streams so tabs replay, and still settles what its agents await', async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const tab = await readyTab(a.base, { sessions: ['s1'] })
    const asked = a.ask('s1')
    const rpcId = await a.registeredId(0)
    await tab.count('question/requested')
    await cluster.admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'a' AND query LIKE 'LISTEN%'`,
    )
    // Answered elsewhere while a cannot hear.
    expect((await post(b.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await expect(asked).resolves.toEqual(VALID_ANSWER)
    await tab.closed
    expect(a.coordinator.stats.reconnects).toBeGreaterThanOrEqual(1)
    const again = await readyTab(a.base, { sessions: ['s1'] })
    expect(again.of('question/requested')).toEqual([])
  })

  it('takes its liveness lock again when that connection drops, so its questions still take answers', async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const holder = async () => {
      const { rows } = await cluster.admin.query(
        `SELECT l.pid FROM pg_locks l JOIN pg_stat_activity s USING (pid)
         WHERE l.locktype = 'advisory' AND l.granted AND s.application_name = 'a'`,
      )
      return rows.map((row) => Number(row.pid))
    }
    const [first] = await holder()
    expect(first).toBeDefined()
    const asked = a.ask('s1')
    const rpcId = await a.registeredId(0)
    await cluster.admin.query('SELECT pg_terminate_backend($1)', [first])
    await vi.waitFor(
      async () => expect((await holder()).filter((pid) => pid !== first)).toHaveLength(1),
      {
        timeout: 10_000,
      },
    )
    expect((await post(b.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await expect(asked).resolves.toEqual(VALID_ANSWER)
  })
})

describe('when a node dies', () => {
  it('retires its questions on every tab as server-gone and rejects its agents', async () => {
    const a = await cluster.start('a', { heartbeatMs: 60_000 })
    const b = await cluster.start('b')
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    const asked = a.ask('s1')
    await tab.count('question/requested')
    // a never heartbeats again: b reaps it after 600 ms.
    const [resolved] = await tab.count('question/resolved')
    expect(resolved).toMatchObject({ outcome: 'aborted', reason: 'server-gone' })
    const error = await asked.catch((caught: unknown) => caught)
    expect(isUserQuestionError(error, 'ASK_ABORTED')).toBe(true)
  })

  it('retires a question whose node was reaped before the question was stored', async () => {
    // A stalled node: reaped while its insert was on its way, and never heard from again.
    const a = await cluster.start('a', { heartbeatMs: 60_000 })
    const asked = a.ask('s1', { resumeKey: 'call-0' })
    await a.registeredId(0)
    const plain = a.ask('s1')
    await a.registeredId(1)
    await cluster.admin.query("DELETE FROM parley_nodes WHERE node_id = 'a'")
    const b = await cluster.start('b', { reattachGraceMs: 300 })
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    const resolved = await tab.count('question/resolved', 2)
    expect(resolved).toMatchObject([
      { outcome: 'aborted', reason: 'server-gone' },
      { outcome: 'aborted', reason: 'server-gone' },
    ])
    await expect(plain).rejects.toMatchObject({ code: 'ASK_ABORTED' })
    await expect(asked).rejects.toMatchObject({ code: 'ASK_ABORTED' })
  })

  it('retires a crashed node’s questions within the reap time', async () => {
    const a = await cluster.start('a')
    const onResolved = vi.fn()
    const b = await cluster.start('b', {}, { onResolved })
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    a.ask('s1')
    await tab.count('question/requested')
    const crashedAt = Date.now()
    await a.crash()
    const [resolved] = await tab.count('question/resolved')
    expect(resolved).toMatchObject({ outcome: 'aborted', reason: 'server-gone' })
    expect(Date.now() - crashedAt).toBeLessThan(3_000)
    // The survivor's app hears it too (where no agent's promise settles).
    expect(onResolved).toHaveBeenCalledExactlyOnceWith({
      rpcId: resolved?.rpcId,
      sessionId: 's1',
      outcome: 'aborted',
      reason: 'server-gone',
    })
  })
})

describe('agents that re-attach (resumeKey)', () => {
  it('attaches to the pending question after its node left, with no second card', async () => {
    const a = await cluster.start('a')
    const b = await cluster.start('b')
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    const first = a.ask('s1', { resumeKey: 'call-1' })
    const rpcId = await a.registeredId(0)
    await tab.count('question/requested')
    await a.stop()
    await expect(first).rejects.toMatchObject({ code: 'ASK_ABORTED' })
    const c = await cluster.start('c')
    const again = c.ask('s1', { resumeKey: 'call-1' })
    await sync(c.host, 's1', [tab])
    expect(tab.of('question/resolved')).toEqual([])
    expect((await post(b.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await expect(again).resolves.toEqual(VALID_ANSWER)
    expect(rpcIdsOf(tab.frames, 'question/requested')).toEqual([rpcId])
  })

  it('delivers an answer given while no agent waited, exactly once', async () => {
    const a = await cluster.start('a')
    const b = await cluster.start('b')
    a.ask('s1', { resumeKey: 'call-2' }).catch(() => {})
    const rpcId = await a.registeredId(0)
    await a.stop()
    expect((await post(b.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await expect(b.ask('s1', { resumeKey: 'call-2' })).resolves.toEqual(VALID_ANSWER)
    // Delivered: the same key now asks afresh.
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    const fresh = b.ask('s1', { resumeKey: 'call-2' })
    const [requested] = await tab.count('question/requested')
    expect(requested?.rpcId).not.toBe(rpcId)
    await post(b.base, cancelBody(String(requested?.rpcId), 's1'))
    await expect(fresh).rejects.toMatchObject({ code: 'ASK_CANCELLED' })
  })

  it('moves the wait to the newest attachment; the older one gives way', async () => {
    const a = await cluster.start('a')
    const b = await cluster.start('b')
    const older = a.ask('s1', { resumeKey: 'call-3' })
    const rpcId = await a.registeredId(0)
    const newer = b.ask('s1', { resumeKey: 'call-3' })
    await expect(older).rejects.toMatchObject({ code: 'ASK_ABORTED' })
    expect((await post(a.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await expect(newer).resolves.toEqual(VALID_ANSWER)
  })

  it('ends an orphaned durable question after the re-attach grace', async () => {
    const a = await cluster.start('a', { reattachGraceMs: 300 })
    const b = await cluster.start('b', { reattachGraceMs: 300 })
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    a.ask('s1', { resumeKey: 'call-4' }).catch(() => {})
    await tab.count('question/requested')
    await a.stop()
    const [resolved] = await tab.count('question/resolved')
    expect(resolved).toMatchObject({ outcome: 'aborted', reason: 'server-gone' })
  })
})

describe('deadlines and aborts on the owning node', () => {
  it('times out on its owner and retires the question on every node', async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    const asked = a.ask('s1', { timeoutMs: 200 })
    await expect(asked).rejects.toMatchObject({ code: 'ASK_TIMED_OUT' })
    const [resolved] = await tab.count('question/resolved')
    expect(resolved).toMatchObject({ outcome: 'timed-out' })
  })

  it('aborts through the agent’s signal, everywhere', async () => {
    const [a, b] = [await cluster.start('a'), await cluster.start('b')]
    const tab = await readyTab(b.base, { sessions: ['s1'] })
    const controller = new AbortController()
    const asked = a.ask('s1', { signal: controller.signal })
    await tab.count('question/requested')
    controller.abort()
    await expect(asked).rejects.toMatchObject({ code: 'ASK_ABORTED' })
    const [resolved] = await tab.count('question/resolved')
    expect(resolved).toMatchObject({ outcome: 'aborted' })
    expect(resolved?.reason).toBeUndefined()
  })
})
