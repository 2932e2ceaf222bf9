import { type AskUserQuestionRequest, isUserQuestionError } from '@parley/seam'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createQuestionHost,
  type QuestionHost,
  type QuestionHostOptions,
  type ResolvedInfo,
} from '../src/index.ts'
import {
  ACCESS,
  answerBody,
  cancelBody,
  eventReader,
  type Frame,
  manualTimers,
  QUESTIONS,
  VALID_ANSWER,
} from './helpers.ts'
import { createMemoryCluster, type MemoryCluster } from './memory-coordinator.ts'

const T0 = 1_700_000_000_000

/** One node of the test cluster: a host on the shared in-memory coordinator. */
interface TestNode {
  readonly id: string
  readonly host: QuestionHost<string>
  readonly registered: string[]
  readonly resolved: ResolvedInfo[]
  readonly errors: unknown[]
}

let cluster: MemoryCluster
let nodes: TestNode[]
beforeEach(() => {
  cluster = createMemoryCluster()
  nodes = []
})
afterEach(async () => {
  for (const node of nodes) await node.host.close()
})

/** Starts node `id` of the cluster (with `alone`, a host of one process, for comparison). */
async function start(
  id: string,
  options: Partial<QuestionHostOptions<string>> = {},
  alone = false,
) {
  const registered: string[] = []
  const resolved: ResolvedInfo[] = []
  const errors: unknown[] = []
  const host = createQuestionHost<string>({
    authenticate: (request) => request.headers.get('x-user'),
    canAccess: (user, sessionId) => ACCESS[user]?.includes(sessionId) ?? false,
    ...(!alone && { coordinator: cluster.coordinator(id) }),
    onRegistered: (info) => registered.push(info.rpcId),
    onResolved: (info) => resolved.push(info),
    onError: (error) => errors.push(error),
    now: () => T0,
    ...options,
  })
  const node: TestNode = { id, host, registered, resolved, errors }
  nodes.push(node)
  await host.ready
  return node
}

function ask(node: TestNode, extra: Partial<AskUserQuestionRequest> = {}) {
  const asked = node.host.provider.ask({ questions: QUESTIONS, sessionId: 's1', ...extra })
  asked.catch(() => {})
  return asked
}

/** How an ask stands once the cluster is quiet: its answer, its error code, or still pending. */
async function outcome(asked: Promise<unknown>): Promise<unknown> {
  let now: unknown = 'pending'
  asked.then(
    (answer) => {
      now = { answer }
    },
    (error: unknown) => {
      now = { error: isUserQuestionError(error) ? error.code : error }
    },
  )
  await cluster.settled()
  return now
}

async function post(node: TestNode, body: unknown, path = '/api/respond') {
  const response = await node.host.fetch(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'alice' },
      body: JSON.stringify(body),
    }),
  )
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

/** A tab's SSE downlink on `node`, once it got `mux/ready`. */
async function tab(node: TestNode) {
  const response = await node.host.fetch(
    new Request('http://localhost/api/mux?session=s1', {
      headers: { accept: 'text/event-stream', 'x-user': 'alice' },
    }),
  )
  const events = eventReader(response)
  await events.until((frames) => frames.some((frame) => frame.type === 'mux/ready'))
  let marks = 0
  return {
    frames: events.frames,
    /** Waits for a frame of `type` (about `rpcId`, when named). */
    async next(type: string, rpcId?: string): Promise<Frame> {
      const match = (frame: Frame) =>
        frame.type === type && (rpcId === undefined || frame.rpcId === rpcId)
      const frames = await events.until((all) => all.some(match))
      return frames.find(match) as Frame
    },
    /** Everything this node sent the tab so far, about `rpcId`, by type. */
    async about(rpcId: string): Promise<string[]> {
      const mark = `test/mark-${++marks}`
      node.host.broadcast('s1', { type: mark })
      await events.until((all) => all.some((frame) => frame.type === mark))
      return events.frames.filter((frame) => frame.rpcId === rpcId).map((frame) => frame.type)
    },
  }
}

const NOT_PENDING = { status: 200, json: { accepted: false, reason: 'not-pending' } }
const ACCEPTED = { status: 200, json: { accepted: true } }

