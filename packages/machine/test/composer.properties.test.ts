import { validateAnswer } from '@parley/seam'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type ComposerEvent,
  type ComposerRequest,
  type ComposerState,
  canSubmit,
  createComposerState,
  isCompleted,
  restoreDrafts,
  serializeDrafts,
  toAnswer,
  transition,
} from '../src/index.ts'

const LABELS = ['Yes', 'No', 'Maybe (Recommended)', 'Later', 'Blue', '推荐 (推荐)']

const questionArb = (id: string) =>
  fc
    .record({
      labels: fc.uniqueArray(fc.constantFrom(...LABELS), { maxLength: 4 }),
      multi: fc.boolean(),
    })
    .map(({ labels, multi }) => ({
      id,
      question: `Question ${id}?`,
      ...(labels.length > 0 ? { options: labels.map((label) => ({ label })) } : {}),
      ...(multi && labels.length > 0 ? { multiSelect: true } : {}),
    }))

const requestArb: fc.Arbitrary<ComposerRequest> = fc
  .integer({ min: 1, max: 5 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => questionArb(`q${i}`))))
  .map((questions) => ({ rpcId: 'rpc-prop', questions }))

const labelArb = fc.constantFrom(...LABELS, 'Not an option')
const textArb = fc.constantFrom(
  '',
  ' ',
  '  \n',
  'Teal',
  ' padded ',
  'x',
  '\u200b\u200b',
  ' \u2060\u3164\u202e ',
  '\u200bTeal',
  '👩\u200d💻',
)

const eventArb: fc.Arbitrary<ComposerEvent> = fc.oneof(
  { weight: 4, arbitrary: labelArb.map((label) => ({ type: 'CHOOSE_OPTION', label }) as const) },
  { weight: 3, arbitrary: labelArb.map((label) => ({ type: 'TOGGLE_OPTION', label }) as const) },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: -1, max: 9 })
      .map((index) => ({ type: 'CHOOSE_OPTION_AT', index }) as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('next', 'previous', 'first', 'last')
      .map((to) => ({ type: 'MOVE_OPTION_FOCUS', to }) as const),
  },
  { weight: 3, arbitrary: textArb.map((text) => ({ type: 'SET_CUSTOM_TEXT', text }) as const) },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: -1, max: 6 })
      .map((index) => ({ type: 'GO_TO_QUESTION', index }) as const),
  },
  {
    weight: 6,
    arbitrary: fc.constantFrom<ComposerEvent>(
      { type: 'SKIP_QUESTION' },
      { type: 'GO_NEXT' },
      { type: 'GO_PREVIOUS' },
      { type: 'CONTINUE' },
      { type: 'SUBMIT' },
      { type: 'REQUEST_CANCEL' },
      { type: 'CONFIRM_CANCEL' },
      { type: 'KEEP_ANSWERING' },
      { type: 'RETRY' },
      { type: 'RECEIPT_ACCEPTED' },
      { type: 'RECEIPT_REJECTED', reason: 'bad-response' },
      { type: 'RECEIPT_REJECTED', reason: 'not-pending' },
      { type: 'TRANSPORT_FAILED', message: 'offline' },
      { type: 'MINIMIZE' },
      { type: 'EXPAND' },
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('answered', 'cancelled', 'aborted', 'timed-out')
      .map((outcome) => ({ type: 'REQUEST_RESOLVED', outcome }) as const),
  },
)

function checkInvariants(state: ComposerState): void {
  const { questions } = state.request
  expect(state.index).toBeGreaterThanOrEqual(0)
  expect(state.index).toBeLessThan(questions.length)
  if (state.phase === 'settled') expect(state.outcome).not.toBeNull()
  for (const question of questions) {
    const draft = state.drafts[question.id]
    expect(draft).toBeDefined()
    if (!draft) continue
    const labels = (question.options ?? []).map((option) => option.label)
    expect(new Set(draft.selected).size).toBe(draft.selected.length)
    for (const label of draft.selected) expect(labels).toContain(label)
    if (question.multiSelect !== true) {
      expect(draft.selected.length).toBeLessThanOrEqual(1)
    }
    if (draft.skipped) {
      expect(draft.selected).toEqual([])
      expect(draft.custom).toBe('')
    }
  }
  const options = questions[state.index]?.options?.length ?? 0
  expect(state.activeOption).toBeGreaterThanOrEqual(0)
  expect(state.activeOption).toBeLessThan(Math.max(options, 1))
}

describe('random event sequences over random valid requests', () => {
  it('always leave the state within its invariants', () => {
    fc.assert(
      fc.property(requestArb, fc.array(eventArb, { maxLength: 40 }), (request, events) => {
        let state = createComposerState(request)
        checkInvariants(state)
        for (const event of events) {
          state = transition(state, event)[0]
          checkInvariants(state)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('produce an answer that validates whenever canSubmit holds, and every submit effect validates', () => {
    fc.assert(
      fc.property(requestArb, fc.array(eventArb, { maxLength: 40 }), (request, events) => {
        let state = createComposerState(request)
        for (const event of events) {
          const [next, effects] = transition(state, event)
          state = next
          if (canSubmit(state)) expect(validateAnswer(request, toAnswer(state)).ok).toBe(true)
          for (const effect of effects) {
            if (effect.type !== 'submit') continue
            expect(validateAnswer(request, effect.answer)).toMatchObject({ ok: true })
            expect(request.questions.every((q) => isCompleted(state, q.id))).toBe(true)
          }
        }
      }),
      { numRuns: 300 },
    )
  })

  it('never change anything but minimized while a transport action or the resolution is pending', () => {
    fc.assert(
      fc.property(
        requestArb,
        fc.array(eventArb, { maxLength: 40 }),
        eventArb,
        (request, events, probe) => {
          let state = createComposerState(request)
          for (const event of events) state = transition(state, event)[0]
          const locked = ['submitting', 'awaiting-resolution', 'cancelling', 'settled'].includes(
            state.phase,
          )
          const editing = ![
            'RECEIPT_ACCEPTED',
            'RECEIPT_REJECTED',
            'TRANSPORT_FAILED',
            'REQUEST_RESOLVED',
            'MINIMIZE',
            'EXPAND',
          ].includes(probe.type)
          if (locked && editing) expect(transition(state, probe)).toEqual([state, []])
        },
      ),
      { numRuns: 300 },
    )
  })

  it('round-trip their drafts through serializeDrafts and restoreDrafts', () => {
    fc.assert(
      fc.property(requestArb, fc.array(eventArb, { maxLength: 30 }), (request, events) => {
        let state = createComposerState(request)
        for (const event of events) state = transition(state, event)[0]
        const stored = JSON.parse(JSON.stringify(serializeDrafts(state)))
        expect(restoreDrafts(request, stored)).toEqual({ drafts: state.drafts, index: state.index })
      }),
      { numRuns: 200 },
    )
  })
})
