import { describe, expect, it } from 'vitest'
import { TAKEOVER_POLL_MS, type TakeoverInput, takeoverDecision } from '../src/index.ts'

const idle: TakeoverInput = {
  pending: 'q1',
  taken: null,
  sending: false,
  idleMs: Number.POSITIVE_INFINITY,
  unsentText: false,
  composing: false,
  graceMs: 1000,
}
const decide = (change: Partial<TakeoverInput>) => takeoverDecision({ ...idle, ...change })

describe('the chat-input takeover rule', () => {
  it('takes over at once for a person who has not typed', () => {
    expect(decide({})).toEqual({ type: 'take-over', rpcId: 'q1' })
  })

  it('waits over the input while the person typed within the grace, and looks again when it ends', () => {
    expect(decide({ idleMs: 300 })).toEqual({ type: 'wait', lookAgainMs: 700 })
    expect(decide({ idleMs: 999 })).toEqual({ type: 'wait', lookAgainMs: 1 })
    expect(decide({ idleMs: 1000 })).toEqual({ type: 'take-over', rpcId: 'q1' })
  })

  it('never hides unsent text or an open composition, however long ago the last keystroke', () => {
    for (const holding of [{ unsentText: true }, { composing: true }]) {
      expect(decide({ ...holding })).toEqual({ type: 'wait', lookAgainMs: TAKEOVER_POLL_MS })
      // Within the grace, the longer of the two waits.
      expect(decide({ ...holding, idleMs: 100 })).toEqual({ type: 'wait', lookAgainMs: 900 })
      expect(decide({ ...holding, idleMs: 900 })).toEqual({
        type: 'wait',
        lookAgainMs: TAKEOVER_POLL_MS,
      })
    }
  })

  it('holds a waiting card still while a pointer works on it, as typing does', () => {
    expect(decide({ pointerIdleMs: 200 })).toEqual({ type: 'wait', lookAgainMs: 800 })
    // The later of the two, typing or pointing, counts.
    expect(decide({ idleMs: 900, pointerIdleMs: 300 })).toEqual({ type: 'wait', lookAgainMs: 700 })
    expect(decide({ idleMs: 300, pointerIdleMs: 900 })).toEqual({ type: 'wait', lookAgainMs: 700 })
    // A pointer that rests on the card for the grace lets it take over.
    expect(decide({ pointerIdleMs: 1000 })).toEqual({ type: 'take-over', rpcId: 'q1' })
    // A card that already took over stays where it is.
    expect(decide({ taken: 'q1', pointerIdleMs: 0 })).toEqual({ type: 'keep' })
  })

  it('keeps the card once it took over, and follows the next request without waiting again', () => {
    expect(decide({ taken: 'q1', unsentText: true, idleMs: 0 })).toEqual({ type: 'keep' })
    expect(decide({ pending: 'q2', taken: 'q1', composing: true, idleMs: 0 })).toEqual({
      type: 'take-over',
      rpcId: 'q2',
    })
  })

  it('hands the input back when nothing is pending, unless its own send is in flight', () => {
    expect(decide({ pending: null, taken: 'q1' })).toEqual({ type: 'hand-back' })
    expect(decide({ pending: null, taken: 'q1', sending: true })).toEqual({ type: 'keep' })
    expect(decide({ pending: null, taken: null })).toEqual({ type: 'keep' })
  })
})
