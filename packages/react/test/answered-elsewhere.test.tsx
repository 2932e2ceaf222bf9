import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { QuestionClientProvider, SessionComposerSlot } from '../src/connection/index.ts'
import { Inbox } from '../src/inbox/index.ts'
import { clientWithFakeMux } from './mux-fixture.ts'

// A card answered in another tab shows the answer that counted, and this tab's
// own drafts apart from it, as "Your unsent draft": never as if they were the answer.

const batch = {
  type: 'question/requested',
  rpcId: 'rpc-1',
  sessionId: 's1',
  requestedAt: 1_700_000_000_000,
  questions: [
    {
      id: 'color',
      question: 'Which colour?',
      options: [{ label: 'Blue (Recommended)' }, { label: 'Red' }],
    },
    { id: 'size', question: 'Which size?', options: [{ label: 'Small' }, { label: 'Large' }] },
    { id: 'note', question: 'Anything else?' },
  ],
}

/** The other tab's answer: Blue, size skipped, a note. */
const theirs = {
  answers: [
    { id: 'color', selected: ['Blue (Recommended)'] },
    { id: 'size', selected: [] },
    { id: 'note', selected: [], custom: 'Ship it on Friday' },
  ],
}

const resolved = (extra: Record<string, unknown> = {}) => ({
  type: 'question/resolved',
  rpcId: 'rpc-1',
  sessionId: 's1',
  outcome: 'answered',
  by: { label: 'Firefox on Windows', at: 1_700_000_060_000 },
  ...extra,
})

/** Each term and its definition in `figure`, as the user reads them. */
function linesOf(figure: HTMLElement): [string, string][] {
  const terms = within(figure).getAllByRole('term')
  const definitions = within(figure).getAllByRole('definition')
  return terms.map((term, index) => [term.textContent ?? '', definitions[index]?.textContent ?? ''])
}

function openSlot() {
  const { client, mux } = clientWithFakeMux()
  render(
    <QuestionClientProvider client={client} queryClient="own">
      <SessionComposerSlot sessionId="s1" draftStorage={null} typingGraceMs={0}>
        <textarea aria-label="Message" />
      </SessionComposerSlot>
    </QuestionClientProvider>,
  )
  return mux
}

describe('a card answered in another window', () => {
  it('shows the answer that counted, and this tab’s choice as its unsent draft', async () => {
    const user = userEvent.setup()
    const mux = openSlot()
    mux.push(batch)
    await user.click(await screen.findByRole('radio', { name: /^Red/ }))
    mux.push(resolved({ answer: theirs }))

    const counted = await screen.findByRole('figure', { name: 'The answer that was sent' })
    expect(linesOf(counted)).toEqual([
      ['Which colour?', 'Blue'],
      ['Which size?', 'Skipped'],
      ['Anything else?', 'Ship it on Friday'],
    ])
    const draft = screen.getByRole('figure', { name: 'Your unsent draft' })
    expect(linesOf(draft)).toEqual([['Which colour?', 'Red']])
    expect(within(counted).queryByText('Red')).toBeNull()
    expect(
      screen.getByText(/^Answered in another window at .+ \(Firefox on Windows\)\.$/),
    ).toBeInTheDocument()
    // Copy and "Send as a message" are about this tab's own text, which is still there.
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument()
  })

  it('without the answer (too large to relay), says it was answered and keeps the drafts as before', async () => {
    const user = userEvent.setup()
    const mux = openSlot()
    mux.push(batch)
    await user.click(await screen.findByRole('radio', { name: /^Red/ }))
    mux.push(resolved())

    expect(
      await screen.findByText(/^Answered in another window at .+ \(Firefox on Windows\)\.$/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('figure')).toBeNull()
    expect(screen.getByRole('definition')).toHaveTextContent('Red')
  })

  it('with nothing typed here, shows the answer and says nothing was entered', async () => {
    const mux = openSlot()
    mux.push(batch)
    await screen.findByRole('radio', { name: /^Red/ })
    mux.push(resolved({ answer: theirs }))

    expect(
      await screen.findByRole('figure', { name: 'The answer that was sent' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('figure', { name: 'Your unsent draft' })).toBeNull()
    expect(screen.getByText('You had not entered anything yet.')).toBeVisible()
  })
})

describe('the Inbox', () => {
  it('shows a card answered in another tab the same way: the answer, then this tab’s draft', async () => {
    const user = userEvent.setup()
    const { client, mux } = clientWithFakeMux()
    render(
      <QuestionClientProvider client={client} queryClient="own">
        <Inbox composer={{ draftStorage: null }} />
      </QuestionClientProvider>,
    )
    mux.push(batch)
    const item = await screen.findByRole('listitem', { name: /^Which colour\?/ })
    await user.click(within(item).getByRole('button', { name: 'Answer here' }))
    await user.click(within(item).getByRole('radio', { name: /^Red/ }))
    mux.push(resolved({ answer: theirs }))

    const counted = await within(item).findByRole('figure', { name: 'The answer that was sent' })
    expect(linesOf(counted)[0]).toEqual(['Which colour?', 'Blue'])
    const draft = within(item).getByRole('figure', { name: 'Your unsent draft' })
    expect(linesOf(draft)).toEqual([['Which colour?', 'Red']])
  })
})
