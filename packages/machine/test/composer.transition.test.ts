import { validateAnswer } from '@parley/seam'
import { describe, expect, it } from 'vitest'
import {
  type ComposerRequest,
  canSubmit,
  createComposerState,
  selectProgress,
  toAnswer,
  transition,
} from '../src/index.ts'
import { answeredState, drive, request, single } from './fixtures.ts'

const fresh = () => createComposerState(request)

describe('choosing an option', () => {
  it('selects the label on a single-select question and advances to the next question', () => {
    const [state, effects] = transition(fresh(), { type: 'CHOOSE_OPTION', label: 'Blue' })
    expect(state.drafts.color?.selected).toEqual(['Blue'])
    expect(state.index).toBe(1)
    expect(effects).toEqual([
      { type: 'focus', target: { part: 'option', index: 0 } },
      { type: 'announce', message: { key: 'question-position', index: 1, total: 3 } },
    ])
  })

  it('replaces the previous label so single-select never holds two', () => {
    const [state] = drive(
      fresh(),
      { type: 'CHOOSE_OPTION', label: 'Blue' },
      { type: 'GO_PREVIOUS' },
      { type: 'CHOOSE_OPTION', label: 'Green' },
    )
    expect(state.drafts.color?.selected).toEqual(['Green'])
  })

  it('on the last question selects but never submits by itself', () => {
    const [state, effects] = transition(createComposerState(single), {
      type: 'CHOOSE_OPTION',
      label: 'Yes',
    })
    expect(state.drafts.ok?.selected).toEqual(['Yes'])
    expect(state.phase).toBe('answering')
    expect(effects).toEqual([])
  })

  it('toggles on a multi-select question without advancing', () => {
    const start = drive(fresh(), { type: 'GO_NEXT' })[0]
    const [once] = transition(start, { type: 'CHOOSE_OPTION', label: 'Ham' })
    expect(once.drafts.toppings?.selected).toEqual(['Ham'])
    expect(once.index).toBe(1)
    const [twice] = transition(once, { type: 'CHOOSE_OPTION', label: 'Ham' })
    expect(twice.drafts.toppings?.selected).toEqual([])
  })

  it('keeps typed "Other" text on a single-select question; the choice is the answer', () => {
    const [state] = drive(
      fresh(),
      { type: 'SET_CUSTOM_TEXT', text: 'Purple' },
      { type: 'CHOOSE_OPTION', label: 'Blue' },
    )
    expect(state.drafts.color).toEqual({ selected: ['Blue'], custom: 'Purple', skipped: false })
    expect(toAnswer(state).answers[0]).toEqual({ id: 'color', selected: ['Blue'] })
    // Back on it, typing again makes the text the answer.
    const [typed] = drive(
      state,
      { type: 'GO_TO_QUESTION', index: 0 },
      { type: 'SET_CUSTOM_TEXT', text: 'Purple!' },
    )
    expect(toAnswer(typed).answers[0]).toEqual({ id: 'color', selected: [], custom: 'Purple!' })
  })

  it('keeps the typed text beside an approval’s edit label: the edited arguments ride as custom', () => {
    const approval: ComposerRequest = {
      rpcId: 'rpc-edit',
      questions: [
        {
          id: 'approval',
          question: 'Run save_note?',
          options: [{ label: 'Approve' }, { label: 'Edit' }, { label: 'Reject' }],
          intent: {
            kind: 'approval',
            tool: 'save_note',
            input: { path: 'a.md' },
            allow: 'Approve',
            edit: 'Edit',
            deny: 'Reject',
          },
        },
      ],
    }
    const typed = { type: 'SET_CUSTOM_TEXT', text: ' {"path":"b.md"} ' } as const
    const [edited] = drive(createComposerState(approval), typed, {
      type: 'CHOOSE_OPTION',
      label: 'Edit',
    })
    const answer = toAnswer(edited)
    expect(answer.answers[0]).toEqual({
      id: 'approval',
      selected: ['Edit'],
      custom: '{"path":"b.md"}',
    })
    expect(validateAnswer(approval, answer).ok).toBe(true)
    // Any other decision is its label alone, as on every single choice.
    const [approved] = drive(createComposerState(approval), typed, {
      type: 'CHOOSE_OPTION',
      label: 'Approve',
    })
    expect(toAnswer(approved).answers[0]).toEqual({ id: 'approval', selected: ['Approve'] })
  })

  it('ignores a label that is not an option', () => {
    const start = fresh()
    const [state, effects] = transition(start, { type: 'CHOOSE_OPTION', label: 'Mauve' })
    expect(state).toBe(start)
    expect(effects).toEqual([])
  })

  it('by position chooses the n-th option and ignores positions past the end', () => {
    const [state] = transition(fresh(), { type: 'CHOOSE_OPTION_AT', index: 2 })
    expect(state.drafts.color?.selected).toEqual(['Green'])
    const start = fresh()
    expect(transition(start, { type: 'CHOOSE_OPTION_AT', index: 3 })[0]).toBe(start)
  })

  it('never pre-selects a recommended label', () => {
    expect(fresh().drafts.color?.selected).toEqual([])
  })
})