describe('a question asked on one node of a cluster', () => {
  it('reaches a tab on another node, and the answer POSTed there reaches the agent', async () => {
    const [a, b] = [await start('a'), await start('b')]
    const onB = await tab(b)
    const asked = ask(a)
    const requested = await onB.next('question/requested')
    const rpcId = String(requested.rpcId)
    expect(await post(b, answerBody(rpcId, 's1'))).toEqual(ACCEPTED)
    await expect(asked).resolves.toEqual(VALID_ANSWER)
    expect(await onB.next('question/resolved', rpcId)).toMatchObject({
      outcome: 'answered',
      answer: VALID_ANSWER,
    })
  })

  it('takes the first of many answers POSTed to three nodes, and refuses the rest as one node does', async () => {
    const alone = await start('alone', {}, true)
    const once = ask(alone)
    const oneId = alone.registered[0] ?? ''
    expect(await post(alone, answerBody(oneId, 's1'))).toEqual(ACCEPTED)
    const refusedAlone = await post(alone, answerBody(oneId, 's1'))
    await expect(once).resolves.toEqual(VALID_ANSWER)

    const three = [await start('a'), await start('b'), await start('c')]
    const asked = ask(three[0] as TestNode)
    await cluster.settled()
    const rpcId = three[0]?.registered[0] ?? ''
    const answers = Array.from({ length: 9 }, (_, index) => ({
      answers: [
        { id: 'color', selected: [index % 2 === 0 ? 'Red' : 'Blue'] },
        { id: 'extras', selected: [], custom: `answer ${index}` },
        { id: 'note', selected: [] },
      ],
    }))
    const replies = await Promise.all(
      answers.map((answer, index) =>
        post(three[index % 3] as TestNode, answerBody(rpcId, 's1', answer)),
      ),
    )
    const accepted = answers.filter((_, index) => replies[index]?.json.accepted === true)
    expect(accepted).toHaveLength(1)
    await expect(asked).resolves.toEqual(accepted[0])
    expect(replies.filter((reply) => reply.json.accepted !== true)).toEqual(
      Array.from({ length: 8 }, () => refusedAlone),
    )
    expect(refusedAlone).toEqual(NOT_PENDING)
    for (const node of three) expect(await post(node, answerBody(rpcId, 's1'))).toEqual(NOT_PENDING)
  })

  it('accepts a retried POST (the same responseId) again on another node, and no other response', async () => {
    const [a, b, c] = [await start('a'), await start('b'), await start('c')]
    const asked = ask(a)
    await cluster.settled()
    const body = { ...answerBody(a.registered[0] ?? '', 's1'), responseId: 'response-1' }
    expect(await post(b, body)).toEqual(ACCEPTED)
    expect(await post(c, body)).toEqual(ACCEPTED)
    expect(await post(c, { ...body, responseId: 'response-2' })).toEqual(NOT_PENDING)
    await expect(asked).resolves.toEqual(VALID_ANSWER)
  })
})

