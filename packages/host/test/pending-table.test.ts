import { describe, expect, it } from 'vitest'
import { createMemoryPendingStore, type PendingEntry } from '../src/index.ts'

function entry(rpcId: string, sessionId: string): PendingEntry {
  const frame = {
    type: 'question/requested' as const,
    rpcId,
    sessionId,
    questions: [{ id: 'q', question: 'Why?' }],
    requestedAt: 0,
  }
  return { rpcId, sessionId, frame, frameText: JSON.stringify(frame), request: frame }
}

const ids = (entries: readonly PendingEntry[]) => entries.map((e) => e.rpcId)

describe('the in-memory pending table', () => {
  it('lists the entries of the admitted sessions in global arrival order', () => {
    const store = createMemoryPendingStore()
    for (const [rpcId, session] of [
      ['1', 'a'],
      ['2', 'b'],
      ['3', 'c'],
      ['4', 'a'],
      ['5', 'b'],
      ['6', 'a'],
    ] as const)
      store.add(entry(rpcId, session))
    expect(ids(store.listSessions?.((s) => s !== 'c') ?? [])).toEqual(['1', '2', '4', '5', '6'])
    expect(ids(store.listSessions?.((s) => s === 'b') ?? [])).toEqual(['2', '5'])
    expect(ids(store.list())).toEqual(['1', '2', '3', '4', '5', '6'])
  })

  it('asks about each session with pending entries once, and never about an emptied one', () => {
    const store = createMemoryPendingStore()
    for (let i = 0; i < 6; i++) store.add(entry(String(i), i % 2 ? 'odd' : 'even'))
    store.add(entry('gone', 'empty'))
    store.claim('gone')
    const asked: string[] = []
    store.listSessions?.((sessionId) => {
      asked.push(sessionId)
      return true
    })
    expect(asked.sort()).toEqual(['even', 'odd'])
  })

  it('keeps claimed entries out of every listing, and the first claim wins', () => {
    const store = createMemoryPendingStore()
    store.add(entry('1', 'a'))
    store.add(entry('2', 'b'))
    store.add(entry('3', 'a'))
    expect(store.claim('1')?.rpcId).toBe('1')
    expect(store.claim('1')).toBeUndefined()
    expect(store.get('1')).toBeUndefined()
    expect(ids(store.list())).toEqual(['2', '3'])
    expect(ids(store.listSessions?.(() => true) ?? [])).toEqual(['2', '3'])
  })

  it('refuses an rpcId that is already pending', () => {
    const store = createMemoryPendingStore()
    store.add(entry('1', 'a'))
    expect(() => store.add(entry('1', 'b'))).toThrow('already pending')
    expect(ids(store.listSessions?.((s) => s === 'b') ?? [])).toEqual([])
  })
})
