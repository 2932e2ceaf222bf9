import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { colour, makeRequest, name, renderComposer, root, toppings } from './fixtures.tsx'

describe('QuestionComposer', () => {
  it('shows the first question with its header as the eyebrow', () => {
    renderComposer()
    expect(screen.getByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
    expect(screen.getByText('Colour')).toBeInTheDocument()
    expect(root()).toHaveAttribute('data-scope', 'question-composer')
    expect(root()).toHaveAttribute('data-state', 'answering')
  })

  it('choosing a single-select option advances to the next question', async () => {
    const { user } = renderComposer()
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    expect(screen.getByRole('heading', { name: 'Which toppings?' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Cheese' })).toHaveFocus())
  })

  it('submits the whole batch from the last question', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([colour, toppings, name]) })
    await user.click(screen.getByRole('radio', { name: 'Blue' }))
    await user.click(screen.getByRole('checkbox', { name: 'Cheese' }))
    await user.click(screen.getByRole('checkbox', { name: 'Basil' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Parley')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [
        { id: 'colour', selected: ['Blue (Recommended)'] },
        { id: 'toppings', selected: ['Cheese', 'Basil'] },
        { id: 'name', selected: [], custom: 'Parley' },
      ],
    })
    expect(await screen.findByRole('status')).toHaveTextContent('Sent')
  })
})