describe('toggling an option', () => {
  it('keeps multi-select labels in option order', () => {
    const [state] = drive(
      fresh(),
      { type: 'GO_NEXT' },
      { type: 'TOGGLE_OPTION', label: 'Olives' },
      { type: 'TOGGLE_OPTION', label: 'Cheese' },
    )
    expect(state.drafts.toppings?.selected).toEqual(['Cheese', 'Olives'])
  })

  it('on single-select selects without advancing and a second toggle clears it', () => {
    const [once] = transition(fresh(), { type: 'TOGGLE_OPTION', label: 'Blue' })
    expect(once.index).toBe(0)
    expect(once.drafts.color?.selected).toEqual(['Blue'])
    const [twice] = transition(once, { type: 'TOGGLE_OPTION', label: 'Blue' })
    expect(twice.drafts.color?.selected).toEqual([])
  })
})

describe('custom text', () => {
  it('replaces the selection on a single-select question', () => {
    const [state] = drive(
      fresh(),
      { type: 'TOGGLE_OPTION', label: 'Blue' },
      { type: 'SET_CUSTOM_TEXT', text: 'Purple' },
    )
    expect(state.drafts.color).toEqual({ selected: [], custom: 'Purple', skipped: false })
  })

  it('keeps the selection on a multi-select question', () => {
    const [state] = drive(
      fresh(),
      { type: 'GO_NEXT' },
      { type: 'TOGGLE_OPTION', label: 'Ham' },
      { type: 'SET_CUSTOM_TEXT', text: 'Pineapple' },
    )
    expect(state.drafts.toppings).toEqual({
      selected: ['Ham'],
      custom: 'Pineapple',
      skipped: false,
    })
  })

  it('that is only whitespace counts as no answer and keeps the selection', () => {
    const [state] = drive(
      fresh(),
      { type: 'TOGGLE_OPTION', label: 'Blue' },
      { type: 'SET_CUSTOM_TEXT', text: '   ' },
    )
    expect(state.drafts.color?.selected).toEqual(['Blue'])
    const [blank] = transition(fresh(), { type: 'SET_CUSTOM_TEXT', text: '  ' })
    expect(selectProgress(blank).answered).toBe(0)
  })

  it('that is only invisible characters counts as no answer and keeps the selection', () => {
    const [state] = drive(
      fresh(),
      { type: 'TOGGLE_OPTION', label: 'Blue' },
      { type: 'SET_CUSTOM_TEXT', text: '\u200b\u2060' },
    )
    expect(state.drafts.color?.selected).toEqual(['Blue'])
    const [blank] = transition(fresh(), { type: 'SET_CUSTOM_TEXT', text: '\u3164\ufeff' })
    expect(selectProgress(blank).answered).toBe(0)
  })

  it('that is an emoji joined with zero-width joiners is an answer', () => {
    const [state] = transition(fresh(), { type: 'SET_CUSTOM_TEXT', text: '👩\u200d💻' })
    expect(selectProgress(state).answered).toBe(1)
    expect(toAnswer(state).answers[0]).toEqual({ id: 'color', selected: [], custom: '👩\u200d💻' })
  })

  it('setting the same text again changes nothing', () => {
    const [typed] = transition(fresh(), { type: 'SET_CUSTOM_TEXT', text: 'x' })
    expect(transition(typed, { type: 'SET_CUSTOM_TEXT', text: 'x' })[0]).toBe(typed)
  })
})

