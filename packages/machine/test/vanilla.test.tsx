import type { AskUserQuestionAnswer } from '@parley/seam'
import { screen } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { type ComposerRequest, createEndingsState, endingsTransition } from '../src/index.ts'
import { mountVanillaComposer } from './vanilla-renderer.ts'

const request: ComposerRequest = {
  rpcId: 'rpc-vanilla',
  questions: [
    {
      id: 'colour',
      question: 'Which colour?',
      options: [{ label: 'Red' }, { label: 'Blue (Recommended)' }],
    },
    {
      id: 'toppings',
      question: 'Which toppings?',
      multiSelect: true,
      options: [{ label: 'Cheese' }, { label: 'Olives' }, { label: 'Basil' }],
    },
    { id: 'name', question: 'What is the project called?' },
    { id: 'notes', question: 'Anything else?' },
  ],
}

let store: ReturnType<typeof mountVanillaComposer>

function mount() {
  const answers: AskUserQuestionAnswer[] = []
  store = mountVanillaComposer(document.body, request, (answer) => answers.push(answer))
  return { answers, user: userEvent.setup() }
}

afterEach(() => document.body.replaceChildren())

describe('a vanilla DOM renderer built on connect()', () => {
  it('answers a whole batch by clicking and typing', async () => {
    const { answers, user } = mount()
    const region = screen.getByRole('region', { name: 'Question from the assistant' })
    expect(region).toHaveAttribute('data-scope', 'question-composer')
    expect(screen.getByRole('radiogroup', { name: 'Which colour?' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Blue' }))

    expect(screen.getByRole('heading', { name: 'Which toppings?' })).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Cheese' }))
    await user.click(screen.getByRole('checkbox', { name: 'Olives' }))
    await user.click(screen.getByRole('checkbox', { name: 'Olives' }))
    expect(screen.getByRole('checkbox', { name: 'Cheese' })).toHaveAttribute('aria-checked', 'true')
    await user.click(screen.getByRole('button', { name: 'Next' }))

    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'Parley')
    await user.click(screen.getByRole('button', { name: 'Previous question' }))
    expect(screen.getByRole('checkbox', { name: 'Olives' })).toHaveAttribute(
      'aria-checked',
      'false',
    )
    await user.click(screen.getByRole('button', { name: 'Next question' }))
    const field = screen.getByRole('textbox', { name: /Your answer/ })
    expect(field).toHaveValue('Parley')
    await user.type(field, '{Enter}')

    expect(screen.getByRole('heading', { name: 'Anything else?' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    expect(answers).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(answers).toEqual([
      {
        answers: [
          { id: 'colour', selected: ['Blue (Recommended)'] },
          { id: 'toppings', selected: ['Cheese'] },
          { id: 'name', selected: [], custom: 'Parley' },
          { id: 'notes', selected: [] },
        ],
      },
    ])
    expect(screen.getByRole('button', { name: 'Submitting…' })).toHaveAttribute('aria-busy', 'true')
  })

  it('keeps the keyboard rules: digits choose an option, Shift+Enter is a newline', async () => {
    const { user } = mount()
    screen.getByRole('radio', { name: 'Red' }).focus()
    await user.keyboard('2')
    expect(screen.getByRole('heading', { name: 'Which toppings?' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next question' }))
    const field = screen.getByRole('textbox', { name: /Your answer/ })
    await user.type(field, 'two{Shift>}{Enter}{/Shift}lines')
    expect(field).toHaveValue('two\nlines')
    expect(screen.getByRole('heading', { name: 'What is the project called?' })).toBeInTheDocument()
  })

  it('shows an ended card from the machine alone: answered in another tab, the drafts kept', async () => {
    const { user } = mount()
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    // The slot's endings: the request leaves the pending list, the host says another tab answered it.
    let endings = createEndingsState({ pending: [request] })
    endings = endingsTransition(endings, {
      type: 'HOST_REPORTED',
      report: { outcomes: { [request.rpcId]: 'answered' } },
    })
    endings = endingsTransition(endings, { type: 'PENDING_CHANGED', pending: [], at: 5_000 })
    const [card] = endings.ended
    expect(card?.ending).toEqual({ kind: 'answered-elsewhere', answer: undefined })
    if (!card?.ending) throw new Error('the card did not end')
    store.send({ type: 'REQUEST_ENDED', ending: card.ending })
    expect(screen.getByText('Answered in another tab.')).toBeVisible()
    expect(screen.getByRole('region')).toHaveAttribute('data-state', 'settled')
    expect(screen.getByRole('status')).toHaveTextContent('Answered')
    // What the person chose stays on the card, not editable.
    expect(store.getState().drafts.colour?.selected).toEqual(['Red'])
    expect(screen.getByRole('button', { name: 'Skip' })).toHaveAttribute('aria-disabled', 'true')
  })
})
