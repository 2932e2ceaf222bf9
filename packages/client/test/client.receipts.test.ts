import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { RespondReceipt } from '@parley/seam/wire'
import { afterEach, describe, expect, it } from 'vitest'
import {
  backoffDelay,
  createQuestionClient,
  type FrameError,
  type QuestionClient,
  QuestionClientError,
} from '../src/index.ts'
import {
  clientOptions,
  QUESTIONS,
  startHost,
  type TestHost,
  until,
  VALID_ANSWER,
  WebSocketServer,
} from './loopback.ts'

let running: TestHost | undefined
let client: QuestionClient | undefined
afterEach(async () => {
  client?.close()
  await running?.close()
  running = undefined
})

/** A client whose respond POSTs get `receipt` without reaching the host. */
async function clientWithReceipt(receipt: RespondReceipt | Response) {
  running = await startHost()
  running.ask('s1')
  const fetch = async () =>
    receipt instanceof Response ? receipt : new Response(JSON.stringify(receipt), { status: 200 })
  const c = createQuestionClient(clientOptions(running.base, 'alice', { fetch }))
  client = c
  await until(c.subscribe, () => c.getSessionQuestions('s1').length === 1)
  const rpcId = c.getSessionQuestions('s1')[0]?.rpcId ?? ''
  return { c, rpcId }
}

describe('receipts drive the local state', () => {
  it('an accepted answer or cancel leaves the request for the host broadcast to retire', async () => {
    const { c, rpcId } = await clientWithReceipt({ accepted: true })
    const before = c.getSessionQuestions('s1')
    expect(await c.respond(rpcId, 's1', VALID_ANSWER)).toEqual({ accepted: true })
    expect(await c.cancel(rpcId, 's1')).toEqual({ accepted: true })
    // The receipt was faked, so no `question/resolved` follows: nothing changes locally.
    expect(c.getSessionQuestions('s1')).toBe(before)
    expect(c.getSessionResolutions('s1')).toEqual({})
  })

  it('not-pending retires the request for good, even against a later replay', async () => {
    const { c, rpcId } = await clientWithReceipt({ accepted: false, reason: 'not-pending' })
    expect(await c.respond(rpcId, 's1', VALID_ANSWER)).toMatchObject({ reason: 'not-pending' })
    expect(c.getSessionQuestions('s1')).toEqual([])
    // Settled elsewhere, outcome unknown: no resolution is made up.
    expect(Object.hasOwn(c.getSessionResolutions('s1'), rpcId)).toBe(false)
    // The host still has it (the receipt was faked): the replay must not resurrect it.
    running?.host.dropStreams()
    await until(c.subscribe, () => c.getConnectionStatus() === 'reconnecting')
    await until(c.subscribe, () => c.getConnectionStatus() === 'open')
    expect(c.getSessionQuestions('s1')).toEqual([])
  })

  it('bad-response leaves the request in place', async () => {
    const receipt: RespondReceipt = {
      accepted: false,
      reason: 'bad-response',
      issues: [{ rule: 'unknown-option', message: 'no' }],
    }
    const { c, rpcId } = await clientWithReceipt(receipt)
    const before = c.getSessionQuestions('s1')
    expect(await c.respond(rpcId, 's1', VALID_ANSWER)).toEqual(receipt)
    expect(c.getSessionQuestions('s1')).toBe(before)
    expect(before.map((q) => q.rpcId)).toEqual([rpcId])
  })

  it('a refused POST rejects with RESPOND_HTTP and its status', async () => {
    const { c, rpcId } = await clientWithReceipt(new Response('{}', { status: 403 }))
    const before = c.getSessionQuestions('s1')
    const error = await c.cancel(rpcId, 's1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(QuestionClientError)
    expect(error).toMatchObject({ code: 'RESPOND_HTTP', status: 403 })
    expect(c.getSessionQuestions('s1')).toBe(before)
  })

  it('a malformed receipt rejects with RESPOND_BAD_RECEIPT', async () => {
    const { c, rpcId } = await clientWithReceipt(new Response('{"ok":1}', { status: 200 }))
    await expect(c.respond(rpcId, 's1', VALID_ANSWER)).rejects.toMatchObject({
      code: 'RESPOND_BAD_RECEIPT',
    })
  })

  it('against the real host: accepted, then the broadcast removes it with its outcome; a second tab gets not-pending', async () => {
    running = await startHost()
    const base = running.base
    const asked = running.ask('s2')
    const first = createQuestionClient(clientOptions(base))
    const second = createQuestionClient(clientOptions(base))
    client = first
    try {
      for (const c of [first, second])
        await until(c.subscribe, () => c.getSessionQuestions('s2').length === 1)
      const rpcId = first.getSessionQuestions('s2')[0]?.rpcId ?? ''
      expect(await first.respond(rpcId, 's2', VALID_ANSWER)).toEqual({ accepted: true })
      expect(await second.cancel(rpcId, 's2')).toEqual({
        accepted: false,
        reason: 'not-pending',
      })
      expect(second.getSessionQuestions('s2')).toEqual([])
      await until(first.subscribe, () => first.getSessionQuestions('s2').length === 0)
      expect(first.getSessionResolutions('s2')).toEqual({ [rpcId]: 'answered' })
      // The second tab retired it on its receipt; the broadcast still tells it how it ended.
      await until(second.subscribe, () => second.getSessionResolutions('s2')[rpcId] === 'answered')
      await expect(asked).resolves.toBeDefined()
    } finally {
      second.close()
    }
  })
})

describe('malformed frames', () => {
  it('are dropped and reported; the client keeps going', async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    const good = {
      type: 'question/requested',
      rpcId: 'r1',
      sessionId: 's1',
      questions: QUESTIONS,
      requestedAt: 1,
    }
    server.on('connection', (socket) => {
      socket.send('not json')
      socket.send(JSON.stringify({ type: 'question/requested', rpcId: 'r0' }))
      socket.send(JSON.stringify({ ...good, rpcId: 'r2', questions: [] }))
      socket.send(JSON.stringify({ type: 'question/resolved', rpcId: 'r1', outcome: 'maybe' }))
      socket.send(JSON.stringify([1]))
      socket.send(JSON.stringify(good))
      socket.send(JSON.stringify({ type: 'mux/ready' }))
    })
    const errors: FrameError[] = []
    const c = createQuestionClient(
      clientOptions(`127.0.0.1:${port}`, 'alice', { onFrameError: (error) => errors.push(error) }),
    )
    client = c
    try {
      await until(c.subscribe, () => c.getConnectionStatus() === 'open')
      expect(errors.map((e) => e.data)).toHaveLength(5)
      expect(errors[0]?.issues[0]?.message).toMatch(/not JSON/)
      expect(c.getSessionQuestions('s1').map((q) => q.rpcId)).toEqual(['r1'])
    } finally {
      c.close()
      server.close()
    }
  })
})