describe('skipping', () => {
  it('marks the question skipped, drops its answer and advances', () => {
    const [state, effects] = drive(
      fresh(),
      { type: 'TOGGLE_OPTION', label: 'Blue' },
      { type: 'SKIP_QUESTION' },
    )
    expect(state.drafts.color).toEqual({ selected: [], custom: '', skipped: true })
    expect(state.index).toBe(1)
    expect(effects.some((effect) => effect.type === 'focus')).toBe(true)
  })

  it('is undone by any answer edit', () => {
    const [state] = drive(
      fresh(),
      { type: 'SKIP_QUESTION' },
      { type: 'GO_PREVIOUS' },
      { type: 'SET_CUSTOM_TEXT', text: 'Teal' },
    )
    expect(state.drafts.color).toEqual({ selected: [], custom: 'Teal', skipped: false })
  })

  it('skipping the last question never sends the batch: focus moves to Submit', () => {
    const [state, effects] = drive(createComposerState(single), { type: 'SKIP_QUESTION' })
    expect(state.phase).toBe('answering')
    expect(state.drafts.ok).toEqual({ selected: [], custom: '', skipped: true })
    expect(effects).toEqual([
      { type: 'focus', target: { part: 'submit' } },
      {
        type: 'announce',
        message: { key: 'feedback', feedback: { kind: 'message', key: 'skipped' } },
      },
    ])
    // Only an explicit Submit sends it.
    const [sent, sending] = transition(state, { type: 'SUBMIT' })
    expect(sent.phase).toBe('submitting')
    expect(sending).toEqual([
      { type: 'submit', rpcId: 'rpc-single', answer: { answers: [{ id: 'ok', selected: [] }] } },
    ])
  })

  it('pick, pick, Skip on the third of three single-selects leaves the batch unsent', () => {
    const [state, effects] = drive(
      fresh(),
      { type: 'GO_TO_QUESTION', index: 2 },
      { type: 'SKIP_QUESTION' },
    )
    expect(state.phase).toBe('answering')
    expect(state.index).toBe(2)
    expect(effects.some((effect) => effect.type === 'submit')).toBe(false)
  })
})

describe('navigation', () => {
  it('moves next, previous and to an index, announcing the position', () => {
    const [next, effects] = transition(fresh(), { type: 'GO_NEXT' })
    expect(next.index).toBe(1)
    expect(effects).toContainEqual({
      type: 'announce',
      message: { key: 'question-position', index: 1, total: 3 },
    })
    expect(transition(next, { type: 'GO_PREVIOUS' })[0].index).toBe(0)
    const [last, toLast] = transition(next, { type: 'GO_TO_QUESTION', index: 2 })
    expect(last.index).toBe(2)
    expect(toLast[0]).toEqual({ type: 'focus', target: { part: 'custom-answer' } })
  })

  it('stays within bounds', () => {
    const start = fresh()
    expect(transition(start, { type: 'GO_PREVIOUS' })[0]).toBe(start)
    expect(transition(start, { type: 'GO_TO_QUESTION', index: 3 })[0]).toBe(start)
    expect(transition(start, { type: 'GO_TO_QUESTION', index: -1 })[0]).toBe(start)
    const last = drive(start, { type: 'GO_TO_QUESTION', index: 2 })[0]
    expect(transition(last, { type: 'GO_NEXT' })[0]).toBe(last)
  })

  it('puts roving focus on the selected option when returning to a question', () => {
    const [state, effects] = drive(
      fresh(),
      { type: 'CHOOSE_OPTION', label: 'Green' },
      { type: 'GO_PREVIOUS' },
    )
    expect(state.activeOption).toBe(2)
    expect(effects).toContainEqual({ type: 'focus', target: { part: 'option', index: 2 } })
  })

  it('moves roving focus through the options, wrapping around', () => {
    const start = fresh()
    const [down, effects] = transition(start, { type: 'MOVE_OPTION_FOCUS', to: 'next' })
    expect(down.activeOption).toBe(1)
    expect(effects).toEqual([{ type: 'focus', target: { part: 'option', index: 1 } }])
    expect(transition(start, { type: 'MOVE_OPTION_FOCUS', to: 'previous' })[0].activeOption).toBe(2)
    expect(transition(start, { type: 'MOVE_OPTION_FOCUS', to: 'last' })[0].activeOption).toBe(2)
    expect(transition(down, { type: 'MOVE_OPTION_FOCUS', to: 'first' })[0].activeOption).toBe(0)
  })

  it('has no roving focus on a free-text question', () => {
    const last = drive(fresh(), { type: 'GO_TO_QUESTION', index: 2 })[0]
    const [state, effects] = transition(last, { type: 'MOVE_OPTION_FOCUS', to: 'next' })
    expect(state).toBe(last)
    expect(effects).toEqual([])
  })
})