describe('races between nodes', () => {
  it.each(['a', 'b'])(
    'an answer POSTed to node %s while the asking node a is still registering reaches the agent, and no card follows it',
    async (through) => {
      const [a, b] = [await start('a'), await start('b')]
      const [onA, onB] = [await tab(a), await tab(b)]
      // The question is stored (and b's tab shows it) before a hears its register return.
      const registering = cluster.stall('a', 'register')
      const asked = ask(a)
      await registering.reached
      const rpcId = String((await onB.next('question/requested')).rpcId)
      expect(await post(through === 'a' ? a : b, answerBody(rpcId, 's1'))).toEqual(ACCEPTED)
      registering.release()
      expect(await outcome(asked)).toEqual({ answer: VALID_ANSWER })
      expect(await onA.about(rpcId)).toEqual(['question/resolved'])
      expect(a.host.pending()).toEqual([])
    },
  )

  it('a doorbell delivered twice settles the agent once, with the answer', async () => {
    const [a, b] = [await start('a'), await start('b')]
    const asked = ask(a)
    await cluster.settled()
    cluster.hold('a')
    expect(await post(b, answerBody(a.registered[0] ?? '', 's1'))).toEqual(ACCEPTED)
    await cluster.deliver('a', (held) => [...held, ...held])
    expect(await outcome(asked)).toEqual({ answer: VALID_ANSWER })
    expect(a.errors).toEqual([])
  })

  it('an ending heard before its question never shows a tab the card', async () => {
    const [a, b, c] = [await start('a'), await start('b'), await start('c')]
    const onC = await tab(c)
    cluster.hold('c')
    const asked = ask(a)
    await cluster.settled()
    const rpcId = a.registered[0] ?? ''
    expect(await post(b, cancelBody(rpcId, 's1'))).toEqual(ACCEPTED)
    expect(cluster.held('c').map((bell) => bell.kind)).toEqual(['requested', 'resolved'])
    await cluster.deliver('c', (held) => [...held].reverse())
    expect(await outcome(asked)).toEqual({ error: 'ASK_CANCELLED' })
    expect(await onC.about(rpcId)).toEqual(['question/resolved'])
  })

  it('an agent whose doorbell was lost is settled by the re-check', async () => {
    const [a, b] = [await start('a'), await start('b')]
    const asked = ask(a, { resumeKey: 'call-lost' })
    await cluster.settled()
    cluster.hold('a')
    expect(await post(b, answerBody(a.registered[0] ?? '', 's1'))).toEqual(ACCEPTED)
    await cluster.deliver('a', () => [], true)
    expect(await outcome(asked)).toBe('pending')
    await cluster.recheck('a')
    expect(await outcome(asked)).toEqual({ answer: VALID_ANSWER })
  })

  it('a cancel and an answer POSTed at once to two nodes: one wins, and the agent and every tab see that one', async () => {
    const [a, b, c] = [await start('a'), await start('b'), await start('c')]
    const tabs = [await tab(a), await tab(b), await tab(c)]
    const asked = ask(a)
    await cluster.settled()
    const rpcId = a.registered[0] ?? ''
    const [cancelled, answered] = await Promise.all([
      post(b, cancelBody(rpcId, 's1')),
      post(c, answerBody(rpcId, 's1')),
    ])
    expect([cancelled, answered].filter((reply) => reply.json.accepted === true)).toHaveLength(1)
    const won = answered.json.accepted === true ? 'answered' : 'cancelled'
    expect(await outcome(asked)).toEqual(
      won === 'answered' ? { answer: VALID_ANSWER } : { error: 'ASK_CANCELLED' },
    )
    for (const onTab of tabs)
      expect(await onTab.next('question/resolved', rpcId)).toMatchObject({ outcome: won })
  })

  it("a re-check while the asking node's own claim is on its way leaves the agent and the tabs to that claim", async () => {
    const a = await start('a')
    const onA = await tab(a)
    const asked = ask(a)
    await cluster.settled()
    const rpcId = a.registered[0] ?? ''
    // The claim is made (and delivered to a), but a has not heard back yet.
    const claiming = cluster.stall('a', 'claim')
    const reply = post(a, answerBody(rpcId, 's1'))
    await claiming.reached
    await cluster.recheck('a')
    expect(await outcome(asked)).toBe('pending')
    claiming.release()
    expect(await reply).toEqual(ACCEPTED)
    expect(await outcome(asked)).toEqual({ answer: VALID_ANSWER })
    // The tab's one resolved frame is the claim's, with the answer and who sent it.
    expect(await onA.next('question/resolved', rpcId)).toMatchObject({
      outcome: 'answered',
      answer: VALID_ANSWER,
      by: expect.objectContaining({ at: expect.any(Number) }),
    })
  })

  it("the asking node's own claim that loses to another node's still resolves its agent with the winner", async () => {
    const [a, b] = [await start('a'), await start('b')]
    const asked = ask(a)
    await cluster.settled()
    const rpcId = a.registered[0] ?? ''
    const through = (node: TestNode) => ({
      answers: [
        { id: 'color', selected: ['Red'] },
        { id: 'extras', selected: [] },
        { id: 'note', selected: [], custom: `through ${node.id}` },
      ],
    })
    // b's claim is made first; a's own claim loses while b's doorbell is on its way to a.
    cluster.hold('a')
    expect(await post(b, answerBody(rpcId, 's1', through(b)))).toEqual(ACCEPTED)
    expect(await post(a, answerBody(rpcId, 's1', through(a)))).toEqual(NOT_PENDING)
    expect(await outcome(asked)).toEqual({ answer: through(b) })
    await cluster.deliver('a')
    expect(a.errors).toEqual([])
  })
})

