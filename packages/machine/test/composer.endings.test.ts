import { describe, expect, it } from 'vitest'
import {
  answerLines,
  connect,
  createComposerState,
  draftLines,
  draftsAsText,
  primaryAction,
  transition,
} from '../src/index.ts'
import { answeredState, drive, request } from './fixtures.ts'
import { labels } from './vanilla-renderer.ts'

const format = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole))
const options = { id: 'c-', messages: labels, format }

describe('a failed dismissal', () => {
  it('offers Try again on the main button, which repeats the cancel', () => {
    const [failed] = drive(
      answeredState(),
      { type: 'REQUEST_CANCEL' },
      { type: 'CONFIRM_CANCEL' },
      { type: 'TRANSPORT_FAILED', message: 'Failed to fetch', failure: { kind: 'network' } },
    )
    expect(failed.phase).toBe('failed')
    expect(primaryAction(failed)).toBe('retry')
    expect(connect(failed, () => {}, options).primaryLabel).toBe(labels.retry)
    const [again, effects] = transition(failed, { type: 'RETRY' })
    expect(again.phase).toBe('cancelling')
    expect(effects).toEqual([{ type: 'cancel', rpcId: 'rpc-1' }])
  })
})

describe('validation messages belong to their question', () => {
  it('"choose an option…" from question 1 is gone on question 2', () => {
    const [asked] = drive(createComposerState(request), { type: 'CONTINUE' })
    expect(asked.feedback).toEqual({ kind: 'message', key: 'unanswered' })
    const [moved] = transition(asked, { type: 'GO_NEXT' })
    expect(moved.index).toBe(1)
    expect(moved.feedback).toBeNull()
    expect(connect(moved, () => {}, options).status.text).toBe('')
  })

  it('the batch-wide "answer or skip every question" stays where Submit sent the user', () => {
    const [state] = drive(
      createComposerState(request),
      { type: 'GO_TO_QUESTION', index: 2 },
      { type: 'SUBMIT' },
    )
    expect(state.index).toBe(0)
    expect(state.feedback).toEqual({ kind: 'message', key: 'incomplete' })
  })
})

describe('a rejected answer', () => {
  const rejected = () =>
    drive(
      answeredState(),
      { type: 'SUBMIT' },
      {
        type: 'RECEIPT_REJECTED',
        reason: 'bad-response',
        issues: [
          { questionId: 'toppings', message: 'Pick at most one topping.' },
          { message: 'The batch is incomplete.' },
        ],
      },
    )

  it('moves to the question the host named and says its reason there', () => {
    const [state] = rejected()
    expect(state.phase).toBe('failed')
    expect(state.index).toBe(1)
    expect(connect(state, () => {}, options).status.text).toBe(
      `${labels.feedbackRejected} Pick at most one topping. The batch is incomplete.`,
    )
  })

  it('another question shows only the batch-wide reason', () => {
    const [state] = rejected()
    const [other] = transition(state, { type: 'GO_TO_QUESTION', index: 0 })
    expect(connect(other, () => {}, options).status.text).toBe(
      `${labels.feedbackRejected} The batch is incomplete.`,
    )
  })
})

describe('the drafts as text', () => {
  it('one line per question with a choice or typed text, without the Recommended suffix', () => {
    const [state] = drive(
      createComposerState(request),
      { type: 'CHOOSE_OPTION', label: 'Red (Recommended)' },
      { type: 'TOGGLE_OPTION', label: 'Ham' },
    )
    expect(draftLines(state)).toEqual([
      { id: 'color', question: 'Which color?', answer: 'Red' },
      { id: 'toppings', question: 'Which toppings?', answer: 'Ham' },
    ])
    expect(draftsAsText(state)).toBe('Which color?\nRed\n\nWhich toppings?\nHam')
  })
})

describe('another tab’s answer as text', () => {
  it('one line per question asked, in order: labels without the suffix, typed text, and a skip as empty', () => {
    const answer = {
      answers: [
        { id: 'notes', selected: [], custom: '  Extra napkins ' },
        { id: 'color', selected: ['Red (Recommended)'] },
        { id: 'toppings', selected: [] },
      ],
    }
    expect(answerLines(request.questions, answer)).toEqual([
      { id: 'color', question: 'Which color?', answer: 'Red' },
      { id: 'toppings', question: 'Which toppings?', answer: '' },
      { id: 'notes', question: 'Anything else?', answer: 'Extra napkins' },
    ])
  })
})
