import { describe, expect, it, vi } from 'vitest'
import {
  addToQueue,
  type ComposerRequest,
  createComposerState,
  createQuestionQueue,
  EMPTY_QUEUE,
  reconcileQueue,
  resolveInQueue,
  serializeDrafts,
  TOMBSTONE_LIMIT,
} from '../src/index.ts'

const ask = (rpcId: string, text = 'Proceed?'): ComposerRequest => ({
  rpcId,
  questions: [{ id: 'q', question: text, options: [{ label: 'Yes' }, { label: 'No' }] }],
})

describe('the question queue', () => {
  it('gives the composer to the first request and lets later ones wait in order', () => {
    const queue = createQuestionQueue()
    expect(queue.current()).toBeNull()
    expect(queue.add(ask('a'))).toBe('added')
    queue.add(ask('b'))
    queue.add(ask('c'))
    expect(queue.current()?.request.rpcId).toBe('a')
    expect(queue.list().map((r) => r.rpcId)).toEqual(['a', 'b', 'c'])
    expect(queue.size).toBe(3)
    queue.resolve('a')
    expect(queue.current()?.request.rpcId).toBe('b')
    queue.resolve('c')
    expect(queue.list().map((r) => r.rpcId)).toEqual(['b'])
  })

  it('de-duplicates a replayed rpcId, keeping its place and its drafts', () => {
    const queue = createQuestionQueue()
    queue.add(ask('a'))
    queue.add(ask('b'))
    const drafts = serializeDrafts(createComposerState(ask('a')))
    queue.saveDrafts('a', drafts)
    const replayed = ask('a', 'Proceed now?')
    expect(queue.replay(replayed)).toBe('replayed')
    expect(queue.size).toBe(2)
    expect(queue.current()).toEqual({ request: replayed, drafts })
  })

  it('a replay of the identical request changes nothing and notifies nobody', () => {
    const queue = createQuestionQueue()
    const request = ask('a')
    queue.add(request)
    const listener = vi.fn()
    queue.subscribe(listener)
    const before = queue.getState()
    queue.replay(request)
    expect(queue.getState()).toBe(before)
    expect(listener).not.toHaveBeenCalled()
  })

  it('remembers a resolved rpcId so a late replay cannot resurrect it', () => {
    const queue = createQuestionQueue()
    queue.add(ask('a'))
    queue.resolve('a')
    expect(queue.isTombstoned('a')).toBe(true)
    expect(queue.replay(ask('a'))).toBe('tombstoned')
    expect(queue.size).toBe(0)
  })

  it('a resolution that arrives before the request still blocks it', () => {
    const queue = createQuestionQueue()
    queue.resolve('early')
    expect(queue.add(ask('early'))).toBe('tombstoned')
    expect(queue.current()).toBeNull()
  })

  it('reconcile drops the requests resolved while disconnected and tombstones them', () => {
    const queue = createQuestionQueue()
    for (const id of ['a', 'b', 'c']) queue.add(ask(id))
    queue.reconcile(['c', 'a', 'unknown'])
    expect(queue.list().map((r) => r.rpcId)).toEqual(['a', 'c'])
    expect(queue.isTombstoned('b')).toBe(true)
    expect(queue.add(ask('b'))).toBe('tombstoned')
  })

  it('reconcile with everything still pending keeps the same snapshot', () => {
    const state = addToQueue(EMPTY_QUEUE, ask('a'))
    expect(reconcileQueue(state, new Set(['a']))).toBe(state)
  })

  it('is plain immutable data: operations return new snapshots and never mutate', () => {
    const one = addToQueue(EMPTY_QUEUE, ask('a'))
    const two = addToQueue(one, ask('b'))
    const three = resolveInQueue(two, 'a')
    expect(one.entries).toHaveLength(1)
    expect(two.entries).toHaveLength(2)
    expect(three.entries.map((e) => e.request.rpcId)).toEqual(['b'])
    expect(EMPTY_QUEUE).toEqual({ entries: [], tombstones: [] })
    expect(JSON.parse(JSON.stringify(three))).toEqual(three)
  })

  it('keeps a bounded number of tombstones, forgetting the oldest', () => {
    let state = EMPTY_QUEUE
    for (let i = 0; i < TOMBSTONE_LIMIT + 5; i += 1) state = resolveInQueue(state, `r${i}`)
    expect(state.tombstones).toHaveLength(TOMBSTONE_LIMIT)
    expect(state.tombstones).not.toContain('r0')
    expect(state.tombstones).toContain(`r${TOMBSTONE_LIMIT + 4}`)
  })

  it('notifies subscribers of each new snapshot until they unsubscribe', () => {
    const queue = createQuestionQueue()
    const listener = vi.fn()
    const unsubscribe = queue.subscribe(listener)
    queue.add(ask('a'))
    expect(listener).toHaveBeenCalledWith(queue.getState())
    unsubscribe()
    queue.add(ask('b'))
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('can start from a snapshot held elsewhere (e.g. a zustand store)', () => {
    const snapshot = addToQueue(EMPTY_QUEUE, ask('a'))
    expect(createQuestionQueue(snapshot).current()?.request.rpcId).toBe('a')
  })
})
