import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ComposerRequest } from '../src/index.ts'
import { ComposerSlot } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, name } from './fixtures.tsx'

const first = makeRequest([colour], 'rpc-1')
const second = makeRequest([name], 'rpc-2')

function setup(initial: ComposerRequest[] = []) {
  let clock = 10_000
  const onAnswer = vi.fn(async () => ({ accepted: true }))
  const onCancel = vi.fn(async () => ({ accepted: true }))
  const storage = memoryStorage()
  const view = (requests: ComposerRequest[]) => (
    <ComposerSlot
      requests={requests}
      onAnswer={onAnswer}
      onCancel={onCancel}
      draftStorage={storage}
      now={() => clock}
    >
      <textarea aria-label="Message" />
    </ComposerSlot>
  )
  const result = render(view(initial))
  return {
    ...result,
    onAnswer,
    onCancel,
    show: (requests: ComposerRequest[]) => result.rerender(view(requests)),
    tick: (ms: number) => {
      clock += ms
      act(() => vi.advanceTimersByTime(ms))
    },
    input: () => screen.getByLabelText('Message') as HTMLTextAreaElement,
    wrapper: () => document.querySelector('[data-scope="composer-slot"][data-part="input"]'),
  }
}

afterEach(() => {
  vi.useRealTimers()
})

/** A card that waits over the chat input: the person typed and sent a moment ago. */
function waitingCard() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const slot = setup()
  slot.input().focus()
  fireEvent.input(slot.input(), { target: { value: 'x' } })
  slot.input().value = ''
  slot.show([first])
  expect(slot.wrapper()).not.toHaveAttribute('hidden')
  return slot
}

