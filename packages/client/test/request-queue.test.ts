import type { QuestionRequestedFrame } from '@parley/seam/wire'
import { describe, expect, it } from 'vitest'
import {
  addRequest,
  EMPTY_SESSION,
  RESOLUTION_LIMIT,
  reconcileRequests,
  retireRequest,
  type SessionQuestions,
  TOMBSTONE_LIMIT,
} from '../src/request-queue.ts'
import { QUESTIONS } from './loopback.ts'

const frame = (
  rpcId: string,
  extra: Partial<QuestionRequestedFrame> = {},
): QuestionRequestedFrame => ({
  type: 'question/requested',
  rpcId,
  sessionId: 's1',
  questions: QUESTIONS,
  requestedAt: 1,
  ...extra,
})
const ids = (queue: SessionQuestions) => queue.requests.map((q) => q.rpcId)
const add = (queue: SessionQuestions, ...rpcIds: string[]) =>
  rpcIds.reduce((q, id) => addRequest(q, frame(id)), queue)

describe('the request queue', () => {
  it('keeps requests in arrival order, without the wire type', () => {
    const queue = addRequest(add(EMPTY_SESSION, 'a', 'b'), frame('c', { callId: 'call-c' }))
    expect(ids(queue)).toEqual(['a', 'b', 'c'])
    expect(queue.requests[2]).toEqual({
      rpcId: 'c',
      sessionId: 's1',
      callId: 'call-c',
      questions: QUESTIONS,
      requestedAt: 1,
    })
    expect(queue.requests[0]).not.toHaveProperty('callId')
  })

  it('a replayed rpcId keeps its place and changes nothing', () => {
    const queue = add(EMPTY_SESSION, 'a', 'b', 'c')
    expect(add(queue, 'b', 'a', 'c')).toBe(queue)
  })

  it('a resolved rpcId is tombstoned: a late or replayed frame cannot bring it back', () => {
    const queue = retireRequest(add(EMPTY_SESSION, 'a', 'b'), 'a', { outcome: 'answered' })
    expect(ids(queue)).toEqual(['b'])
    expect(add(queue, 'a')).toBe(queue)
  })

  it('tombstones even an rpcId it never saw (the resolved frame came first)', () => {
    const queue = retireRequest(EMPTY_SESSION, 'early')
    expect(add(queue, 'early')).toBe(queue)
    expect(retireRequest(queue, 'early')).toBe(queue)
  })

  it(`remembers the last ${TOMBSTONE_LIMIT} tombstones`, () => {
    let queue = EMPTY_SESSION
    for (let i = 0; i <= TOMBSTONE_LIMIT; i++) queue = retireRequest(queue, `r${i}`)
    expect(queue.tombstones).toHaveLength(TOMBSTONE_LIMIT)
    expect(ids(add(queue, 'r0', 'r1'))).toEqual(['r0'])
  })

  it('reconcile drops and tombstones what the replay did not carry, recording no outcome', () => {
    const queue = add(EMPTY_SESSION, 'a', 'b', 'c')
    const kept = reconcileRequests(queue, new Set(['b']))
    expect(ids(kept)).toEqual(['b'])
    expect(kept.resolutions).toEqual({})
    expect(ids(add(kept, 'a', 'c'))).toEqual(['b'])
    expect(reconcileRequests(kept, new Set(['b']))).toBe(kept)
  })

  it('after a restart, records what the replay lacked as aborted because the server is gone', () => {
    const queue = add(EMPTY_SESSION, 'a', 'b', 'c')
    const kept = reconcileRequests(queue, new Set(['b']), true)
    expect(ids(kept)).toEqual(['b'])
    expect(kept.resolutions).toEqual({ a: 'aborted', c: 'aborted' })
    expect(kept.endedBecause).toEqual({ a: 'server-gone', c: 'server-gone' })
    expect(ids(add(kept, 'a', 'c'))).toEqual(['b'])
  })

  it('keeps why a request was aborted for aborted outcomes only, as long as its outcome', () => {
    let queue = retireRequest(add(EMPTY_SESSION, 'lost'), 'lost', {
      outcome: 'aborted',
      because: 'server-gone',
    })
    queue = retireRequest(add(queue, 'odd'), 'odd', { outcome: 'answered', because: 'server-gone' })
    expect(queue.endedBecause).toEqual({ lost: 'server-gone' })
    for (let i = 0; i < RESOLUTION_LIMIT; i++)
      queue = retireRequest(add(queue, `r${i}`), `r${i}`, { outcome: 'cancelled' })
    expect(queue.endedBecause).toEqual({})
  })
})

