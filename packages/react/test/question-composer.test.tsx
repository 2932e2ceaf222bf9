import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { colour, makeRequest, name, renderComposer, root, toppings } from './fixtures.tsx'

const status = () => screen.getByRole('status')

describe('QuestionComposer: answering', () => {
  it('shows the first question with its header as the eyebrow and the anatomy on the root', () => {
    renderComposer()
    expect(screen.getByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
    expect(screen.getByText('Colour')).toHaveAttribute('data-part', 'eyebrow')
    expect(root()).toHaveAttribute('data-scope', 'question-composer')
    expect(root()).toHaveAttribute('data-part', 'root')
    expect(root()).toHaveAttribute('data-state', 'answering')
    for (const element of root().querySelectorAll('[data-part]'))
      expect(element).toHaveAttribute('data-scope', 'question-composer')
  })

  it('renders single-select options as a radiogroup named by the question, with descriptions', () => {
    renderComposer()
    const group = screen.getByRole('radiogroup', { name: 'Which colour?' })
    const red = within(group).getByRole('radio', { name: 'Red' })
    expect(red).toHaveAttribute('aria-checked', 'false')
    expect(red).toHaveAccessibleDescription('Warm and loud')
    expect(within(group).getAllByRole('radio')).toHaveLength(3)
  })

  it('shows a recommended label without its suffix, with a badge, and never pre-selected', () => {
    renderComposer()
    const blue = screen.getByRole('radio', { name: 'Blue' })
    expect(blue).toHaveAttribute('aria-checked', 'false')
    expect(blue).toHaveAccessibleDescription('Recommended Calm')
    expect(blue).not.toHaveTextContent('(Recommended)')
    expect(within(blue).getByText('Recommended')).toHaveAttribute('data-part', 'badge')
  })

  it('choosing a single-select option advances and moves focus to the next question', async () => {
    const { user } = renderComposer()
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    expect(screen.getByRole('heading', { name: 'Which toppings?' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Cheese' })).toHaveFocus()
    expect(root().querySelector('[aria-live="polite"]')).toHaveTextContent('Question 2 of 3')
  })

  it('choosing on the last question selects but never submits by itself', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([name, colour]) })
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'Parley{Enter}')
    await user.click(screen.getByRole('radio', { name: 'Green' }))
    expect(screen.getByRole('radio', { name: 'Green' })).toHaveAttribute('aria-checked', 'true')
    expect(onAnswer).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument()
  })

  it('multi-select uses checkboxes and keeps the custom answer together with the labels', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([toppings]) })
    expect(screen.getByRole('group', { name: 'Which toppings?' })).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Cheese' }))
    await user.click(screen.getByRole('checkbox', { name: 'Olives' }))
    await user.click(screen.getByRole('checkbox', { name: 'Olives' }))
    await user.type(screen.getByRole('textbox', { name: /Other answer/ }), ' Pineapple ')
    expect(screen.getByRole('checkbox', { name: 'Cheese' })).toHaveAttribute('aria-checked', 'true')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'toppings', selected: ['Cheese'], custom: 'Pineapple' }],
    })
  })

  it('submits a recommended option with its original label', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([colour]) })
    await user.click(screen.getByRole('radio', { name: 'Blue' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'colour', selected: ['Blue (Recommended)'] }],
    })
  })

  it('offers the custom answer inline after the options and as a block for free text', async () => {
    const { user } = renderComposer()
    const inline = screen.getByRole('textbox', { name: /Other answer/ })
    expect(inline.closest('[data-part="custom-answer"]')).toHaveAttribute('data-variant', 'inline')
    expect(inline).toHaveAttribute('rows', '1')
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('status')).toHaveTextContent('Choose an option')
    await user.click(screen.getByRole('checkbox', { name: 'Basil' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    const block = screen.getByRole('textbox', { name: /Your answer/ })
    expect(block.closest('[data-part="custom-answer"]')).toHaveAttribute('data-variant', 'block')
    expect(block).toHaveFocus()
  })

  it('a typed custom answer replaces the single-select choice', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([colour]) })
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.type(screen.getByRole('textbox', { name: /Other answer/ }), 'Teal')
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveAttribute('aria-checked', 'false')
    // Enter on the last question, with every question answered, sends the batch.
    await user.keyboard('{Enter}')
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'colour', selected: [], custom: 'Teal' }],
    })
  })
})