describe('backoffDelay', () => {
  it('doubles from 250 ms up to 10 s, jittered between half and the full step', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map((n) => backoffDelay(n, () => 1))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ])
    expect(backoffDelay(3, () => 0)).toBe(1000)
    expect(backoffDelay(0, () => 0)).toBe(250)
    expect(backoffDelay(20, () => 0.5)).toBe(7500)
  })
})

describe('a retried response', () => {
  it('carries the same responseId until a receipt arrives, then a new one', async () => {
    running = await startHost()
    running.ask('s1')
    const bodies: { rpcId: string; responseId?: string }[] = []
    let failNext = true
    const fetch = async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)))
      if (failNext) {
        failNext = false
        throw new TypeError('network down')
      }
      return new Response(JSON.stringify({ accepted: false, reason: 'bad-response', issues: [] }))
    }
    const c = createQuestionClient(clientOptions(running.base, 'alice', { fetch }))
    client = c
    await until(c.subscribe, () => c.getSessionQuestions('s1').length === 1)
    const rpcId = c.getSessionQuestions('s1')[0]?.rpcId ?? ''
    await expect(c.respond(rpcId, 's1', VALID_ANSWER)).rejects.toMatchObject({
      code: 'RESPOND_NETWORK',
    })
    await c.respond(rpcId, 's1', VALID_ANSWER)
    await c.respond(rpcId, 's1', VALID_ANSWER)
    const [lost, retried, next] = bodies.map((body) => body.responseId)
    expect(lost).toMatch(/^[0-9a-f]{32}$/)
    expect(retried).toBe(lost)
    expect(next).toMatch(/^[0-9a-f]{32}$/)
    expect(next).not.toBe(lost)
  })
})
