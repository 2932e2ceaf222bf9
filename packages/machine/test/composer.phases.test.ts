import { describe, expect, it } from 'vitest'
import {
  type ComposerEvent,
  type ComposerPhase,
  createComposerState,
  transition,
} from '../src/index.ts'
import { answeredState, drive, request, stateIn } from './fixtures.ts'

const PHASES: ComposerPhase[] = [
  'answering',
  'submitting',
  'awaiting-resolution',
  'cancelling',
  'failed',
  'settled',
]

/** Events that edit, navigate or start a transport action. */
const EDITING: ComposerEvent[] = [
  { type: 'CHOOSE_OPTION', label: 'Green' },
  { type: 'TOGGLE_OPTION', label: 'Olives' },
  { type: 'CHOOSE_OPTION_AT', index: 0 },
  { type: 'MOVE_OPTION_FOCUS', to: 'next' },
  { type: 'SET_CUSTOM_TEXT', text: 'changed' },
  { type: 'SKIP_QUESTION' },
  { type: 'GO_NEXT' },
  { type: 'GO_PREVIOUS' },
  { type: 'GO_TO_QUESTION', index: 0 },
  { type: 'CONTINUE' },
  { type: 'SUBMIT' },
  { type: 'REQUEST_CANCEL' },
  { type: 'CONFIRM_CANCEL' },
  { type: 'KEEP_ANSWERING' },
  { type: 'RETRY' },
]

const LOCKED: ComposerPhase[] = ['submitting', 'awaiting-resolution', 'cancelling', 'settled']

describe('in a phase that does not accept editing', () => {
  for (const phase of LOCKED) {
    for (const event of EDITING) {
      it(`${event.type} while ${phase} changes nothing`, () => {
        const state = stateIn(phase)
        const [next, effects] = transition(state, event)
        expect(next).toBe(state)
        expect(effects).toEqual([])
      })
    }
  }

  it('choosing while submitting changes nothing', () => {
    const state = stateIn('submitting')
    expect(transition(state, { type: 'CHOOSE_OPTION', label: 'Red (Recommended)' })).toEqual([
      state,
      [],
    ])
  })
})

describe('receipts and transport', () => {
  it('an accepted receipt while submitting awaits the resolution and announces "sent"', () => {
    const [state, effects] = transition(stateIn('submitting'), { type: 'RECEIPT_ACCEPTED' })
    expect(state.phase).toBe('awaiting-resolution')
    expect(effects).toEqual([{ type: 'announce', message: { key: 'sent' } }])
  })

  it('an accepted receipt while cancelling settles the request as cancelled', () => {
    const [state, effects] = transition(stateIn('cancelling'), { type: 'RECEIPT_ACCEPTED' })
    expect(state.phase).toBe('settled')
    expect(state.outcome).toBe('cancelled')
    expect(effects).toEqual([
      { type: 'announce', message: { key: 'settled', outcome: 'cancelled' } },
    ])
  })

  it('a bad-response rejection fails with feedback "rejected" and a retry resubmits', () => {
    const [failed, effects] = transition(stateIn('submitting'), {
      type: 'RECEIPT_REJECTED',
      reason: 'bad-response',
    })
    expect(failed.phase).toBe('failed')
    expect(failed.feedback).toEqual({ kind: 'message', key: 'rejected' })
    expect(effects[0]?.type).toBe('announce')
    const [retried, again] = transition(failed, { type: 'RETRY' })
    expect(retried.phase).toBe('submitting')
    expect(retried.feedback).toBeNull()
    expect(again[0]?.type).toBe('submit')
  })

  it('a not-pending rejection settles for good with feedback "not-pending"', () => {
    const [state] = transition(stateIn('submitting'), {
      type: 'RECEIPT_REJECTED',
      reason: 'not-pending',
    })
    expect(state.phase).toBe('settled')
    expect(state.feedback).toEqual({ kind: 'message', key: 'not-pending' })
    expect(transition(state, { type: 'RETRY' })[0]).toBe(state)
  })

  it('a transport failure keeps the raw text and a retry repeats the cancel', () => {
    const [failed] = transition(stateIn('cancelling'), {
      type: 'TRANSPORT_FAILED',
      message: 'socket closed',
    })
    expect(failed.phase).toBe('failed')
    expect(failed.feedback).toEqual({ kind: 'text', text: 'socket closed' })
    const [retried, effects] = transition(failed, { type: 'RETRY' })
    expect(retried.phase).toBe('cancelling')
    expect(effects).toEqual([{ type: 'cancel', rpcId: 'rpc-1' }])
  })

  for (const phase of ['answering', 'awaiting-resolution', 'failed', 'settled'] as const) {
    for (const event of [
      { type: 'RECEIPT_ACCEPTED' },
      { type: 'RECEIPT_REJECTED', reason: 'bad-response' },
      { type: 'RECEIPT_REJECTED', reason: 'not-pending' },
      { type: 'TRANSPORT_FAILED', message: 'late' },
    ] satisfies ComposerEvent[]) {
      it(`a stray ${event.type} while ${phase} changes nothing`, () => {
        const state = stateIn(phase)
        expect(transition(state, event)).toEqual([state, []])
      })
    }
  }

  it('a retry while answering, before any attempt, does nothing', () => {
    const state = createComposerState(request)
    expect(transition(state, { type: 'RETRY' })[0]).toBe(state)
  })
})