describe('continuing (Enter in the custom field)', () => {
  it('advances when the question has an answer', () => {
    const [state] = drive(fresh(), { type: 'SET_CUSTOM_TEXT', text: 'Teal' }, { type: 'CONTINUE' })
    expect(state.index).toBe(1)
  })

  it('gives feedback "unanswered" on a question with no answer', () => {
    const [state, effects] = transition(fresh(), { type: 'CONTINUE' })
    expect(state.index).toBe(0)
    expect(state.feedback).toEqual({ kind: 'message', key: 'unanswered' })
    expect(effects).toEqual([
      { type: 'announce', message: { key: 'feedback', feedback: state.feedback } },
    ])
  })

  it('on the last question moves focus to Submit and sends nothing, even when complete', () => {
    const [state, effects] = transition(answeredState(), { type: 'CONTINUE' })
    expect(state.phase).toBe('answering')
    expect(effects).toEqual([{ type: 'focus', target: { part: 'submit' } }])
  })

  it('on the last question with earlier ones open moves focus to Submit without feedback', () => {
    const [state, effects] = drive(
      fresh(),
      { type: 'GO_TO_QUESTION', index: 2 },
      { type: 'SET_CUSTOM_TEXT', text: 'ok' },
      { type: 'CONTINUE' },
    )
    expect(state.index).toBe(2)
    expect(state.feedback).toBeNull()
    expect(effects.at(-1)).toEqual({ type: 'focus', target: { part: 'submit' } })
    expect(effects.some((effect) => effect.type === 'submit')).toBe(false)
  })

  it('the next edit clears the feedback', () => {
    const [state] = drive(fresh(), { type: 'CONTINUE' }, { type: 'SET_CUSTOM_TEXT', text: 'a' })
    expect(state.feedback).toBeNull()
  })
})