describe('QuestionComposer: the custom answer field', () => {
  it('Shift+Enter inserts a newline and Enter continues', async () => {
    const { user } = renderComposer({ request: makeRequest([name, colour]) })
    const field = screen.getByRole('textbox', { name: /Your answer/ })
    await user.type(field, 'line one{Shift>}{Enter}{/Shift}line two')
    expect(field).toHaveValue('line one\nline two')
    expect(screen.getByRole('heading', { name: 'What is the project called?' })).toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
  })

  it('Enter on an unanswered question explains instead of advancing', async () => {
    const { user } = renderComposer({ request: makeRequest([name, colour]) })
    await user.click(screen.getByRole('textbox', { name: /Your answer/ }))
    await user.keyboard('{Enter}')
    expect(screen.getByRole('heading', { name: 'What is the project called?' })).toBeInTheDocument()
    expect(status()).toHaveTextContent('Choose an option, type an answer, or skip this question.')
  })

  it('an Enter that belongs to an IME composition only confirms the candidate', async () => {
    const { onAnswer } = renderComposer({ request: makeRequest([name]) })
    const field = screen.getByRole('textbox', { name: /Your answer/ })
    field.focus()
    fireEvent.compositionStart(field)
    fireEvent.change(field, { target: { value: 'にほん' } })
    fireEvent.keyDown(field, { key: 'Enter', isComposing: true, keyCode: 229 })
    fireEvent.keyDown(field, { key: 'Enter', keyCode: 229 })
    // The guard reads the events' own timestamps, never the clock: stamped here, so a
    // loaded machine that runs the handlers late cannot change the outcome.
    fireEvent(field, stamped(new CompositionEvent('compositionend', { bubbles: true }), 1000))
    fireEvent.change(field, { target: { value: '日本' } })
    // Safari sends one plain Enter right after compositionend.
    fireEvent(field, stamped(enter(), 1012))
    expect(onAnswer).not.toHaveBeenCalled()
    expect(field).toHaveValue('日本')
    expect(field).toHaveFocus()
    // A later, deliberate Enter acts: the only question is answered, so it sends.
    fireEvent(field, stamped(enter(), 1400))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'name', selected: [], custom: '日本' }],
    })
  })

  it('blur forgets an unfinished composition', () => {
    const { onAnswer } = renderComposer({ request: makeRequest([name]) })
    const field = screen.getByRole('textbox', { name: /Your answer/ })
    fireEvent.change(field, { target: { value: 'abc' } })
    fireEvent.compositionStart(field)
    fireEvent.blur(field)
    fireEvent.keyDown(field, { key: 'Enter', keyCode: 13 })
    // The Enter was not swallowed as part of a composition: it sent the answer.
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'name', selected: [], custom: 'abc' }],
    })
  })
})

/** A plain Enter keydown, as a keyboard sends it. */
function enter(): KeyboardEvent {
  return new KeyboardEvent('keydown', {
    key: 'Enter',
    keyCode: 13,
    bubbles: true,
    cancelable: true,
  })
}

/** `event` with the browser's creation time set to `ms`. */
function stamped<E extends Event>(event: E, ms: number): E {
  Object.defineProperty(event, 'timeStamp', { value: ms })
  return event
}

