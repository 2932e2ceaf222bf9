import { describe, expect, it } from 'vitest'
import {
  type ComposerRequest,
  createEndingsState,
  type EndingsEvent,
  type EndingsState,
  endingsTransition,
  isSending,
  receiptEvent,
} from '../src/index.ts'

const ask = (rpcId: string, requestedAt = 1_000): ComposerRequest => ({
  rpcId,
  requestedAt,
  questions: [{ id: 'q', question: `Question ${rpcId}?`, options: [{ label: 'Yes' }] }],
})
const a = ask('a')
const b = ask('b')

function run(state: EndingsState, ...events: EndingsEvent[]): EndingsState {
  return events.reduce(endingsTransition, state)
}

const endings = (state: EndingsState) =>
  state.ended.map((card) => [card.request.rpcId, card.ending])

describe('a slot’s ended cards (shows the first pending request)', () => {
  it('a card answered in another tab stays, saying so with the answer that counted', () => {
    const answer = { answers: [{ id: 'q', selected: ['Yes'] }] }
    const state = run(
      createEndingsState({ pending: [a, b] }),
      { type: 'HOST_REPORTED', report: { outcomes: { a: 'answered' }, answers: { a: answer } } },
      { type: 'PENDING_CHANGED', pending: [b], at: 2_000 },
    )
    expect(endings(state)).toEqual([['a', { kind: 'answered-elsewhere', answer }]])
    expect(state.departures).toBe(0)
  })

  it('only the card on screen is kept: a waiting request that ends elsewhere just goes', () => {
    const state = run(createEndingsState({ pending: [a, b] }), {
      type: 'PENDING_CHANGED',
      pending: [a],
      at: 2_000,
    })
    expect(state.ended).toEqual([])
  })

  it('this tab’s accepted answer leaves at once and sends focus home; in flight, the card holds', () => {
    const sent = run(
      createEndingsState({ pending: [a] }),
      { type: 'SEND_STARTED', rpcId: 'a', kind: 'answer' },
      { type: 'PENDING_CHANGED', pending: [], at: 2_000 },
    )
    expect(endings(sent)).toEqual([['a', null]])
    expect(isSending(sent)).toBe(true)
    const done = endingsTransition(sent, {
      type: 'SEND_SETTLED',
      rpcId: 'a',
      kind: 'answer',
      receipt: { accepted: true },
    })
    expect(done.ended).toEqual([])
    expect(done.departures).toBe(1)
    expect(done.attempts).toEqual({})
  })

  it('an accepted answer that lost to another tab’s says it was not used', () => {
    const state = run(
      createEndingsState({ pending: [a] }),
      { type: 'SEND_STARTED', rpcId: 'a', kind: 'answer' },
      {
        type: 'SEND_SETTLED',
        rpcId: 'a',
        kind: 'answer',
        receipt: { accepted: false, reason: 'not-pending' },
      },
      { type: 'HOST_REPORTED', report: { outcomes: { a: 'answered' } } },
      { type: 'PENDING_CHANGED', pending: [], at: 2_000 },
    )
    expect(endings(state)).toEqual([['a', { kind: 'answer-not-used' }]])
  })

  it('gone without a word from the host, refined by a later report (timed out after its wait)', () => {
    const gone = run(createEndingsState({ pending: [a] }), {
      type: 'PENDING_CHANGED',
      pending: [],
      at: 61_000,
    })
    expect(endings(gone)).toEqual([['a', { kind: 'gone' }]])
    const told = endingsTransition(gone, {
      type: 'HOST_REPORTED',
      report: { outcomes: { a: 'timed-out' } },
    })
    expect(endings(told)).toEqual([['a', { kind: 'timed-out', waitedMs: 60_000 }]])
  })

  it('an abort after this tab’s Stop is the user’s; one before it, or a server gone, is not', () => {
    const left = (report: NonNullable<EndingsState['report']>) =>
      endings(
        run(
          createEndingsState({ pending: [a] }),
          { type: 'HOST_REPORTED', report },
          { type: 'PENDING_CHANGED', pending: [], at: 5_000 },
        ),
      )
    expect(left({ outcomes: { a: 'aborted' }, stoppedAt: 4_000 })).toEqual([
      ['a', { kind: 'stopped' }],
    ])
    expect(left({ outcomes: { a: 'aborted' }, stoppedAt: 6_000 })).toEqual([
      ['a', { kind: 'aborted' }],
    ])
    expect(left({ outcomes: { a: 'aborted' }, because: { a: 'server-gone' } })).toEqual([
      ['a', { kind: 'server-gone' }],
    ])
  })

  it('keeps at most three ended cards, the oldest going first; a replayed request is pending again', () => {
    const many = ['a', 'b', 'c', 'd'].map((id) => ask(id))
    let state = createEndingsState({ pending: many })
    for (let at = 1; at <= 4; at++)
      state = endingsTransition(state, { type: 'PENDING_CHANGED', pending: many.slice(at), at })
    expect(endings(state).map(([id]) => id)).toEqual(['b', 'c', 'd'])
    const replayed = endingsTransition(state, {
      type: 'PENDING_CHANGED',
      pending: [ask('c')],
      at: 9,
    })
    expect(endings(replayed).map(([id]) => id)).toEqual(['b', 'd'])
  })

  it('closing an ended card takes it away and sends focus home; nothing else changes the same state', () => {
    const ended = run(createEndingsState({ pending: [a] }), {
      type: 'PENDING_CHANGED',
      pending: [],
      at: 2,
    })
    const closed = endingsTransition(ended, { type: 'CARD_CLOSED', rpcId: 'a' })
    expect(closed.ended).toEqual([])
    expect(closed.departures).toBe(1)
    expect(endingsTransition(closed, { type: 'CARD_CLOSED', rpcId: 'a' })).toBe(closed)
    expect(endingsTransition(closed, { type: 'SEND_FAILED', rpcId: 'x', kind: 'cancel' })).toBe(
      closed,
    )
  })

  it('an id named like a prototype member is a plain id', () => {
    const proto = ask('constructor')
    const state = run(createEndingsState({ pending: [proto] }), {
      type: 'PENDING_CHANGED',
      pending: [],
      at: 2,
    })
    expect(endings(state)).toEqual([['constructor', { kind: 'gone' }]])
  })
})