describe('editing after a failure', () => {
  it('returns to answering and clears the feedback but keeps the drafts', () => {
    const [state] = transition(stateIn('failed'), { type: 'SET_CUSTOM_TEXT', text: 'thicker' })
    expect(state.phase).toBe('answering')
    expect(state.feedback).toBeNull()
    expect(state.drafts.color?.selected).toEqual(['Blue'])
  })

  it('navigation stays failed so a retry is still possible', () => {
    const [state] = transition(stateIn('failed'), { type: 'GO_PREVIOUS' })
    expect(state.phase).toBe('failed')
    expect(state.index).toBe(1)
  })

  it('submitting again from failed sends the answer', () => {
    const [state, effects] = transition(stateIn('failed'), { type: 'SUBMIT' })
    expect(state.phase).toBe('submitting')
    expect(effects[0]?.type).toBe('submit')
  })
})

describe('resolution', () => {
  for (const phase of PHASES) {
    it(`a resolution while ${phase} settles the request with its outcome`, () => {
      const [state, effects] = transition(stateIn(phase), {
        type: 'REQUEST_RESOLVED',
        outcome: 'timed-out',
      })
      expect(state.phase).toBe('settled')
      expect(state.outcome).toBe('timed-out')
      expect(state.confirmingCancel).toBe(false)
      expect(effects).toEqual([
        { type: 'announce', message: { key: 'settled', outcome: 'timed-out' } },
      ])
    })
  }

  it('the same resolution twice changes nothing the second time', () => {
    const settled = stateIn('settled')
    expect(transition(settled, { type: 'REQUEST_RESOLVED', outcome: 'answered' })).toEqual([
      settled,
      [],
    ])
  })
})

describe('minimizing', () => {
  for (const phase of PHASES) {
    it(`while ${phase} keeps drafts and index, and expanding moves no focus`, () => {
      const state = stateIn(phase)
      const [small, effects] = transition(state, { type: 'MINIMIZE' })
      expect(small.minimized).toBe(true)
      expect(small.drafts).toBe(state.drafts)
      expect(small.index).toBe(state.index)
      expect(small.phase).toBe(phase)
      expect(effects).toEqual([])
      const [big, expandEffects] = transition(small, { type: 'EXPAND' })
      expect(big.minimized).toBe(false)
      expect(expandEffects).toEqual([])
      expect(transition(big, { type: 'EXPAND' })[0]).toBe(big)
      expect(transition(small, { type: 'MINIMIZE' })[0]).toBe(small)
    })
  }
})

