import { describe, expect, it } from 'vitest'
import { type AnswerRecord, createMemoryAmendStore } from '../src/index.ts'

const record = (rpcId: string, sessionId = 's1'): AnswerRecord => ({
  rpcId,
  sessionId,
  questions: [{ id: 'q', question: 'Which?', options: [{ label: 'A' }, { label: 'B' }] }],
  answer: { answers: [{ id: 'q', selected: ['A'] }] },
  revision: 0,
  until: 1,
})
const B = { answers: [{ id: 'q', selected: ['B'] }] }

describe('the in-memory amend store', () => {
  it('takes a change only on the current revision of an open record', () => {
    const store = createMemoryAmendStore()
    store.open(record('r1'))
    expect(store.amend('r1', 1, B)).toBeUndefined()
    expect(store.amend('r1', 0, B)).toMatchObject({ revision: 1, answer: B })
    expect(store.amend('r1', 0, B)).toBeUndefined()
    expect(store.get('r1')?.revision).toBe(1)
  })

  it('closes once, keeps the closed record for its reason, and takes no change after', () => {
    const store = createMemoryAmendStore()
    store.open(record('r1'))
    expect(store.close('r1', 'moved-on')).toMatchObject({ closed: 'moved-on' })
    expect(store.close('r1', 'window')).toBeUndefined()
    expect(store.get('r1')?.closed).toBe('moved-on')
    expect(store.amend('r1', 0, B)).toBeUndefined()
    expect(store.listOpen()).toEqual([])
  })

  it('lists the open records, by session too', () => {
    const store = createMemoryAmendStore()
    store.open(record('r1'))
    store.open(record('r2', 's2'))
    store.open(record('r3'))
    expect(store.listOpen().map((open) => open.rpcId)).toEqual(['r1', 'r2', 'r3'])
    expect(store.openIn('s1').map((open) => open.rpcId)).toEqual(['r1', 'r3'])
  })

  it('closes the oldest open record past maxOpen, and forgets the oldest closed past maxClosed', () => {
    const store = createMemoryAmendStore({ maxOpen: 2, maxClosed: 1 })
    store.open(record('r1'))
    store.open(record('r2'))
    store.open(record('r3'))
    expect(store.get('r1')?.closed).toBe('window')
    expect(store.listOpen().map((open) => open.rpcId)).toEqual(['r2', 'r3'])
    store.close('r2', 'moved-on')
    expect(store.get('r1')).toBeUndefined()
    expect(store.get('r2')?.closed).toBe('moved-on')
  })
})
