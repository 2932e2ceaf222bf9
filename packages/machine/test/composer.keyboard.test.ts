import { describe, expect, it } from 'vitest'
import {
  createComposerState,
  createCompositionTracker,
  type KeyInput,
  keyIntent,
  transition,
} from '../src/index.ts'
import { request } from './fixtures.ts'

function key(name: string, extra: Partial<KeyInput> = {}): KeyInput {
  return {
    key: name,
    shiftKey: false,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    isComposing: false,
    keyCode: name === 'Enter' ? 13 : 0,
    ...extra,
  }
}

function clock(start = 1000) {
  let now = start
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
  }
}

describe('the keyboard map', () => {
  it('Enter in the custom field confirms the answer (submit when complete, else the next open question)', () => {
    expect(keyIntent(key('Enter'), 'custom')).toEqual({ type: 'CONFIRM_ANSWER' })
  })

  it('Shift+Enter in the custom field is a newline, not an event', () => {
    expect(keyIntent(key('Enter', { shiftKey: true }), 'custom')).toBeNull()
  })

  it('Enter on an option confirms it; Shift+Enter there and Enter elsewhere are left to the browser', () => {
    expect(keyIntent(key('Enter'), 'options')).toEqual({ type: 'CONFIRM_OPTION' })
    expect(keyIntent(key('Enter', { shiftKey: true }), 'options')).toBeNull()
    expect(keyIntent(key('Enter', { ctrlKey: true }), 'options')).toBeNull()
    expect(keyIntent(key('Enter'), 'elsewhere')).toBeNull()
  })

  it('digits choose from anywhere in the card but the custom field (the title when the card appears)', () => {
    const state = createComposerState(request)
    expect(keyIntent(key('2'), 'elsewhere', state)).toEqual({ type: 'CHOOSE_OPTION_AT', index: 1 })
    expect(keyIntent(key('4'), 'elsewhere', state)).toBeNull()
    expect(keyIntent(key('ArrowDown'), 'elsewhere', state)).toBeNull()
    expect(keyIntent(key('2'), 'custom', state)).toBeNull()
  })

  it('digits 1–9 choose the n-th option in the option list', () => {
    expect(keyIntent(key('1'), 'options')).toEqual({ type: 'CHOOSE_OPTION_AT', index: 0 })
    expect(keyIntent(key('9'), 'options')).toEqual({ type: 'CHOOSE_OPTION_AT', index: 8 })
  })

  it('digits past the last option, 0, and digits with modifiers do nothing', () => {
    const state = createComposerState(request)
    expect(keyIntent(key('3'), 'options', state)).toEqual({ type: 'CHOOSE_OPTION_AT', index: 2 })
    expect(keyIntent(key('4'), 'options', state)).toBeNull()
    expect(keyIntent(key('0'), 'options')).toBeNull()
    expect(keyIntent(key('1', { ctrlKey: true }), 'options')).toBeNull()
    expect(keyIntent(key('1', { metaKey: true }), 'options')).toBeNull()
  })

  it('digits while typing in a text field are plain text', () => {
    expect(keyIntent(key('1'), 'custom')).toBeNull()
    expect(keyIntent(key('2'), 'text')).toBeNull()
    expect(keyIntent(key('Enter'), 'text')).toBeNull()
  })

  it('arrows, Home and End move roving focus in the option list only', () => {
    expect(keyIntent(key('ArrowDown'), 'options')).toEqual({
      type: 'MOVE_OPTION_FOCUS',
      to: 'next',
    })
    expect(keyIntent(key('ArrowRight'), 'options')).toEqual({
      type: 'MOVE_OPTION_FOCUS',
      to: 'next',
    })
    expect(keyIntent(key('ArrowUp'), 'options')).toEqual({
      type: 'MOVE_OPTION_FOCUS',
      to: 'previous',
    })
    expect(keyIntent(key('ArrowLeft'), 'options')).toEqual({
      type: 'MOVE_OPTION_FOCUS',
      to: 'previous',
    })
    expect(keyIntent(key('Home'), 'options')).toEqual({ type: 'MOVE_OPTION_FOCUS', to: 'first' })
    expect(keyIntent(key('End'), 'options')).toEqual({ type: 'MOVE_OPTION_FOCUS', to: 'last' })
    expect(keyIntent(key('ArrowDown'), 'custom')).toBeNull()
  })

  it('Escape never cancels the request', () => {
    const state = createComposerState(request)
    for (const context of ['options', 'custom', 'elsewhere'] as const)
      expect(keyIntent(key('Escape'), context, state)).toBeNull()
  })

  it('Escape closes an open cancel confirmation without cancelling', () => {
    const [asking] = transition(
      transition(createComposerState(request), { type: 'TOGGLE_OPTION', label: 'Blue' })[0],
      { type: 'REQUEST_CANCEL' },
    )
    expect(keyIntent(key('Escape'), 'elsewhere', asking)).toEqual({ type: 'KEEP_ANSWERING' })
  })
})