describe('replaying the request', () => {
  for (const phase of PHASES) {
    it(`with the same rpcId while ${phase} keeps drafts, index and phase`, () => {
      const state = stateIn(phase)
      const [next, effects] = transition(state, {
        type: 'REPLAY_REQUEST',
        request: { ...request, questions: [...request.questions] },
      })
      expect(next.drafts).toEqual(state.drafts)
      expect(next.index).toBe(state.index)
      expect(next.phase).toBe(phase)
      expect(effects).toEqual([])
    })

    it(`with a different rpcId while ${phase} starts fresh`, () => {
      const [next, effects] = transition(stateIn(phase), {
        type: 'REPLAY_REQUEST',
        request: { ...request, rpcId: 'rpc-2' },
      })
      expect(next).toEqual(createComposerState({ ...request, rpcId: 'rpc-2' }))
      expect(effects).toContainEqual({ type: 'focus', target: { part: 'heading' } })
    })
  }

  it('with the very same request object changes nothing', () => {
    const state = answeredState()
    expect(transition(state, { type: 'REPLAY_REQUEST', request: state.request })[0]).toBe(state)
  })

  it('with changed options drops labels that are gone', () => {
    const state = drive(createComposerState(request), { type: 'CHOOSE_OPTION', label: 'Blue' })[0]
    const changed = {
      ...request,
      questions: request.questions.map((q) =>
        q.id === 'color' ? { ...q, options: [{ label: 'Red' }, { label: 'Green' }] } : q,
      ),
    }
    const [next] = transition(state, { type: 'REPLAY_REQUEST', request: changed })
    expect(next.drafts.color?.selected).toEqual([])
    expect(next.request).toBe(changed)
  })
})

describe('answer edits in failed', () => {
  const EDITS: ComposerEvent[] = [
    { type: 'CHOOSE_OPTION', label: 'Green' },
    { type: 'TOGGLE_OPTION', label: 'Green' },
    { type: 'CHOOSE_OPTION_AT', index: 2 },
    { type: 'SET_CUSTOM_TEXT', text: 'Teal' },
  ]
  for (const event of EDITS) {
    it(`${event.type} returns to answering with the feedback cleared`, () => {
      const failed = drive(stateIn('failed'), { type: 'GO_TO_QUESTION', index: 0 })[0]
      expect(failed.phase).toBe('failed')
      const [state] = transition(failed, event)
      expect(state.phase).toBe('answering')
      expect(state.feedback).toBeNull()
    })
  }

  it('SKIP_QUESTION on the last question skips it and returns to answering, sending nothing', () => {
    const [state, effects] = transition(stateIn('failed'), { type: 'SKIP_QUESTION' })
    expect(state.phase).toBe('answering')
    expect(state.drafts.notes?.skipped).toBe(true)
    expect(effects).toEqual([
      { type: 'focus', target: { part: 'submit' } },
      {
        type: 'announce',
        message: { key: 'feedback', feedback: { kind: 'message', key: 'skipped' } },
      },
    ])
  })

  it('REQUEST_CANCEL with answers asks for confirmation', () => {
    const [state] = transition(stateIn('failed'), { type: 'REQUEST_CANCEL' })
    expect(state.confirmingCancel).toBe(true)
  })
})

describe('while the cancel confirmation is open', () => {
  const asking = () => transition(answeredState(), { type: 'REQUEST_CANCEL' })[0]
  for (const event of EDITING.filter(
    (e) => e.type !== 'CONFIRM_CANCEL' && e.type !== 'KEEP_ANSWERING',
  )) {
    it(`${event.type} changes nothing`, () => {
      const state = asking()
      expect(transition(state, event)).toEqual([state, []])
    })
  }
})
