import { describe, expect, it, vi } from 'vitest'
import {
  connect,
  createComposerState,
  createComposerStore,
  createConnect,
  createShownStore,
  selectCustomText,
  transition,
} from '../src/index.ts'
import { answeredState, request } from './fixtures.ts'
import { labels } from './vanilla-renderer.ts'

const format = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))
const options = { id: 'c-', messages: labels, format }
const key = (name: string) => ({
  key: name,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  keyCode: 0,
})

describe('connect', () => {
  it('gives every part its anatomy, ids and state', () => {
    const api = connect(createComposerState(request), () => {}, options)
    expect(api.getRootProps()).toMatchObject({
      'data-scope': 'question-composer',
      'data-part': 'root',
      'data-state': 'answering',
      'aria-label': 'Question from the assistant',
    })
    expect(api.getOptionsProps()).toMatchObject({
      role: 'radiogroup',
      'aria-labelledby': 'c-title',
    })
    expect(api.getOptionProps(0)).toMatchObject({
      role: 'radio',
      'aria-checked': false,
      tabindex: 0,
      'aria-describedby': 'c-option-0-badge',
    })
    expect(api.option(0)).toMatchObject({ display: 'Red', recommended: true, shortcut: '1' })
    expect(api.getPreviousProps()).toMatchObject({ 'aria-disabled': true })
    expect(api.getMarkerProps(0)).toMatchObject({
      'aria-label': 'Question 1: open',
      'aria-current': 'step',
    })
  })

  it('handlers send the events the parts stand for', () => {
    const send = vi.fn()
    const api = connect(createComposerState(request), send, options)
    api.getOptionProps(1).onClick()
    api.getSkipProps().onClick()
    expect(send.mock.calls).toEqual([
      [{ type: 'CHOOSE_OPTION', label: 'Blue' }],
      [{ type: 'SKIP_QUESTION' }],
    ])
  })

  it('the root runs the keyboard map and says when it handled a key', () => {
    const send = vi.fn()
    const { onKeyDown } = connect(createComposerState(request), send, options).getRootProps()
    expect(onKeyDown(key('2'), 'options')).toBe(true)
    expect(onKeyDown(key('2'), 'custom')).toBe(false)
    expect(send.mock.calls).toEqual([[{ type: 'CHOOSE_OPTION_AT', index: 1 }]])
  })
})

describe('createConnect', () => {
  it('the same state gives the same result, another state a new one', () => {
    const connectFor = createConnect(() => {}, options)
    const state = createComposerState(request)
    expect(connectFor(state)).toBe(connectFor(state))
    expect(connectFor({ ...state })).not.toBe(connectFor(state))
  })
})

describe('createShownStore', () => {
  const setup = () => {
    const store = createComposerStore({ request })
    const shown = createShownStore(store)
    const notified = vi.fn()
    shown.subscribe(notified)
    return { store, shown, notified }
  }

  it('a keystroke that keeps the custom answer filled notifies no part', () => {
    const { store, shown, notified } = setup()
    store.send({ type: 'SET_CUSTOM_TEXT', text: 'a' })
    const filled = shown.getState()
    store.send({ type: 'SET_CUSTOM_TEXT', text: 'ab' })
    store.send({ type: 'SET_CUSTOM_TEXT', text: 'abc' })
    expect(notified).toHaveBeenCalledTimes(1)
    expect(shown.getState()).toBe(filled)
    expect(selectCustomText(store.getState())).toBe('abc')
    // Attributes only (JSON leaves the handlers out).
    const parts = (state: typeof filled) => {
      const api = connect(state, () => {}, options)
      return JSON.stringify([
        api.getCustomAnswerProps(),
        api.getOptionProps(0),
        api.getMarkersProps(),
      ])
    }
    expect(parts(shown.getState())).toBe(parts(store.getState()))
  })

  it('a change a part shows reaches the parts with the current state', () => {
    const { store, shown, notified } = setup()
    store.send({ type: 'SET_CUSTOM_TEXT', text: 'a' })
    store.send({ type: 'SET_CUSTOM_TEXT', text: ' ' })
    expect(notified).toHaveBeenCalledTimes(2)
    store.send({ type: 'CHOOSE_OPTION', label: 'Blue' })
    store.send({ type: 'GO_NEXT' })
    expect(notified).toHaveBeenCalledTimes(4)
    expect(shown.getState()).toBe(store.getState())
  })
})

describe('the region is named after who asks', () => {
  it('the assistant by default, the asker chain when an agent names it', () => {
    const root = (asked: typeof request) =>
      connect(createComposerState(asked), () => {}, options).getRootProps()['aria-label']
    expect(root(request)).toBe('Question from the assistant')
    const delegated = { ...request, asker: { name: 'Test writer', parents: ['Planner'] } }
    expect(root(delegated)).toBe('Question from Planner › Test writer')
  })
})

describe('the key hint names what Enter will do', () => {
  const last = () =>
    transition(createComposerState(request), { type: 'GO_TO_QUESTION', index: 2 })[0]
  it('the next question while others are open, Submit when Enter will send, the buttons on touch', () => {
    expect(connect(createComposerState(request), () => {}, options).keyHint).toBe(
      labels.keyboardHint,
    )
    // Earlier questions still open: Enter goes to the first of them.
    expect(connect(last(), () => {}, options).keyHint).toBe(labels.keyboardHint)
    expect(connect(answeredState(), () => {}, options).keyHint).toBe(labels.keyboardHintSubmit)
    const touch = { ...options, touch: () => true }
    expect(connect(answeredState(), () => {}, touch).keyHint).toBe(labels.keyboardHintTouch)
    expect(connect(last(), () => {}, touch).keyHint).toBe(labels.keyboardHintTouch)
  })
  it('on touch, Enter in the custom field sends no event', () => {
    const send = vi.fn()
    const { onKeyDown } = connect(last(), send, { ...options, touch: () => true }).getRootProps()
    const enter = {
      key: 'Enter',
      shiftKey: false,
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      isComposing: false,
      keyCode: 13,
    }
    expect(onKeyDown(enter, 'custom')).toBe(false)
    expect(send).not.toHaveBeenCalled()
  })
})
