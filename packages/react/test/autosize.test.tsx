import { fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeRequest, name, renderComposer } from './fixtures.tsx'

const LINE = 20

beforeEach(() => {
  // jsdom has no layout: derive scrollHeight from the number of lines.
  vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
    this: HTMLTextAreaElement,
  ) {
    return this.value.split('\n').length * LINE + 16
  })
  return () => vi.restoreAllMocks()
})

describe('custom answer growth', () => {
  it('grows with its content up to 6 lines, then scrolls', () => {
    renderComposer({ request: makeRequest([name]) })
    const field = screen.getByRole('textbox', { name: /Your answer/ }) as HTMLTextAreaElement
    Object.assign(field.style, {
      lineHeight: `${LINE}px`,
      paddingTop: '8px',
      paddingBottom: '8px',
      borderTopWidth: '1px',
      borderBottomWidth: '1px',
      borderStyle: 'solid',
    })
    fireEvent.change(field, { target: { value: 'one\ntwo' } })
    expect(field.style.height).toBe(`${2 * LINE + 16 + 2}px`)
    expect(field).not.toHaveAttribute('data-scrolling')
    fireEvent.change(field, { target: { value: '1\n2\n3\n4\n5\n6' } })
    expect(field.style.height).toBe(`${6 * LINE + 16 + 2}px`)
    fireEvent.change(field, { target: { value: '1\n2\n3\n4\n5\n6\n7\n8' } })
    expect(field.style.height).toBe(`${6 * LINE + 16 + 2}px`)
    expect(field).toHaveAttribute('data-scrolling')
  })
})