describe('IME safety', () => {
  it('an Enter that belongs to a composition never continues', () => {
    expect(keyIntent(key('Enter', { isComposing: true }), 'custom')).toBeNull()
  })

  it('a keydown with keyCode 229 is always part of the composition', () => {
    expect(keyIntent(key('Enter', { keyCode: 229 }), 'custom')).toBeNull()
    expect(keyIntent(key('1', { keyCode: 229 }), 'options')).toBeNull()
    expect(createCompositionTracker().shouldIgnoreEnter(key('Process', { keyCode: 229 }))).toBe(
      true,
    )
  })

  it('any key while a composition is open is ignored', () => {
    const tracker = createCompositionTracker()
    tracker.compositionStart()
    expect(tracker.isComposing()).toBe(true)
    expect(keyIntent(key('Enter'), 'custom', undefined, { composition: tracker })).toBeNull()
  })

  it('swallows the one Enter right after compositionend', () => {
    const time = clock()
    const tracker = createCompositionTracker({ now: time.now })
    tracker.compositionStart()
    tracker.compositionEnd()
    time.advance(5)
    expect(keyIntent(key('Enter'), 'custom', undefined, { composition: tracker })).toBeNull()
    expect(keyIntent(key('Enter'), 'custom', undefined, { composition: tracker })).toEqual({
      type: 'CONFIRM_ANSWER',
    })
  })

  it('swallows the Enter in the same event-loop turn (no time passed)', () => {
    const time = clock()
    const tracker = createCompositionTracker(time.now)
    tracker.compositionStart()
    tracker.compositionEnd()
    expect(tracker.shouldIgnoreEnter(key('Enter'))).toBe(true)
  })

  it('never swallows a later, deliberate Enter', () => {
    const time = clock()
    const tracker = createCompositionTracker({ now: time.now })
    tracker.compositionStart()
    tracker.compositionEnd()
    time.advance(400)
    expect(keyIntent(key('Enter'), 'custom', undefined, { composition: tracker })).toEqual({
      type: 'CONFIRM_ANSWER',
    })
  })

  it('never swallows Shift+Enter after compositionend', () => {
    const tracker = createCompositionTracker(clock().now)
    tracker.compositionStart()
    tracker.compositionEnd()
    expect(tracker.shouldIgnoreEnter(key('Enter', { shiftKey: true }))).toBe(false)
  })

  it('a different key after compositionend means the next Enter is deliberate', () => {
    const tracker = createCompositionTracker(clock().now)
    tracker.compositionStart()
    tracker.compositionEnd()
    expect(tracker.shouldIgnoreEnter(key('a'))).toBe(false)
    expect(tracker.shouldIgnoreEnter(key('Enter'))).toBe(false)
  })

  it('blur resets composition tracking', () => {
    const tracker = createCompositionTracker(clock().now)
    tracker.compositionStart()
    tracker.blur()
    expect(tracker.isComposing()).toBe(false)
    expect(tracker.shouldIgnoreEnter(key('Enter'))).toBe(false)
    tracker.compositionStart()
    tracker.compositionEnd()
    tracker.blur()
    expect(tracker.shouldIgnoreEnter(key('Enter'))).toBe(false)
  })

  it('compares the events own timestamps, so a handler that runs late still swallows the stray Enter', () => {
    // The page was busy: the clock moved 400 ms before the handler ran, but the
    // browser made the keydown 8 ms after compositionend.
    const time = clock()
    const tracker = createCompositionTracker({ now: time.now })
    tracker.compositionStart()
    tracker.compositionEnd(5000)
    time.advance(400)
    expect(tracker.shouldIgnoreEnter(key('Enter', { timeStamp: 5008 }))).toBe(true)
  })

  it('never swallows an Enter whose own timestamp is past the window, however early it runs', () => {
    const time = clock()
    const tracker = createCompositionTracker({ now: time.now })
    tracker.compositionStart()
    tracker.compositionEnd(5000)
    expect(tracker.shouldIgnoreEnter(key('Enter', { timeStamp: 5300 }))).toBe(false)
  })

  it('honours a custom window', () => {
    const time = clock()
    const tracker = createCompositionTracker({ now: time.now, windowMs: 10 })
    tracker.compositionStart()
    tracker.compositionEnd()
    time.advance(11)
    expect(tracker.shouldIgnoreEnter(key('Enter'))).toBe(false)
  })
})

describe('on a touch keyboard', () => {
  const state = createComposerState(request)
  it('Enter in the custom field is a newline, not CONFIRM_ANSWER', () => {
    expect(keyIntent(key('Enter'), 'custom', state, { touch: true })).toBeNull()
    expect(keyIntent(key('Enter'), 'custom', state)).toEqual({ type: 'CONFIRM_ANSWER' })
  })
  it('the option keys still work', () => {
    expect(keyIntent(key('1'), 'options', state, { touch: true })).toEqual({
      type: 'CHOOSE_OPTION_AT',
      index: 0,
    })
  })
})