describe('an inbox’s ended cards (shows the requests opened)', () => {
  it('keeps every opened card whose request ended, and none that was closed', () => {
    const state = run(
      createEndingsState({ shows: 'opened', pending: [a, b] }),
      { type: 'CARD_TOGGLED', rpcId: 'a' },
      { type: 'CARD_TOGGLED', rpcId: 'b' },
      { type: 'CARD_TOGGLED', rpcId: 'b' },
      { type: 'HOST_REPORTED', report: { outcomes: { a: 'cancelled', b: 'cancelled' } } },
      { type: 'PENDING_CHANGED', pending: [], at: 3 },
    )
    expect(endings(state)).toEqual([['a', { kind: 'cancelled-elsewhere' }]])
    expect(state.opened).toEqual(['a'])
    expect(endingsTransition(state, { type: 'CARD_CLOSED', rpcId: 'a' }).opened).toEqual([])
  })
})

/** How the endings took a send whose promise resolved with `value`. */
const statusAfter = (value: unknown) =>
  run(
    createEndingsState({ pending: [a] }),
    { type: 'SEND_STARTED', rpcId: 'a', kind: 'answer' },
    { type: 'SEND_SETTLED', rpcId: 'a', kind: 'answer', receipt: value },
  ).attempts.a?.status

describe('a send’s settled value, read with the receipt schema', () => {
  it('an accepted receipt, undefined or any other value accepts', () => {
    for (const value of [{ accepted: true }, undefined, null, 'ok', { ok: 1 }]) {
      expect(receiptEvent(value)).toEqual({ type: 'RECEIPT_ACCEPTED' })
      expect(statusAfter(value)).toBe('accepted')
    }
  })

  it('a refused receipt is a rejection with the host’s reasons at their question', () => {
    const refused = {
      accepted: false,
      reason: 'bad-response',
      issues: [{ rule: 'pattern', message: 'Use letters only', questionId: 'q' }],
    }
    expect(receiptEvent(refused)).toEqual({
      type: 'RECEIPT_REJECTED',
      reason: 'bad-response',
      issues: [{ message: 'Use letters only', questionId: 'q' }],
    })
    expect(statusAfter(refused)).toBe('refused')
    expect(statusAfter({ accepted: false, reason: 'not-pending' })).toBe('not-pending')
    // An app's own transport may refuse without the reasons.
    expect(receiptEvent({ accepted: false, reason: 'bad-response' })).toEqual({
      type: 'RECEIPT_REJECTED',
      reason: 'bad-response',
    })
  })

  it('a value that says it refuses but is no receipt is a bad receipt, never an accept', () => {
    const forged = { accepted: false, reason: 'bad-response', issues: 'nope' }
    expect(receiptEvent(forged)).toMatchObject({
      type: 'TRANSPORT_FAILED',
      failure: { kind: 'bad-receipt' },
    })
    expect(statusAfter(forged)).toBe('failed')
  })
})
