import { describe, expect, it } from 'vitest'
import { fill } from '../src/text/fill.ts'

describe('the placeholder filler every message uses', () => {
  it('fills every occurrence of each placeholder', () => {
    expect(fill('{time} left, {time} in all ({index})', { time: '2 min', index: 3 })).toBe(
      '2 min left, 2 min in all (3)',
    )
  })

  it('leaves a placeholder with no value as written, so the gap shows', () => {
    expect(fill('Answered at {time}{client}', { time: '10:04' })).toBe('Answered at 10:04{client}')
  })

  it("counts only the values' own keys, never what objects inherit", () => {
    expect(fill('{constructor} {toString} {hasOwnProperty}', {})).toBe(
      '{constructor} {toString} {hasOwnProperty}',
    )
    expect(fill('{constructor}', { constructor: 'given' })).toBe('given')
  })

  it('writes a value that looks like a placeholder or a replacement pattern as it is', () => {
    expect(fill('{a} and {b}', { a: '{b}', b: "$& $1 $'" })).toBe("{b} and $& $1 $'")
  })
})