describe('QuestionComposer: footer', () => {
  it('shows i / n and per-question markers that jump to their question', async () => {
    const { user } = renderComposer()
    expect(screen.getByText('1 / 3')).toBeInTheDocument()
    const markers = within(screen.getByRole('list', { name: 'Questions' }))
    expect(markers.getByRole('button', { name: 'Question 1: open' })).toHaveAttribute(
      'aria-current',
      'step',
    )
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    expect(markers.getByRole('button', { name: 'Question 1: answered' })).toBeInTheDocument()
    await user.click(markers.getByRole('button', { name: 'Question 3: open' }))
    expect(screen.getByRole('heading', { name: 'What is the project called?' })).toBeInTheDocument()
    expect(screen.getByText('3 / 3')).toBeInTheDocument()
  })

  it('previous and next move between questions and keep drafts', async () => {
    const { user } = renderComposer()
    await user.type(screen.getByRole('textbox', { name: /Other answer/ }), 'Teal')
    await user.click(screen.getByRole('button', { name: 'Next question' }))
    expect(screen.getByRole('heading', { name: 'Which toppings?' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Previous question' }))
    expect(screen.getByRole('textbox', { name: /Other answer/ })).toHaveValue('Teal')
    expect(screen.getByRole('button', { name: 'Previous question' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })

  it('Skip skips only the current question and keeps earlier drafts', async () => {
    const { user } = renderComposer()
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    expect(screen.getByRole('heading', { name: 'What is the project called?' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Question 1: answered' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Question 2: skipped' })).toBeInTheDocument()
  })

  it('skipping the last question sends nothing until Submit is pressed', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([colour, name]) })
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    expect(onAnswer).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Question 2: skipped' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [
        { id: 'colour', selected: ['Red'] },
        { id: 'name', selected: [] },
      ],
    })
  })

  it('submitting with open questions jumps to the first and says why', async () => {
    const { user, onAnswer } = renderComposer()
    await user.click(screen.getByRole('button', { name: 'Question 3: open' }))
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'Parley')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).not.toHaveBeenCalled()
    expect(screen.getByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
    expect(status()).toHaveTextContent('Answer or skip every question before submitting.')
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveFocus()
  })

  it('the pager and markers are left out for a single question', () => {
    renderComposer({ request: makeRequest([colour]) })
    expect(screen.queryByText('1 / 1')).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Questions' })).not.toBeInTheDocument()
  })
})

describe('QuestionComposer: dismissing', () => {
  it('dismisses at once when no draft holds an answer', async () => {
    const { user, onCancel } = renderComposer()
    await user.click(screen.getByRole('button', { name: 'Dismiss question' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(status()).toHaveTextContent('Dismissed'))
  })

  it('asks inline before discarding answers; Keep answering returns', async () => {
    const { user, onCancel } = renderComposer()
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('button', { name: 'Dismiss question' }))
    expect(screen.getByText('Discard your answers?')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Keep answering' })).toHaveFocus()
    expect(onCancel).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Keep answering' }))
    expect(screen.queryByText('Discard your answers?')).not.toBeInTheDocument()
    expect(document.activeElement).not.toBe(document.body)
    await user.click(screen.getByRole('button', { name: 'Dismiss question' }))
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('Escape never cancels; it only closes the confirmation', async () => {
    const { user, onCancel } = renderComposer()
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.keyboard('{Escape}')
    expect(onCancel).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Dismiss question' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByText('Discard your answers?')).not.toBeInTheDocument()
    expect(onCancel).not.toHaveBeenCalled()
    expect(root()).toHaveAttribute('data-state', 'answering')
  })
})

describe('QuestionComposer: transport', () => {
  it('disables the controls while submitting and shows Submitting…', async () => {
    let resolve: (value: unknown) => void = () => {}
    const onAnswer = vi.fn(() => new Promise((r) => (resolve = r)))
    const { user } = renderComposer({ request: makeRequest([colour]), onAnswer })
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    const busy = screen.getByRole('button', { name: 'Submitting…' })
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    expect(busy).toHaveFocus()
    expect(screen.getByRole('radio', { name: 'Green' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Skip' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Dismiss question' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await user.click(screen.getByRole('radio', { name: 'Green' }))
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveAttribute('aria-checked', 'true')
    resolve({ accepted: true })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'awaiting-resolution'))
  })

  it('a transport error shows in the status region and the user can retry', async () => {
    const onAnswer = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('Network down'))
      .mockResolvedValueOnce({ accepted: true })
    const { user } = renderComposer({ request: makeRequest([colour]), onAnswer })
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(status()).toHaveTextContent('Could not send: something went wrong. Try again.'),
    )
    expect(root()).toHaveAttribute('data-state', 'failed')
    const retry = screen.getByRole('button', { name: 'Try again' })
    expect(retry).not.toHaveAttribute('aria-disabled')
    await user.click(retry)
    expect(onAnswer).toHaveBeenCalledTimes(2)
    await waitFor(() => expect(status()).toHaveTextContent('Sent'))
  })

  it('a rejected receipt is retryable feedback', async () => {
    const onAnswer = vi.fn(async () => ({ accepted: false, reason: 'bad-response', issues: [] }))
    const { user } = renderComposer({ request: makeRequest([colour]), onAnswer })
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(status()).toHaveTextContent('The answer was not accepted'))
    expect(screen.getByRole('radio', { name: 'Green' })).not.toHaveAttribute('aria-disabled')
  })

  it('a failed dismissal shows the error and re-enables the controls', async () => {
    const onCancel = vi.fn(async () => {
      throw new Error('offline')
    })
    const { user } = renderComposer({ onCancel })
    await user.click(screen.getByRole('button', { name: 'Dismiss question' }))
    await waitFor(() =>
      expect(status()).toHaveTextContent('Could not send: something went wrong. Try again.'),
    )
    expect(screen.getByRole('button', { name: 'Dismiss question' })).not.toHaveAttribute(
      'aria-disabled',
    )
  })

  it('an accepted receipt shows the request as sent and accepts no further input', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([colour]) })
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(status()).toHaveTextContent('Sent. Waiting for the assistant…'))
    await user.click(screen.getByRole('radio', { name: 'Green' }))
    await user.type(screen.getByRole('textbox', { name: /Other answer/ }), 'more')
    expect(screen.getByRole('radio', { name: 'Green' })).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByRole('textbox', { name: /Other answer/ })).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).toHaveBeenCalledTimes(1)
  })

  it('the host resolution settles the card', async () => {
    const { rerender, props } = renderComposer({ request: makeRequest([colour]) })
    const { QuestionComposer } = await import('../src/index.ts')
    rerender(<QuestionComposer {...props} resolution="timed-out" />)
    expect(root()).toHaveAttribute('data-state', 'settled')
    expect(status()).toHaveTextContent('Timed out')
  })
})

