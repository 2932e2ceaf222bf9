import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { colour, makeRequest, name, renderComposer, toppings } from './fixtures.tsx'

describe('keyboard map', () => {
  it('options use a roving tabindex: one tab stop, arrows move focus and wrap', async () => {
    const { user } = renderComposer()
    const [red, blue, green] = screen.getAllByRole('radio')
    expect(red).toHaveAttribute('tabindex', '0')
    expect(blue).toHaveAttribute('tabindex', '-1')
    red?.focus()
    await user.keyboard('{ArrowDown}')
    expect(blue).toHaveFocus()
    expect(blue).toHaveAttribute('tabindex', '0')
    expect(red).toHaveAttribute('tabindex', '-1')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(red).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(green).toHaveFocus()
    await user.keyboard('{Home}')
    expect(red).toHaveFocus()
    await user.keyboard('{End}')
    expect(green).toHaveFocus()
  })

  it('arrows only move focus; Space chooses the focused option, Enter chooses it and goes on', async () => {
    const { user } = renderComposer()
    screen.getByRole('radio', { name: 'Red' }).focus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'false')
    await user.keyboard(' ')
    expect(screen.getByRole('heading', { name: 'Which toppings?' })).toBeInTheDocument()
    await user.keyboard(' ')
    expect(screen.getByRole('checkbox', { name: 'Cheese' })).toHaveAttribute('aria-checked', 'true')
    await user.keyboard('{Enter}')
    expect(screen.getByRole('heading', { name: 'What is the project called?' })).toBeInTheDocument()
  })

  it('Enter on an option of the last question chooses it and submits the complete batch', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([colour]) })
    screen.getByRole('radio', { name: 'Red' }).focus()
    await user.keyboard('{ArrowDown}{Enter}')
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'colour', selected: ['Blue (Recommended)'] }],
    })
  })

  it('Enter on a checkbox never toggles it; with nothing checked it explains', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([toppings]) })
    screen.getAllByRole('checkbox')[0]?.focus()
    await user.keyboard('{Enter}')
    expect(screen.getAllByRole('checkbox')[0]).toHaveAttribute('aria-checked', 'false')
    expect(onAnswer).not.toHaveBeenCalled()
    expect(await screen.findByText(/Choose an option/)).toBeInTheDocument()
  })

  it('digits 1–9 choose the n-th option while focus is in the options', async () => {
    const { user } = renderComposer({ request: makeRequest([toppings, colour]) })
    screen.getByRole('checkbox', { name: 'Cheese' }).focus()
    await user.keyboard('3')
    expect(screen.getByRole('checkbox', { name: 'Basil' })).toHaveAttribute('aria-checked', 'true')
    await user.keyboard('9')
    expect(
      screen.getAllByRole('checkbox').filter((c) => c.getAttribute('aria-checked') === 'true'),
    ).toHaveLength(1)
  })

  it('digits choose from the card’s title, where focus lands when the card appears', async () => {
    const { user } = renderComposer()
    screen.getByRole('heading', { name: 'Which colour?' }).focus()
    await user.keyboard('2')
    expect(screen.getByRole('heading', { name: 'Which toppings?' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Question 1: answered' }))
    expect(screen.getByRole('radio', { name: /^Blue/ })).toHaveAttribute('aria-checked', 'true')
  })

  it('digits are plain text in the custom answer field', async () => {
    const { user } = renderComposer({ request: makeRequest([colour, name]) })
    await user.type(screen.getByRole('textbox', { name: /Other answer/ }), '2')
    expect(screen.getByRole('textbox', { name: /Other answer/ })).toHaveValue('2')
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'false')
  })

  it('Tab reaches the options once, then the custom field', async () => {
    const { user } = renderComposer()
    screen.getByRole('heading', { name: 'Which colour?' }).focus()
    await user.tab()
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('textbox', { name: /Other answer/ })).toHaveFocus()
  })
})
