import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QuestionClientProvider, SessionComposerSlot } from '../src/connection/index.ts'
import { Inbox } from '../src/inbox/index.ts'
import { clientWithFakeMux, requested } from './mux-fixture.ts'

// Deadlines wherever a question is listed: the order the chat meets them in,
// the chip's word on a waiting request that runs out first, and the inbox.

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0)

// The lazily loaded chunks, transformed once up front: a cold transform on a loaded machine
// takes longer than a query waits, and what is under test is what they show.
beforeAll(async () => {
  await import('../src/deadline/queue-deadline.tsx')
  await import('../src/deadline/countdown.tsx')
})
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: T0 })
})
afterEach(() => {
  vi.useRealTimers()
})

const seconds = (n: number) => act(() => vi.advanceTimersByTime(n * 1000))
/**
 * Lets React run the effects of what a lazy chunk just rendered (its
 * once-a-second clock starts in one), so the fake seconds that follow tick it.
 */
const settle = () => act(async () => {})

/** A question asked `askedAfter` ms after T0 whose deadline is `deadlineIn` ms after T0. */
const ask = (rpcId: string, text: string, askedAfter: number, deadlineIn?: number) =>
  requested(rpcId, 's1', text, {
    requestedAt: T0 + askedAfter,
    ...(deadlineIn !== undefined && { deadlineAt: T0 + deadlineIn }),
  })

function chat(receipts: unknown[] = []) {
  const { client, posted, mux } = clientWithFakeMux(receipts)
  render(
    <QuestionClientProvider client={client} queryClient="own">
      <SessionComposerSlot sessionId="s1" draftStorage={null} typingGraceMs={0}>
        <textarea aria-label="Message" />
      </SessionComposerSlot>
    </QuestionClientProvider>,
  )
  return { posted, mux }
}

/** The composer card the chat shows (its region is named after who asks). */
const card = () => screen.getByRole('region', { name: 'Question from the assistant' })
/** The "Request 1 of N" chip, found by its own words. */
const chip = () => screen.getByText(/^Request 1 of \d$/)
const spoken = () =>
  document.querySelector('[data-part="queue-deadline-announcer"]')?.textContent ?? ''

describe('the chat meets the request that runs out first', () => {
  it('among requests asked together, shows the one with the soonest deadline first', async () => {
    const { mux } = chat()
    mux.push(ask('planner', 'Which release?', 0))
    mux.push(ask('tests', 'Which test runner?', 3))
    mux.push(ask('docs', 'Where do the notes go?', 8, 45_000))
    expect(await within(card()).findByText('Where do the notes go?')).toBeVisible()
    expect(chip()).toHaveTextContent(/^Request 1 of 3$/)
    expect(screen.queryByText('Which release?')).toBeNull()
  })

  it('keeps the card on screen when a request asked later runs out sooner, and the chip names it', async () => {
    const { mux } = chat()
    mux.push(ask('planner', 'Which release?', 0, 10 * 60_000))
    await within(card()).findByText('Which release?')
    mux.push(ask('docs', 'Where do the notes go?', 5000, 45_000))
    await waitFor(() =>
      expect(chip()).toHaveTextContent('Request 1 of 2 · 45 sec left on request 2'),
    )
    await settle()
    expect(within(card()).getByText('Which release?')).toBeVisible()
    await seconds(12)
    expect(chip()).toHaveTextContent('Request 1 of 2 · 35 sec left on request 2')
  })

  it('says once that a waiting request runs out first, then only at the marks', async () => {
    const { mux } = chat()
    mux.push(ask('planner', 'Which release?', 0))
    await within(card()).findByText('Which release?')
    mux.push(ask('docs', 'Where do the notes go?', 5000, 45_000))
    await waitFor(() => expect(spoken()).toBe('Request 2 runs out first: 45 sec left.'))
    await settle()
    // Cleared after 10 s, and not said again each second.
    await seconds(11)
    expect(spoken()).toBe('')
    await seconds(2)
    expect(spoken()).toBe('')
    // Past 30 s left, one of the countdown's marks: said once more.
    await seconds(3)
    expect(spoken()).toBe('Request 2 runs out first: 30 sec left.')
  })

  it('says nothing in the chip when the card on screen runs out first', async () => {
    const { mux } = chat()
    mux.push(ask('docs', 'Where do the notes go?', 0, 45_000))
    await within(card()).findByText('Where do the notes go?')
    mux.push(ask('planner', 'Which release?', 5000, 10 * 60_000))
    await waitFor(() => expect(chip()).toHaveTextContent(/^Request 1 of 2$/))
    expect(spoken()).toBe('')
  })
})

const NOW = () => Date.now()

function inbox(receipts: unknown[] = []) {
  const { client, posted, mux } = clientWithFakeMux(receipts)
  render(
    <QuestionClientProvider client={client} queryClient="own">
      <Inbox now={NOW} composer={{ draftStorage: null }} />
    </QuestionClientProvider>,
  )
  return { posted, mux }
}

describe('the inbox shows every deadline', () => {
  it('says in each row how long is left, and keeps it current', async () => {
    const { mux } = inbox()
    mux.push(ask('planner', 'Which release?', 0))
    mux.push(ask('docs', 'Where do the notes go?', 8, 45_000))
    const docs = await screen.findByRole('listitem', { name: 'Where do the notes go?' })
    expect(docs).toHaveAccessibleDescription(/45 sec left$/)
    const planner = screen.getByRole('listitem', { name: 'Which release?' })
    expect(planner).not.toHaveAccessibleDescription(/left/)
    await seconds(12)
    expect(docs).toHaveAccessibleDescription(/35 sec left$/)
    await seconds(34)
    expect(docs).toHaveAccessibleDescription(/Time is up$/)
  })

  it('answers here with the countdown and "More time", which asks the host for that question', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { mux, posted } = inbox([{ extended: true, deadlineAt: T0 + 345_000 }])
    mux.push(ask('docs', 'Where do the notes go?', 0, 45_000))
    const docs = await screen.findByRole('listitem', { name: 'Where do the notes go?' })
    await user.click(within(docs).getByRole('button', { name: 'Answer here' }))
    expect(await within(docs).findByText('Waiting 45 sec more')).toBeVisible()
    await user.click(await within(docs).findByRole('button', { name: 'More time' }))
    await waitFor(() =>
      expect(posted).toEqual([
        {
          url: 'http://app.test/api/extend',
          body: { rpcId: 'docs', sessionId: 's1', reason: 'user' },
        },
      ]),
    )
    // Every tab hears the move from the host; this one too.
    mux.push({
      type: 'question/deadline',
      rpcId: 'docs',
      sessionId: 's1',
      deadlineAt: T0 + 345_000,
      reason: 'user',
    })
    expect(await within(docs).findByText('Waiting 6 min more')).toBeVisible()
    expect(docs).toHaveAccessibleDescription(/6 min left$/)
  })

  it('in Japanese', async () => {
    const { client, mux } = clientWithFakeMux()
    render(
      <QuestionClientProvider client={client} queryClient="own">
        <Inbox now={NOW} locale="ja" />
      </QuestionClientProvider>,
    )
    mux.push(ask('docs', 'Where do the notes go?', 0, 4 * 60_000))
    const docs = await screen.findByRole('listitem', { name: 'Where do the notes go?' })
    expect(docs).toHaveAccessibleDescription(/残り4 分$/)
  })
})