describe('nodes that stop', () => {
  it("ends a crashed node's questions on every tab as server-gone, and refuses answers meanwhile", async () => {
    const [a, b] = [await start('a'), await start('b')]
    const onB = await tab(b)
    ask(a)
    const rpcId = String((await onB.next('question/requested')).rpcId)
    cluster.kill('a')
    expect(await post(b, answerBody(rpcId, 's1'))).toEqual(NOT_PENDING)
    await cluster.reap('b')
    expect(await onB.next('question/resolved', rpcId)).toMatchObject({
      outcome: 'aborted',
      reason: 'server-gone',
    })
    expect(b.resolved).toEqual([
      { rpcId, sessionId: 's1', outcome: 'aborted', reason: 'server-gone' },
    ])
  })

  it('a node that leaves ends its plain questions everywhere and leaves its durable one to an agent that re-attaches elsewhere', async () => {
    const [a, b] = [await start('a'), await start('b')]
    const onB = await tab(b)
    const plain = ask(a)
    const durable = ask(a, { resumeKey: 'call-1' })
    await cluster.settled()
    const [plainId, durableId] = a.registered as [string, string]
    await a.host.close()
    expect(await outcome(plain)).toEqual({ error: 'ASK_ABORTED' })
    expect(await outcome(durable)).toEqual({ error: 'ASK_ABORTED' })
    expect(await onB.next('question/resolved', plainId)).toMatchObject({ outcome: 'aborted' })
    const c = await start('c')
    const again = ask(c, { resumeKey: 'call-1' })
    await cluster.settled()
    expect(await post(b, answerBody(durableId, 's1'))).toEqual(ACCEPTED)
    expect(await outcome(again)).toEqual({ answer: VALID_ANSWER })
    // One card, never a second: the re-attached ask is the same question.
    expect(await onB.about(durableId)).toEqual(['question/requested', 'question/resolved'])
  })

  it.each([
    ['durable', { resumeKey: 'call-4' }],
    ['plain', {}],
  ])(
    'a node that leaves while its %s ask is still being stored leaves that one too',
    async (kind, extra) => {
      const [a, b] = [await start('a'), await start('b')]
      const onB = await tab(b)
      // b's tab shows the question before a hears its register return; then a leaves.
      const registering = cluster.stall('a', 'register')
      const asked = ask(a, extra)
      await registering.reached
      const rpcId = String((await onB.next('question/requested')).rpcId)
      const leaving = a.host.close()
      registering.release()
      await leaving
      expect(await outcome(asked)).toEqual({ error: 'ASK_ABORTED' })
      if (kind === 'plain') {
        expect(await onB.next('question/resolved', rpcId)).toMatchObject({ outcome: 'aborted' })
        return
      }
      const again = ask(b, extra)
      await cluster.settled()
      expect(await post(b, answerBody(rpcId, 's1'))).toEqual(ACCEPTED)
      expect(await outcome(again)).toEqual({ answer: VALID_ANSWER })
      expect(await onB.about(rpcId)).toEqual(['question/requested', 'question/resolved'])
    },
  )

  it('delivers an answer given while no agent waited to the agent that asks again, exactly once', async () => {
    const [a, b] = [await start('a'), await start('b')]
    ask(a, { resumeKey: 'call-2' })
    await cluster.settled()
    const rpcId = a.registered[0] ?? ''
    await a.host.close()
    expect(await post(b, answerBody(rpcId, 's1'))).toEqual(ACCEPTED)
    expect(await outcome(ask(b, { resumeKey: 'call-2' }))).toEqual({ answer: VALID_ANSWER })
    const fresh = ask(b, { resumeKey: 'call-2' })
    await cluster.settled()
    expect(b.registered).toHaveLength(1)
    expect(b.registered[0]).not.toBe(rpcId)
    expect(await outcome(fresh)).toBe('pending')
  })

  it('moves the wait to the newest attachment on another node; the older one gives way', async () => {
    const [a, b] = [await start('a'), await start('b')]
    const older = ask(a, { resumeKey: 'call-3' })
    await cluster.settled()
    const rpcId = a.registered[0] ?? ''
    const newer = ask(b, { resumeKey: 'call-3' })
    expect(await outcome(older)).toEqual({ error: 'ASK_ABORTED' })
    expect(await post(a, answerBody(rpcId, 's1'))).toEqual(ACCEPTED)
    expect(await outcome(newer)).toEqual({ answer: VALID_ANSWER })
  })
})

describe('deadlines across nodes', () => {
  it('times out on the asking node and ends the question on every tab', async () => {
    const clock = manualTimers()
    const a = await start('a', { timers: clock.timers })
    const b = await start('b')
    const onB = await tab(b)
    const asked = ask(a, { timeoutMs: 60_000 })
    const rpcId = String((await onB.next('question/requested')).rpcId)
    clock.fire(60_000)
    expect(await outcome(asked)).toEqual({ error: 'ASK_TIMED_OUT' })
    expect(await onB.next('question/resolved', rpcId)).toMatchObject({ outcome: 'timed-out' })
    expect(await post(b, answerBody(rpcId, 's1'))).toEqual(NOT_PENDING)
  })

  it('"more time" from a tab on another node holds off the asking node\'s timer until it hears of it', async () => {
    const clock = manualTimers()
    const deadlines: unknown[] = []
    const a = await start('a', { timers: clock.timers })
    const b = await start('b')
    const onB = await tab(b)
    const asked = ask(a, { timeoutMs: 60_000, onDeadline: (change) => deadlines.push(change) })
    const rpcId = String((await onB.next('question/requested')).rpcId)
    cluster.hold('a')
    const extended = await post(b, { rpcId, sessionId: 's1', reason: 'user' }, '/api/extend')
    expect(extended).toEqual({ status: 200, json: { extended: true, deadlineAt: T0 + 360_000 } })
    // a's timer fires at the old deadline: its claim is refused, and it waits for the stored one.
    clock.fire(60_000)
    expect(await outcome(asked)).toBe('pending')
    await cluster.deliver('a')
    expect(deadlines).toEqual([
      { deadlineAt: T0 + 360_000, previousDeadlineAt: T0 + 60_000, reason: 'user' },
    ])
    clock.fire(360_000)
    expect(await outcome(asked)).toEqual({ error: 'ASK_TIMED_OUT' })
    expect(await onB.next('question/resolved', rpcId)).toMatchObject({ outcome: 'timed-out' })
  })
})
