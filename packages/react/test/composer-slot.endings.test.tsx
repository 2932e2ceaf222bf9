import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { ComposerOutcome, ComposerRequest } from '../src/index.ts'
import { ComposerSlot } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, name } from './fixtures.tsx'

// A request that ends in a way this tab did not choose keeps its card: it
// says what happened, keeps the drafts, and leaves only when the user closes it.

const batch: ComposerRequest = { ...makeRequest([colour, name], 'rpc-1'), requestedAt: 1_000 }

function deferred<T>() {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

function setup(
  options: {
    receipt?: () => Promise<unknown>
    sendAsMessage?: boolean
    stoppedAt?: number
    endedBecause?: Record<string, 'server-gone'>
  } = {},
) {
  const onAnswer = vi.fn(options.receipt ?? (async () => ({ accepted: true })))
  const onCancel = vi.fn(async () => ({ accepted: true }))
  const onSendAsMessage = vi.fn()
  const storage = memoryStorage()
  const view = (requests: ComposerRequest[], resolutions: Record<string, ComposerOutcome> = {}) => (
    <ComposerSlot
      requests={requests}
      resolutions={resolutions}
      onAnswer={onAnswer}
      onCancel={onCancel}
      onSendAsMessage={options.sendAsMessage ? onSendAsMessage : undefined}
      draftStorage={storage}
      now={() => 301_000}
      typingGraceMs={0}
      stoppedAt={options.stoppedAt}
      endedBecause={options.endedBecause}
    >
      <textarea aria-label="Message" />
    </ComposerSlot>
  )
  const result = render(view([batch]))
  return {
    onAnswer,
    onSendAsMessage,
    show: (requests: ComposerRequest[], resolutions?: Record<string, ComposerOutcome>) =>
      result.rerender(view(requests, resolutions)),
    card: () =>
      document.querySelector<HTMLElement>('[data-scope="question-composer"][data-part="root"]'),
    chatInput: () => screen.getByRole('textbox', { name: 'Message' }),
  }
}

/** Red on question 1, "Parley" typed on question 2: drafts a user would hate to lose. */
async function draft(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: /^Red/ }))
  await user.type(
    screen.getByRole('textbox', { name: /What is the project called\?|Your answer/ }),
    'Parley',
  )
}

function ended() {
  return document.querySelector<HTMLElement>('[data-part="ended"]')
}

