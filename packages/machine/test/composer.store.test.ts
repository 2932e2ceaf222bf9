import { describe, expect, it, vi } from 'vitest'
import { type ComposerState, type ComposerStateReducer, createComposerStore } from '../src/index.ts'
import { request, single } from './fixtures.ts'

describe('the composer store', () => {
  it('applies events and runs focus and announce effects through the callbacks', () => {
    const onFocus = vi.fn()
    const onAnnounce = vi.fn()
    const store = createComposerStore({ request, onFocus, onAnnounce })
    store.send({ type: 'CHOOSE_OPTION', label: 'Blue' })
    expect(store.getState().index).toBe(1)
    expect(onFocus).toHaveBeenCalledWith({ part: 'option', index: 0 })
    expect(onAnnounce).toHaveBeenCalledWith({ key: 'question-position', index: 1, total: 3 })
  })

  it('hands a submit to onSubmit and a cancel to onCancel', () => {
    const onSubmit = vi.fn()
    const onCancel = vi.fn()
    const store = createComposerStore({ request: single, onSubmit, onCancel })
    store.send({ type: 'CHOOSE_OPTION', label: 'Yes' })
    store.send({ type: 'SUBMIT' })
    expect(onSubmit).toHaveBeenCalledWith('rpc-single', {
      answers: [{ id: 'ok', selected: ['Yes'] }],
    })
    const other = createComposerStore({ request: single, onCancel })
    other.send({ type: 'REQUEST_CANCEL' })
    expect(onCancel).toHaveBeenCalledWith('rpc-single')
  })

  it('runs effects through callbacks replaced later', () => {
    const first = vi.fn()
    const second = vi.fn()
    const store = createComposerStore({ request: single, onCancel: first })
    store.setCallbacks({ onCancel: second })
    store.send({ type: 'REQUEST_CANCEL' })
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledWith('rpc-single')
  })

  it('notifies subscribers with the new and previous state until they unsubscribe', () => {
    const store = createComposerStore({ request })
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    const before = store.getState()
    store.send({ type: 'GO_NEXT' })
    expect(listener).toHaveBeenCalledWith(store.getState(), before)
    store.send({ type: 'GO_NEXT' })
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
    store.send({ type: 'GO_PREVIOUS' })
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('does not notify when an event changes nothing', () => {
    const store = createComposerStore({ request })
    const listener = vi.fn()
    store.subscribe(listener)
    store.send({ type: 'GO_PREVIOUS' })
    expect(listener).not.toHaveBeenCalled()
  })

  it('lets a stateReducer forbid skipping, running none of the skip effects', () => {
    const noSkipping: ComposerStateReducer = (state, { event, changes }) =>
      event.type === 'SKIP_QUESTION' ? state : changes
    const onSubmit = vi.fn()
    const onFocus = vi.fn()
    const store = createComposerStore({
      request: single,
      stateReducer: noSkipping,
      onSubmit,
      onFocus,
    })
    store.send({ type: 'SKIP_QUESTION' })
    expect(store.getState().drafts.ok?.skipped).toBe(false)
    expect(store.getState().phase).toBe('answering')
    expect(onSubmit).not.toHaveBeenCalled()
    store.send({ type: 'CHOOSE_OPTION', label: 'No' })
    expect(store.getState().drafts.ok?.selected).toEqual(['No'])
  })

  it('submits the answer of the state a stateReducer amended', () => {
    const forceYes: ComposerStateReducer = (_state, { changes }) =>
      changes.phase === 'submitting'
        ? { ...changes, drafts: { ok: { selected: ['Yes'], custom: '', skipped: false } } }
        : changes
    const onSubmit = vi.fn()
    const store = createComposerStore({ request: single, stateReducer: forceYes, onSubmit })
    store.send({ type: 'CHOOSE_OPTION', label: 'No' })
    store.send({ type: 'SUBMIT' })
    expect(onSubmit).toHaveBeenCalledWith('rpc-single', {
      answers: [{ id: 'ok', selected: ['Yes'] }],
    })
  })

  it('drops a submit effect when a stateReducer keeps the phase from submitting', () => {
    const hold: ComposerStateReducer = (_state, { changes }) =>
      changes.phase === 'submitting' ? { ...changes, phase: 'answering' } : changes
    const onSubmit = vi.fn()
    const store = createComposerStore({ request: single, stateReducer: hold, onSubmit })
    store.send({ type: 'CHOOSE_OPTION', label: 'No' })
    store.send({ type: 'SUBMIT' })
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('handles an event sent from a callback after the current effects', () => {
    const order: string[] = []
    const store = createComposerStore({ request: single })
    store.setCallbacks({
      onSubmit: () => {
        order.push('submit')
        store.send({ type: 'RECEIPT_ACCEPTED' })
        order.push(`after send: ${store.getState().phase}`)
      },
      onAnnounce: (message) => order.push(`announce ${message.key}`),
    })
    store.send({ type: 'CHOOSE_OPTION', label: 'Yes' })
    store.send({ type: 'SUBMIT' })
    expect(order).toEqual(['submit', 'after send: submitting', 'announce sent'])
    expect(store.getState().phase).toBe('awaiting-resolution')
  })

  it('starts from an initial state when given one', () => {
    const initialState: ComposerState = { ...createComposerStore({ request }).getState(), index: 2 }
    const store = createComposerStore({ request, initialState })
    expect(store.getState().index).toBe(2)
    expect(store.getInitialState()).toBe(initialState)
  })
})