describe('resolutions', () => {
  it('record the outcome with the retirement, in one new value', () => {
    const queue = add(EMPTY_SESSION, 'a', 'b')
    const next = retireRequest(queue, 'a', { outcome: 'timed-out' })
    expect(ids(next)).toEqual(['b'])
    expect(next.resolutions).toEqual({ a: 'timed-out' })
    expect(queue.resolutions).toEqual({})
  })

  it('keep the first outcome of an rpcId; a repeat changes nothing', () => {
    const queue = retireRequest(add(EMPTY_SESSION, 'a'), 'a', { outcome: 'cancelled' })
    expect(retireRequest(queue, 'a', { outcome: 'answered' })).toBe(queue)
    expect(retireRequest(queue, 'a')).toBe(queue)
  })

  it('a not-pending retirement (no outcome) can still learn it from a later broadcast', () => {
    const retired = retireRequest(add(EMPTY_SESSION, 'a'), 'a')
    expect(retired.resolutions).toEqual({})
    expect(retireRequest(retired, 'a', { outcome: 'aborted' }).resolutions).toEqual({
      a: 'aborted',
    })
  })

  it(`are bounded to the last ${RESOLUTION_LIMIT}, oldest out first (numeric-looking ids too)`, () => {
    let queue = EMPTY_SESSION
    for (let i = 0; i < RESOLUTION_LIMIT + 5; i++)
      queue = retireRequest(queue, String(100 - i), { outcome: i % 2 ? 'answered' : 'cancelled' })
    const kept = Object.keys(queue.resolutions)
    expect(kept).toHaveLength(RESOLUTION_LIMIT)
    expect(Object.hasOwn(queue.resolutions, '100')).toBe(false)
    expect(Object.hasOwn(queue.resolutions, '95')).toBe(true)
    expect(queue.resolutions['46']).toBe('cancelled')
  })

  it('treat Object.prototype names as plain rpcIds', () => {
    expect(EMPTY_SESSION.resolutions.constructor).toBeUndefined()
    let queue = add(EMPTY_SESSION, '__proto__', 'constructor', 'toString')
    queue = retireRequest(queue, '__proto__', { outcome: 'answered' })
    queue = retireRequest(queue, 'constructor', { outcome: 'cancelled' })
    expect(ids(queue)).toEqual(['toString'])
    expect(Object.keys(queue.resolutions)).toEqual(['__proto__', 'constructor'])
    expect(Object.getOwnPropertyDescriptor(queue.resolutions, '__proto__')?.value).toBe('answered')
    expect(Object.hasOwn(queue.resolutions, 'toString')).toBe(false)
    expect(queue.resolutions.toString).toBeUndefined()
  })
})

describe('deadlines and who ended a request', () => {
  it('a deadline moves on a copy of the request in its place, and never for a retired one', async () => {
    const { moveDeadline } = await import('../src/request-queue.ts')
    const queue = addRequest(add(EMPTY_SESSION, 'a'), frame('b', { deadlineAt: 10 }))
    expect(queue.requests[1]?.deadlineAt).toBe(10)
    const moved = moveDeadline(queue, 'b', 20)
    expect(ids(moved)).toEqual(['a', 'b'])
    expect(moved.requests[1]).toEqual({ ...queue.requests[1], deadlineAt: 20 })
    expect(moved.requests[0]).toBe(queue.requests[0])
    expect(moveDeadline(moved, 'b', 20)).toBe(moved)
    expect(
      moveDeadline(retireRequest(moved, 'b', { outcome: 'answered' }), 'b', 30).requests,
    ).toHaveLength(1)
    // A replay of the original frame does not take the deadline back.
    expect(addRequest(moved, frame('b', { deadlineAt: 10 }))).toBe(moved)
  })

  it('keeps who ended a request only as long as its outcome', () => {
    let queue = add(EMPTY_SESSION, 'first')
    queue = retireRequest(queue, 'first', {
      outcome: 'answered',
      by: { label: 'Chrome on macOS', at: 5 },
    })
    expect(queue.endedBy).toEqual({ first: { label: 'Chrome on macOS', at: 5 } })
    for (let i = 0; i < RESOLUTION_LIMIT; i++) {
      queue = retireRequest(add(queue, `r${i}`), `r${i}`, { outcome: 'aborted' })
    }
    expect(Object.hasOwn(queue.resolutions, 'first')).toBe(false)
    expect(queue.endedBy).toEqual({})
  })

  it('keeps the answer that counted for an answered request only, as long as its outcome', () => {
    const answer = { answers: [{ id: 'q1', selected: ['Blue'] }] }
    let queue = retireRequest(add(EMPTY_SESSION, 'first'), 'first', { outcome: 'answered', answer })
    queue = retireRequest(add(queue, 'second'), 'second', { outcome: 'cancelled', answer })
    expect(queue.endedWith).toEqual({ first: answer })
    for (let i = 0; i < RESOLUTION_LIMIT; i++) {
      queue = retireRequest(add(queue, `r${i}`), `r${i}`, { outcome: 'aborted' })
    }
    expect(queue.endedWith).toEqual({})
  })
})
