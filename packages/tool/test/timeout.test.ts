import { isUserQuestionError } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import { createAskUserQuestionTool } from '../src/index.ts'
import { modelInput, serviceAnswering, skipAll } from './helpers.ts'
import { type HostWithClock, hostWithClock } from './host.ts'

const NOT_A_DEADLINE: [string, number][] = [
  ['zero', 0],
  ['a negative number', -1000],
  ['a fraction', 1.5],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['an unsafe integer', 2 ** 53],
]

describe('timeoutMs reaches the request', () => {
  it("sends the context's timeoutMs as the request's timeoutMs", async () => {
    const { service, seen } = serviceAnswering(skipAll)
    await createAskUserQuestionTool(service).execute(modelInput, { timeoutMs: 5000 })
    expect(seen[0]?.timeoutMs).toBe(5000)
  })

  it("sends the tool's default when the context has none", async () => {
    const { service, seen } = serviceAnswering(skipAll)
    await createAskUserQuestionTool(service, { timeoutMs: 30_000 }).execute(modelInput)
    expect(seen[0]?.timeoutMs).toBe(30_000)
  })

  it("hands the context's onDeadline to the request, which calls it", async () => {
    const { service, seen } = serviceAnswering(skipAll)
    const changes: unknown[] = []
    await createAskUserQuestionTool(service).execute(modelInput, {
      timeoutMs: 5000,
      onDeadline: (change) => changes.push(change),
    })
    seen[0]?.onDeadline?.({ deadlineAt: 2, previousDeadlineAt: 1, reason: 'user' })
    expect(changes).toEqual([{ deadlineAt: 2, previousDeadlineAt: 1, reason: 'user' }])
  })

  it("lets the context's timeoutMs win over the tool's default", async () => {
    const { service, seen } = serviceAnswering(skipAll)
    const tool = createAskUserQuestionTool(service, { timeoutMs: 30_000 })
    await tool.execute(modelInput, { timeoutMs: 5000 })
    expect(seen[0]?.timeoutMs).toBe(5000)
  })
})

describe('a timeoutMs that is not a deadline is a programming error', () => {
  it.each(NOT_A_DEADLINE)('creating the tool with %s throws a TypeError', (_, timeoutMs) => {
    const { service } = serviceAnswering(skipAll)
    expect(() => createAskUserQuestionTool(service, { timeoutMs })).toThrowError(TypeError)
    expect(() => createAskUserQuestionTool(service, { timeoutMs })).toThrowError(
      `options.timeoutMs must be a positive whole number of milliseconds (a safe integer), got ${timeoutMs}.`,
    )
  })

  it.each(NOT_A_DEADLINE)(
    'execute with %s rejects with a TypeError and asks nobody',
    async (_, timeoutMs) => {
      const { service, seen } = serviceAnswering(skipAll)
      const pending = createAskUserQuestionTool(service).execute(modelInput, {
        timeoutMs,
      })
      const error = await pending.catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(TypeError)
      expect(error).toMatchObject({
        message: `context.timeoutMs must be a positive whole number of milliseconds (a safe integer), got ${timeoutMs}.`,
      })
      expect(seen).toHaveLength(0)
    },
  )
})

describe('timeoutMs with a real host', () => {
  let host: HostWithClock
  afterEach(() => host.running.close())

  it('the host arms the deadline and the tool rejects ASK_TIMED_OUT when it passes', async () => {
    host = await hostWithClock()
    const tool = createAskUserQuestionTool(host.running.service)
    const asked = tool.execute(modelInput, { sessionId: 's1', timeoutMs: 60_000 })
    const { request } = await host.registered
    expect(request.timeoutMs).toBe(60_000)
    host.clock.fire(60_000)
    const error = await asked.catch((caught: unknown) => caught)
    expect(isUserQuestionError(error, 'ASK_TIMED_OUT')).toBe(true)
  })

  it('an abort before the deadline still rejects ASK_ABORTED', async () => {
    host = await hostWithClock()
    const controller = new AbortController()
    const tool = createAskUserQuestionTool(host.running.service, { timeoutMs: 60_000 })
    const asked = tool.execute(modelInput, { sessionId: 's1', signal: controller.signal })
    await host.registered
    controller.abort()
    const error = await asked.catch((caught: unknown) => caught)
    expect(isUserQuestionError(error, 'ASK_ABORTED')).toBe(true)
    expect(host.clock.pending.size).toBe(0)
  })
})
