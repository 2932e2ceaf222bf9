import { describe, expect, it } from 'vitest'
import { type ComposerRequest, queueOrder, soonerInQueue } from '../src/index.ts'

const T0 = 1_700_000_000_000

/** A one-question request asked at `T0 + askedAfter`, with a deadline `deadlineIn` ms after T0. */
function ask(rpcId: string, askedAfter: number, deadlineIn?: number): ComposerRequest {
  return {
    rpcId,
    requestedAt: T0 + askedAfter,
    questions: [{ id: 'q', question: `${rpcId}?` }],
    ...(deadlineIn !== undefined && { deadlineAt: T0 + deadlineIn }),
  }
}

const ids = (queue: readonly ComposerRequest[]) => queue.map((request) => request.rpcId)

describe('queueOrder', () => {
  it('puts the request that runs out first in front, then later deadlines, then those without', () => {
    const queue = [
      ask('planner', 0),
      ask('tests', 5),
      ask('docs', 9, 45_000),
      ask('ops', 10, 90_000),
    ]
    expect(ids(queueOrder(queue))).toEqual(['docs', 'ops', 'planner', 'tests'])
  })

  it('keeps arrival order among requests without a deadline or with the same one', () => {
    const queue = [ask('a', 0), ask('b', 1), ask('c', 2, 60_000), ask('d', 3, 60_000)]
    expect(ids(queueOrder(queue))).toEqual(['c', 'd', 'a', 'b'])
  })

  it('never lets a request asked later take the place of the one on screen', () => {
    const queue = [ask('shown', 0, 120_000), ask('later', 5000, 20_000), ask('none', 6000)]
    expect(ids(queueOrder(queue, 'shown'))).toEqual(['shown', 'later', 'none'])
  })

  it('lets a request asked together with the one on screen go first when it runs out sooner', () => {
    const queue = [ask('planner', 0), ask('tests', 3), ask('docs', 8, 45_000)]
    expect(ids(queueOrder(queue, 'planner'))).toEqual(['docs', 'planner', 'tests'])
  })

  it('orders as if nothing were shown once the shown request has left', () => {
    const queue = [ask('a', 0), ask('b', 5000, 30_000)]
    expect(ids(queueOrder(queue, 'gone'))).toEqual(['b', 'a'])
  })

  it('returns a new list and leaves the given one as it was', () => {
    const queue = [ask('a', 0), ask('b', 5000, 30_000)]
    const before = [...queue]
    expect(queueOrder(queue)).not.toBe(queue)
    expect(queue).toEqual(before)
  })
})

describe('soonerInQueue', () => {
  it('names the waiting request that runs out before the one in front, by its place', () => {
    const queue = [
      ask('shown', 0, 120_000),
      ask('later', 5000, 40_000),
      ask('soonest', 6000, 30_000),
    ]
    expect(soonerInQueue(queue)).toEqual({
      position: 3,
      request: queue[2],
      deadlineAt: T0 + 30_000,
    })
  })

  it('names one when the front has no deadline at all', () => {
    const queue = [ask('shown', 0), ask('timed', 5000, 40_000)]
    expect(soonerInQueue(queue)?.position).toBe(2)
  })

  it('names none when the front runs out first, or nothing behind it has a deadline', () => {
    expect(soonerInQueue([ask('a', 0, 20_000), ask('b', 1, 40_000)])).toBeUndefined()
    expect(soonerInQueue([ask('a', 0, 20_000), ask('b', 1)])).toBeUndefined()
    expect(soonerInQueue([ask('a', 0, 20_000), ask('b', 1, 20_000)])).toBeUndefined()
    expect(soonerInQueue([])).toBeUndefined()
  })
})