describe('Enter (CONFIRM_ANSWER, CONFIRM_OPTION), as the design note says', () => {
  it('Enter on the last, complete question submits the batch', () => {
    const [state, effects] = transition(answeredState(), { type: 'CONFIRM_ANSWER' })
    expect(state.phase).toBe('submitting')
    expect(effects).toContainEqual({ type: 'submit', rpcId: 'rpc-1', answer: toAnswer(state) })
  })

  it('a one-question free-text ask goes with one Enter', () => {
    const name: ComposerRequest = {
      rpcId: 'rpc-name',
      questions: [{ id: 'name', question: 'What should the project be called?' }],
    }
    const [state, effects] = drive(
      createComposerState(name),
      { type: 'SET_CUSTOM_TEXT', text: 'parley' },
      { type: 'CONFIRM_ANSWER' },
    )
    expect(state.phase).toBe('submitting')
    expect(effects.filter((effect) => effect.type === 'submit')).toHaveLength(1)
  })

  it('with earlier questions open, goes to the first of them and sends nothing', () => {
    const [state, effects] = drive(
      fresh(),
      { type: 'GO_TO_QUESTION', index: 2 },
      { type: 'SET_CUSTOM_TEXT', text: 'ok' },
      { type: 'CONFIRM_ANSWER' },
    )
    expect(state.index).toBe(0)
    expect(state.phase).toBe('answering')
    expect(effects.some((effect) => effect.type === 'submit')).toBe(false)
  })

  it('before the last question, goes to the next open one', () => {
    const [state] = drive(
      fresh(),
      { type: 'SET_CUSTOM_TEXT', text: 'Teal' },
      { type: 'CONFIRM_ANSWER' },
    )
    expect(state.index).toBe(1)
    expect(state.phase).toBe('answering')
  })

  it('submits from any question once every other one is answered or skipped', () => {
    const [back] = drive(answeredState(), { type: 'GO_TO_QUESTION', index: 0 })
    const [state] = transition(back, { type: 'CONFIRM_ANSWER' })
    expect(state.phase).toBe('submitting')
  })

  it('counts a skipped question as done', () => {
    const [state] = drive(
      fresh(),
      { type: 'CHOOSE_OPTION', label: 'Blue' },
      { type: 'SKIP_QUESTION' },
      { type: 'SET_CUSTOM_TEXT', text: 'thin' },
      { type: 'CONFIRM_ANSWER' },
    )
    expect(state.phase).toBe('submitting')
    expect(state.drafts.toppings?.skipped).toBe(true)
  })

  it('on an unanswered question says so and stays', () => {
    const [state, effects] = transition(fresh(), { type: 'CONFIRM_ANSWER' })
    expect(state.index).toBe(0)
    expect(state.feedback).toEqual({ kind: 'message', key: 'unanswered' })
    expect(effects.some((effect) => effect.type === 'submit')).toBe(false)
  })

  it('Enter on an option of a single-select last question chooses it and submits', () => {
    const [focused] = transition(createComposerState(single), {
      type: 'MOVE_OPTION_FOCUS',
      to: 'next',
    })
    const [state, effects] = transition(focused, { type: 'CONFIRM_OPTION' })
    expect(state.phase).toBe('submitting')
    expect(effects).toContainEqual({
      type: 'submit',
      rpcId: 'rpc-single',
      answer: { answers: [{ id: 'ok', selected: ['No'] }] },
    })
  })

  it('Enter on a multi-select option never toggles it: it confirms what is checked', () => {
    const [start] = drive(fresh(), { type: 'CHOOSE_OPTION', label: 'Blue' })
    const [none] = transition(start, { type: 'CONFIRM_OPTION' })
    expect(none.drafts.toppings?.selected ?? []).toEqual([])
    expect(none.feedback).toEqual({ kind: 'message', key: 'unanswered' })
    const [checked] = transition(start, { type: 'TOGGLE_OPTION', label: 'Ham' })
    const [next] = transition(checked, { type: 'CONFIRM_OPTION' })
    expect(next.drafts.toppings?.selected).toEqual(['Ham'])
    expect(next.index).toBe(2)
  })

  it('does nothing once the card left the user (submitting, settled)', () => {
    const [sent] = transition(answeredState(), { type: 'SUBMIT' })
    expect(transition(sent, { type: 'CONFIRM_ANSWER' })[0]).toBe(sent)
    expect(transition(sent, { type: 'CONFIRM_OPTION' })[0]).toBe(sent)
  })

  it('Skip on the last question never sends by itself', () => {
    const [state, effects] = drive(
      fresh(),
      { type: 'CHOOSE_OPTION', label: 'Blue' },
      { type: 'TOGGLE_OPTION', label: 'Ham' },
      { type: 'GO_NEXT' },
      { type: 'SKIP_QUESTION' },
    )
    expect(state.phase).toBe('answering')
    expect(effects.some((effect) => effect.type === 'submit')).toBe(false)
  })
})