describe('QuestionComposer: minimize', () => {
  it('collapses and expands keeping drafts and position without stealing focus', async () => {
    const { user } = renderComposer()
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('checkbox', { name: 'Olives' }))
    const toggle = screen.getByRole('button', { name: 'Minimize' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.click(toggle)
    expect(root()).toHaveAttribute('data-minimized')
    expect(screen.queryByRole('checkbox', { name: 'Olives' })).not.toBeInTheDocument()
    const expand = screen.getByRole('button', { name: 'Expand' })
    await user.click(expand)
    expect(screen.getByRole('checkbox', { name: 'Olives' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByText('2 / 3')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Minimize' })).toHaveFocus()
  })

  it('can start minimized', () => {
    renderComposer({ defaultMinimized: true })
    expect(screen.getByRole('button', { name: 'Expand' })).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument()
  })
})

describe('QuestionComposer: required questions and typed fields', () => {
  it('keeps Next off on a required question until it is answered', () => {
    renderComposer({
      request: makeRequest([{ ...name, required: true }, colour]),
    })
    const next = screen.getByRole('button', { name: 'Next' })
    expect(next).toHaveAttribute('aria-disabled', 'true')
    fireEvent.click(next)
    expect(screen.getByRole('heading', { name: name.question })).toBeInTheDocument()
    fireEvent.change(screen.getByRole('textbox', { name: /Your answer/ }), {
      target: { value: 'Ada' },
    })
    expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled')
  })

  it('brings the numeric keyboard for an integer or a number field', () => {
    renderComposer({
      request: makeRequest([
        { id: 'seats', question: 'How many seats?', input: { type: 'integer' } },
        { id: 'budget', question: 'What budget?', input: { type: 'number' } },
      ]),
    })
    expect(screen.getByRole('textbox', { name: /Your answer/ })).toHaveAttribute(
      'inputmode',
      'numeric',
    )
  })
})
