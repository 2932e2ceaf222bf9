import { describe, expect, it, vi } from 'vitest'
import { connect, createComposerState, createConnect, transition } from '../src/index.ts'
import { request } from './fixtures.ts'
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
  it('a keystroke in the custom answer keeps the revision: no part shows anything new', () => {
    const connectFor = createConnect(() => {}, options)
    const typed = transition(createComposerState(request), {
      type: 'SET_CUSTOM_TEXT',
      text: 'a',
    })[0]
    const before = connectFor(typed)
    const after = connectFor(transition(typed, { type: 'SET_CUSTOM_TEXT', text: 'ab' })[0])
    expect(after.customText).toBe('ab')
    expect(after.revision).toBe(before.revision)
    // Attributes only (JSON leaves the handlers out).
    const shown = (api: typeof before) =>
      JSON.stringify([api.getCustomAnswerProps(), api.getOptionProps(0), api.getMarkersProps()])
    expect(shown(after)).toBe(shown(before))
  })

  it('a change a part shows gives it new props and a new revision', () => {
    const connectFor = createConnect(() => {}, options)
    const state = createComposerState(request)
    const before = connectFor(state)
    const after = connectFor(transition(state, { type: 'CHOOSE_OPTION', label: 'Blue' })[0])
    expect(after.revision).not.toBe(before.revision)
    expect(after.getMarkerProps(0)['data-state']).toBe('answered')
  })
})