describe('submitting', () => {
  it('with an open question jumps to it, sets feedback "incomplete" and announces it', () => {
    const [state, effects] = drive(
      fresh(),
      { type: 'CHOOSE_OPTION', label: 'Blue' },
      { type: 'GO_TO_QUESTION', index: 2 },
      { type: 'SUBMIT' },
    )
    expect(state.index).toBe(1)
    expect(state.phase).toBe('answering')
    expect(effects).toContainEqual({
      type: 'announce',
      message: { key: 'feedback', feedback: { kind: 'message', key: 'incomplete' } },
    })
  })

  it('is not possible while the only answer to a question is invisible text', () => {
    const [state, effects] = drive(
      createComposerState(single),
      { type: 'SET_CUSTOM_TEXT', text: '\u200b\u200b' },
      { type: 'SUBMIT' },
    )
    expect(canSubmit(state)).toBe(false)
    expect(state.phase).toBe('answering')
    expect(effects.some((effect) => effect.type === 'submit')).toBe(false)
  })

  it('with every question answered or skipped hands the answer to the transport', () => {
    const ready = answeredState()
    expect(canSubmit(ready)).toBe(true)
    const [state, effects] = transition(ready, { type: 'SUBMIT' })
    expect(state.phase).toBe('submitting')
    expect(state.attempt).toBe('submit')
    const answer = {
      answers: [
        { id: 'color', selected: ['Blue'] },
        { id: 'toppings', selected: ['Cheese', 'Ham'] },
        { id: 'notes', selected: [], custom: 'thin crust' },
      ],
    }
    expect(effects).toEqual([{ type: 'submit', rpcId: 'rpc-1', answer }])
    expect(validateAnswer(request, toAnswer(ready)).ok).toBe(true)
  })

  it('encodes a single-select custom answer with nothing selected', () => {
    const [state] = drive(
      createComposerState(single),
      { type: 'TOGGLE_OPTION', label: 'Yes' },
      { type: 'SET_CUSTOM_TEXT', text: ' Maybe ' },
    )
    expect(toAnswer(state)).toEqual({ answers: [{ id: 'ok', selected: [], custom: 'Maybe' }] })
  })
})

describe('cancelling', () => {
  it('without any answer cancels at once', () => {
    const [state, effects] = transition(fresh(), { type: 'REQUEST_CANCEL' })
    expect(state.phase).toBe('cancelling')
    expect(state.attempt).toBe('cancel')
    expect(effects).toEqual([{ type: 'cancel', rpcId: 'rpc-1' }])
  })

  it('with an answer asks for confirmation first', () => {
    const [state, effects] = transition(answeredState(), { type: 'REQUEST_CANCEL' })
    expect(state.confirmingCancel).toBe(true)
    expect(state.phase).toBe('answering')
    expect(effects).toEqual([])
  })

  it('confirming cancels; keeping on answering closes the confirmation', () => {
    const asking = transition(answeredState(), { type: 'REQUEST_CANCEL' })[0]
    const [cancelled, effects] = transition(asking, { type: 'CONFIRM_CANCEL' })
    expect(cancelled.phase).toBe('cancelling')
    expect(cancelled.confirmingCancel).toBe(false)
    expect(effects).toEqual([{ type: 'cancel', rpcId: 'rpc-1' }])
    const [kept] = transition(asking, { type: 'KEEP_ANSWERING' })
    expect(kept.confirmingCancel).toBe(false)
    expect(kept.drafts).toBe(asking.drafts)
  })

  it('edits are ignored while the confirmation is open', () => {
    const asking = transition(answeredState(), { type: 'REQUEST_CANCEL' })[0]
    expect(transition(asking, { type: 'SET_CUSTOM_TEXT', text: 'x' })[0]).toBe(asking)
    expect(transition(asking, { type: 'SUBMIT' })[0]).toBe(asking)
  })

  it('confirming without an open confirmation does nothing', () => {
    const start = fresh()
    expect(transition(start, { type: 'CONFIRM_CANCEL' })[0]).toBe(start)
    expect(transition(start, { type: 'KEEP_ANSWERING' })[0]).toBe(start)
  })
})
