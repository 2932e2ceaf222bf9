import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ComposerOutcome, ComposerRequest } from '../src/index.ts'
import { ComposerSlot } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, name } from './fixtures.tsx'

// An ended card names the question that ended, and one with nothing to keep
// says so in a form the styles fold to a single line.

const first: ComposerRequest = makeRequest([colour, name], 'rpc-1')
const second: ComposerRequest = makeRequest([name], 'rpc-2')

function setup() {
  const storage = memoryStorage()
  const view = (requests: ComposerRequest[], resolutions: Record<string, ComposerOutcome> = {}) => (
    <ComposerSlot
      requests={requests}
      resolutions={resolutions}
      onAnswer={async () => ({ accepted: true })}
      onCancel={async () => ({ accepted: true })}
      draftStorage={storage}
      typingGraceMs={0}
    >
      <textarea aria-label="Message" />
    </ComposerSlot>
  )
  const result = render(view([first, second]))
  return {
    show: (requests: ComposerRequest[], resolutions?: Record<string, ComposerOutcome>) =>
      result.rerender(view(requests, resolutions)),
  }
}

const pendingCard = () => screen.getByRole('region', { name: 'Question from the assistant' })
/** An ended card's region is named after its first question. */
const endedCard = () => screen.getByRole('region', { name: 'Which colour?' })

describe('an ended card', () => {
  it('is headed by the question it asked, beside the pending one', async () => {
    const { show } = setup()
    show([second], { 'rpc-1': 'answered' })
    expect(await screen.findByText('Answered in another tab.')).toBeInTheDocument()
    expect(within(endedCard()).getByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
    // The pending card keeps its own name and title.
    expect(
      within(pendingCard()).getByRole('heading', { name: 'What is the project called?' }),
    ).toBeInTheDocument()
  })

  it('with nothing entered, marks itself as having nothing to keep and keeps only Close', async () => {
    const { show } = setup()
    show([second], { 'rpc-1': 'timed-out' })
    await screen.findByText(/^Timed out/)
    const card = endedCard()
    expect(card.querySelector('[data-part="ended-empty"]')).not.toBeNull()
    expect(card.querySelector('[data-part="ended-drafts"]')).toBeNull()
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close'])
  })

  it('with drafts, keeps them under the question’s name', async () => {
    const user = userEvent.setup()
    const { show } = setup()
    await user.click(screen.getByRole('radio', { name: /^Red/ }))
    show([second], { 'rpc-1': 'cancelled' })
    await screen.findByText('Dismissed in another tab.')
    expect(within(endedCard()).getByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
    expect(endedCard().querySelector('[data-part="ended-empty"]')).toBeNull()
    expect(within(endedCard()).getByText('Red')).toBeInTheDocument()
  })
})