describe('ComposerSlot', () => {
  it('shows the chat input when nothing is pending', () => {
    const { input, wrapper } = setup()
    expect(input()).toBeVisible()
    expect(wrapper()).not.toHaveAttribute('hidden')
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
  })

  it('takes over with the oldest request, hiding the chat input but keeping its draft', () => {
    const { input, show, wrapper } = setup()
    fireEvent.change(input(), { target: { value: 'half-written message' } })
    input().blur()
    show([first, second])
    expect(screen.getByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
    expect(screen.getByText('Request 1 of 2')).toBeInTheDocument()
    expect(wrapper()).toHaveAttribute('hidden')
    expect(wrapper()).toHaveAttribute('inert')
    expect(input()).toHaveValue('half-written message')
  })

  it('moves focus to the composer heading when the user is not typing', () => {
    const { show, input } = setup()
    input().focus()
    show([first])
    expect(screen.getByRole('heading', { name: 'Which colour?' })).toHaveFocus()
  })

  it('moves focus to the heading of a card that first waits for its dictionary', async () => {
    const view = (requests: ComposerRequest[]) => (
      <ComposerSlot
        requests={requests}
        locale="zh-CN"
        onAnswer={async () => ({ accepted: true })}
        onCancel={async () => ({ accepted: true })}
        draftStorage={null}
      >
        <textarea aria-label="Message" />
      </ComposerSlot>
    )
    const { rerender } = render(view([]))
    screen.getByLabelText('Message').focus()
    rerender(view([first]))
    const heading = await screen.findByRole('heading', { name: 'Which colour?' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByRole('button', { name: '跳过' })).toBeInTheDocument()
  })

  it('never hides a focused chat input that holds unsent text; takes over once it is cleared', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { show, input, tick, wrapper } = setup()
    input().focus()
    fireEvent.input(input(), { target: { value: 'typing' } })
    tick(400)
    show([first])
    expect(screen.getByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
    expect(input()).toHaveFocus()
    expect(wrapper()).not.toHaveAttribute('hidden')
    tick(300)
    fireEvent.input(input(), { target: { value: 'typing more' } })
    tick(900)
    expect(input()).toHaveFocus()
    // A pause is not enough while the text is unsent and focus is there.
    tick(5_000)
    expect(input()).toHaveFocus()
    expect(wrapper()).not.toHaveAttribute('hidden')
    // The app sends and clears it (no input event): the slot notices and takes over.
    ;(input() as HTMLTextAreaElement).value = ''
    tick(1_000)
    expect(wrapper()).toHaveAttribute('hidden')
    expect(screen.getByRole('heading', { name: 'Which colour?' })).toHaveFocus()
    expect(document.activeElement).not.toBe(document.body)
    expect(input()).toHaveValue('')
  })

  it('never takes focus from a waiting card the person went into: the takeover leaves it in the field they type in', () => {
    const { tick, wrapper } = waitingCard()
    // Within the grace the card waits over the chat input; the person goes into it.
    const other = screen.getByRole('textbox', { name: /Other answer/ })
    other.focus()
    fireEvent.input(other, { target: { value: 'Run only t' } })
    tick(1_500)
    // The grace passed and the card took over: focus stayed in the field, nothing was lost.
    expect(wrapper()).toHaveAttribute('hidden')
    expect(other).toHaveFocus()
    expect(other).toHaveValue('Run only t')
  })

  it('holds a waiting card still while a pointer works on it, and takes over once it rests', () => {
    const { tick, wrapper } = waitingCard()
    // The pointer reaches for an option while the card waits over the chat input.
    const option = screen.getByRole('radio', { name: /Red/ })
    for (let step = 0; step < 6; step++) {
      tick(500)
      fireEvent.pointerMove(option)
    }
    expect(wrapper()).not.toHaveAttribute('hidden')
    fireEvent.pointerDown(option)
    tick(900)
    expect(wrapper()).not.toHaveAttribute('hidden')
    // Resting for the grace is not reaching: the card takes the input's place.
    tick(200)
    expect(wrapper()).toHaveAttribute('hidden')
  })

  it('answers through onAnswer(rpcId, answer) and moves on to the next request', async () => {
    const user = userEvent.setup()
    const { show, onAnswer } = setup()
    show([first, second])
    await user.click(screen.getByRole('radio', { name: 'Green' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).toHaveBeenCalledWith('rpc-1', {
      answers: [{ id: 'colour', selected: ['Green'] }],
    })
    show([second])
    expect(screen.getByRole('heading', { name: 'What is the project called?' })).toHaveFocus()
    expect(screen.queryByText(/Request 1 of/)).not.toBeInTheDocument()
  })

  it('cancels through onCancel(rpcId)', async () => {
    const user = userEvent.setup()
    const { show, onCancel } = setup()
    show([second])
    await user.click(screen.getByRole('button', { name: 'Dismiss question' }))
    expect(onCancel).toHaveBeenCalledWith('rpc-2')
  })

  it('gives the chat input back, draft and focus intact, when nothing is pending', async () => {
    const user = userEvent.setup()
    const { show, input, wrapper } = setup()
    await user.click(input())
    fireEvent.change(input(), { target: { value: 'draft' } })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    show([first])
    vi.useRealTimers()
    // The card waits while the draft holds focus; the user goes to it.
    expect(input()).toHaveFocus()
    // Answered here and accepted: the card leaves, and focus goes home to the chat input.
    await user.click(screen.getByRole('radio', { name: 'Green' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    show([])
    expect(wrapper()).not.toHaveAttribute('hidden')
    expect(input()).toHaveValue('draft')
    expect(input()).toHaveFocus()
  })

  it('while the chat input holds unsent text the card waits over it; Enter sends the text to the question', async () => {
    const user = userEvent.setup()
    const { show, input, onAnswer, wrapper } = setup()
    await user.click(input())
    await user.type(input(), 'Green, please')
    show([first])
    const composer = document.querySelector('[data-scope="composer-slot"][data-part="composer"]')
    expect(composer).toHaveAttribute('data-state', 'waiting')
    expect(wrapper()).not.toHaveAttribute('hidden')
    expect(input()).toHaveFocus()
    await user.keyboard('{Enter}')
    // Not sent to the chat: the card takes over with the text as its "Other" answer.
    expect(wrapper()).toHaveAttribute('hidden')
    expect(composer).toHaveAttribute('data-state', 'shown')
    const other = screen.getByRole('textbox', { name: /Other answer/ })
    expect(other).toHaveValue('Green, please')
    expect(other).toHaveFocus()
    expect(onAnswer).not.toHaveBeenCalled()
    expect(input()).toHaveValue('Green, please')
  })
})
