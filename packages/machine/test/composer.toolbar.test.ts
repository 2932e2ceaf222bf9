import { describe, expect, it } from 'vitest'
import { type KeyInput, toolbarKeyIntent, toolbarTarget } from '../src/index.ts'

const key = (name: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key: name,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  keyCode: 0,
  ...extra,
})

describe('toolbarKeyIntent: the footer navigation is one Tab stop', () => {
  it('arrows move between its buttons, Home and End to the ends', () => {
    expect(toolbarKeyIntent(key('ArrowRight'))).toEqual({ move: 'next', leave: false })
    expect(toolbarKeyIntent(key('ArrowLeft'))).toEqual({ move: 'previous', leave: false })
    expect(toolbarKeyIntent(key('Home'))).toEqual({ move: 'first', leave: false })
    expect(toolbarKeyIntent(key('End'))).toEqual({ move: 'last', leave: false })
  })

  it('right to left, ← goes on and → goes back', () => {
    expect(toolbarKeyIntent(key('ArrowLeft'), { rtl: true })).toEqual({
      move: 'next',
      leave: false,
    })
    expect(toolbarKeyIntent(key('ArrowRight'), { rtl: true })).toEqual({
      move: 'previous',
      leave: false,
    })
  })

  it('Tab leaves from the last button and Shift+Tab from the first, with the browser’s own Tab', () => {
    expect(toolbarKeyIntent(key('Tab'))).toEqual({ move: 'last', leave: true })
    expect(toolbarKeyIntent(key('Tab', { shiftKey: true }))).toEqual({ move: 'first', leave: true })
  })

  it('modified keys, IME keys and any other key do nothing', () => {
    expect(toolbarKeyIntent(key('ArrowRight', { altKey: true }))).toBeNull()
    expect(toolbarKeyIntent(key('ArrowRight', { metaKey: true }))).toBeNull()
    expect(toolbarKeyIntent(key('ArrowRight', { isComposing: true }))).toBeNull()
    expect(toolbarKeyIntent(key('ArrowDown', { keyCode: 229 }))).toBeNull()
    expect(toolbarKeyIntent(key('Enter'))).toBeNull()
    expect(toolbarKeyIntent(key('a'))).toBeNull()
  })

  it('next and previous wrap around; an empty toolbar has no target', () => {
    expect(toolbarTarget('next', 11, 12)).toBe(0)
    expect(toolbarTarget('previous', 0, 12)).toBe(11)
    expect(toolbarTarget('next', 3, 12)).toBe(4)
    expect(toolbarTarget('first', 7, 12)).toBe(0)
    expect(toolbarTarget('last', 0, 12)).toBe(11)
    expect(toolbarTarget('next', 0, 0)).toBe(-1)
  })
})