describe('a card that ended without this tab’s answer', () => {
  it('answered in another tab: says so, keeps the drafts, and leaves only on Close', async () => {
    const user = userEvent.setup()
    const { show, card, chatInput } = setup()
    await draft(user)
    show([], { 'rpc-1': 'answered' })
    expect(await screen.findByText('Answered in another tab.')).toBeInTheDocument()
    expect(ended()).toHaveAttribute('data-state', 'answered-elsewhere')
    const drafts = within(document.querySelector('[data-part="ended-drafts"]') as HTMLElement)
    expect(drafts.getByText('Which colour?')).toBeInTheDocument()
    expect(drafts.getByText('Red')).toBeInTheDocument()
    expect(drafts.getByText('Parley')).toBeInTheDocument()
    // Focus was in the field the user typed in: it stays there, the field read-only.
    const field = screen.getByRole('textbox', { name: /What is the project called\?/ })
    expect(field).toHaveFocus()
    expect(field).toHaveAttribute('readonly')
    const close = screen.getByRole('button', { name: 'Close' })
    // The chat input is back and usable while the ended card stays.
    expect(chatInput()).toBeVisible()
    await user.click(close)
    expect(card()).toBeNull()
    expect(chatInput()).toHaveFocus()
  })

  it('two tabs submit at once: the loser is told its answer was not used', async () => {
    const user = userEvent.setup()
    const receipt = deferred<unknown>()
    const { show } = setup({ receipt: () => receipt.promise })
    await draft(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    // The winner's broadcast arrives while this tab's POST is in flight: the card stays as it is.
    show([], { 'rpc-1': 'answered' })
    expect(screen.getByRole('button', { name: 'Submitting…' })).toBeInTheDocument()
    expect(ended()).toBeNull()
    await act(async () => receipt.resolve({ accepted: false, reason: 'not-pending' }))
    expect(
      await screen.findByText(
        'Your answer was not used: this question was answered in another tab first.',
      ),
    ).toBeInTheDocument()
  })

  it('this tab’s own accepted answer leaves at once, focus back in the chat input', async () => {
    const user = userEvent.setup()
    const { show, card, chatInput } = setup()
    await draft(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByText(/Sent/)).toBeInTheDocument())
    show([], { 'rpc-1': 'answered' })
    expect(card()).toBeNull()
    expect(chatInput()).toHaveFocus()
  })

  it('the broadcast before this tab’s receipt: the chat input comes back with the card gone, not beside it', async () => {
    const user = userEvent.setup()
    const receipt = deferred<unknown>()
    const { show, card, chatInput } = setup({ receipt: () => receipt.promise })
    await draft(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    show([], { 'rpc-1': 'answered' })
    expect(card()).not.toBeNull()
    expect(screen.getByLabelText('Message')).not.toBeVisible()
    await act(async () => receipt.resolve({ accepted: true }))
    expect(card()).toBeNull()
    expect(chatInput()).toBeVisible()
    expect(chatInput()).toHaveFocus()
  })

  it('timed out: says how long the assistant waited', async () => {
    const user = userEvent.setup()
    const { show } = setup()
    await draft(user)
    show([], { 'rpc-1': 'timed-out' })
    expect(
      await screen.findByText('Timed out after 5 minutes — your answers were not sent.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Parley')).toBeInTheDocument()
  })

  it('the assistant stopped waiting (an abort, the transcript’s Stop)', async () => {
    const user = userEvent.setup()
    const { show } = setup()
    await draft(user)
    show([], { 'rpc-1': 'aborted' })
    expect(await screen.findByText('The assistant stopped waiting for an answer.')).toBeVisible()
  })

  it('the server stopped or restarted (aborted, server-gone): says so and keeps the drafts', async () => {
    const user = userEvent.setup()
    const { show } = setup({ endedBecause: { 'rpc-1': 'server-gone' } })
    await draft(user)
    show([], { 'rpc-1': 'aborted' })
    expect(
      await screen.findByText(
        'The server stopped or restarted, so this question ended and no answer can reach the assistant. Nothing was sent.',
      ),
    ).toBeVisible()
    const kept = within(ended() as HTMLElement)
    expect(kept.getByText('Parley')).toBeVisible()
    expect(kept.getByText('Red')).toBeVisible()
    expect(kept.getByRole('button', { name: 'Copy' })).toBeVisible()
  })

  it('dismissed in another tab', async () => {
    const { show } = setup()
    show([], { 'rpc-1': 'cancelled' })
    expect(await screen.findByText('Dismissed in another tab.')).toBeVisible()
    expect(screen.getByText('You had not entered anything yet.')).toBeVisible()
  })

  it('gone without a broadcast (dropped at a reconnect): no longer waiting, refined by a later one', async () => {
    const user = userEvent.setup()
    const { show } = setup()
    await draft(user)
    show([])
    expect(
      await screen.findByText('This question is no longer waiting for an answer.'),
    ).toBeVisible()
    show([], { 'rpc-1': 'aborted' })
    expect(await screen.findByText('The assistant stopped waiting for an answer.')).toBeVisible()
  })

  it('"Send as a message" hands the drafts to the chat as text, then closes', async () => {
    const user = userEvent.setup()
    const { show, onSendAsMessage, card } = setup({ sendAsMessage: true })
    await draft(user)
    show([], { 'rpc-1': 'aborted' })
    await user.click(await screen.findByRole('button', { name: 'Send as a message' }))
    expect(onSendAsMessage).toHaveBeenCalledWith(
      'Which colour?\nRed\n\nWhat is the project called?\nParley',
    )
    expect(card()).toBeNull()
  })

  it('a new question takes over while the ended card stays above it', async () => {
    const user = userEvent.setup()
    const { show } = setup()
    await draft(user)
    const next = makeRequest([name], 'rpc-2')
    show([next], { 'rpc-1': 'answered' })
    expect(await screen.findByText('Answered in another tab.')).toBeVisible()
    // The ended card keeps the question the user was typing in; the new card has its own.
    const cards = document.querySelectorAll('[data-scope="question-composer"][data-part="root"]')
    expect(cards).toHaveLength(2)
    expect(within(cards[1] as HTMLElement).getAllByRole('heading')).toHaveLength(1)
    expect(within(ended() as HTMLElement).getByText('Parley')).toBeVisible()
    // The takeover never took focus from the held field.
    expect(
      screen.getAllByRole('textbox', { name: /What is the project called\?/ })[0],
    ).toHaveFocus()
  })

  describe.each([
    ['timed-out', 'Timed out after 5 minutes — your answers were not sent.'],
    ['aborted', 'The assistant stopped waiting for an answer.'],
    ['answered', 'Answered in another tab.'],
    ['cancelled', 'Dismissed in another tab.'],
  ] as const)('typing through an ending (%s)', (outcome, told) => {
    it('keeps focus, caret and every typed character in the card, and none in the chat input', async () => {
      const user = userEvent.setup()
      const { show, chatInput, card } = setup()
      await user.click(screen.getByRole('radio', { name: /^Red/ }))
      const field = screen.getByRole('textbox', { name: /What is the project called\?/ })
      await user.type(field, 'Half a tho')
      const caret = (field as HTMLTextAreaElement).selectionStart
      show([], { 'rpc-1': outcome })
      // The rest of the sentence, a space first: it must not press Close.
      await user.keyboard(' ught, then Enter{Enter}')
      expect(await screen.findByText(told)).toBeInTheDocument()
      expect(field).toHaveFocus()
      expect(field).toHaveValue('Half a tho')
      expect((field as HTMLTextAreaElement).selectionStart).toBe(caret)
      expect(within(ended() as HTMLElement).getByText('Half a tho')).toBeVisible()
      expect(chatInput()).toHaveValue('')
      expect(card()).not.toBeNull()
      // Escape goes to Close; only a deliberate press there closes the card.
      await user.keyboard('{Escape}')
      const close = screen.getByRole('button', { name: 'Close' })
      expect(close).toHaveFocus()
      await user.keyboard('{Enter}')
      expect(card()).toBeNull()
      expect(chatInput()).toHaveFocus()
    })
  })

  it('Tab from the held field reaches the ended card’s buttons', async () => {
    const user = userEvent.setup()
    const { show } = setup()
    await draft(user)
    show([], { 'rpc-1': 'timed-out' })
    await screen.findByText(/Timed out/)
    await user.tab()
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveFocus()
  })

  it('focus elsewhere in the card still moves to Close, the question gone', async () => {
    const user = userEvent.setup()
    const { show } = setup()
    await draft(user)
    screen.getByRole('button', { name: 'Minimize' }).focus()
    show([], { 'rpc-1': 'timed-out' })
    expect(await screen.findByRole('button', { name: 'Close' })).toHaveFocus()
    expect(screen.queryByRole('textbox', { name: /What is the project called\?/ })).toBeNull()
  })

  describe('the user’s own Stop (stoppedAt)', () => {
    it('a card with drafts says the user stopped the assistant and keeps them', async () => {
      const user = userEvent.setup()
      const { show } = setup({ stoppedAt: 300_000 })
      await draft(user)
      show([], { 'rpc-1': 'aborted' })
      expect(await screen.findByText('You stopped the assistant. Nothing was sent.')).toBeVisible()
      expect(within(ended() as HTMLElement).getByText('Parley')).toBeVisible()
      expect(screen.queryByText('The assistant stopped waiting for an answer.')).toBeNull()
    })

    it('cards with nothing typed close themselves, focus back in the chat input', async () => {
      const { show, card, chatInput } = setup({ stoppedAt: 300_000 })
      show([], { 'rpc-1': 'aborted' })
      await waitFor(() => expect(card()).toBeNull())
      expect(chatInput()).toBeVisible()
    })

    it('an abort before the Stop is still the assistant’s', async () => {
      const { show } = setup({ stoppedAt: 400_000 })
      show([], { 'rpc-1': 'aborted' })
      expect(await screen.findByText('The assistant stopped waiting for an answer.')).toBeVisible()
    })
  })
})
