import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { QuestionClientProvider } from '../src/connection/index.ts'
import { Inbox, type InboxProps, useInbox } from '../src/inbox/index.ts'
import { clientWithFakeMux, requested, resolved } from './mux-fixture.ts'

const T0 = 1_700_000_000_000
const TITLES: Record<string, string> = { s1: 'Release checklist', s2: 'Billing bug' }

function setup(props: Partial<InboxProps> = {}, receipts: unknown[] = []) {
  const { client, posted, mux } = clientWithFakeMux(receipts)
  render(
    <QuestionClientProvider client={client}>
      <Inbox
        sessionTitle={(id) => TITLES[id]}
        hrefFor={(question) => `/s/${question.sessionId}?q=${question.rpcId}`}
        now={() => T0 + 3 * 60_000}
        composer={{ draftStorage: null }}
        {...props}
      />
    </QuestionClientProvider>,
  )
  return { client, posted, mux }
}

const team = () => [
  requested('r-docs', 's1', 'Where should the release notes go?', {
    requestedAt: T0 + 30_000,
    asker: { name: 'Docs writer', parents: ['Planner'], reason: 'to write the release notes' },
  }),
  requested('r-bill', 's2', 'Refund the customer?', { requestedAt: T0 }),
  requested('r-tests', 's1', 'Which test runner?', {
    requestedAt: T0 + 10_000,
    asker: { name: 'Test writer', parents: ['Planner'] },
  }),
]

const items = () => screen.getAllByRole('listitem')
/** The inbox's own live count (the first status in its region; cards have theirs). */
const count = (region = 'Waiting for you') =>
  within(screen.getByRole('region', { name: region })).getAllByRole('status')[0] as HTMLElement

describe('Inbox', () => {
  it('lists every waiting question across sessions, oldest first, with asker, chat, age and link', async () => {
    const { mux } = setup()
    for (const frame of team()) mux.push(frame)
    await waitFor(() => expect(items()).toHaveLength(3))
    expect(screen.getByRole('heading', { name: 'Waiting for you' })).toBeInTheDocument()
    expect(count()).toHaveTextContent('3 waiting')
    expect(items().map((item) => within(item).getByText(/\?$/).textContent)).toEqual([
      'Refund the customer?',
      'Which test runner?',
      'Where should the release notes go?',
    ])
    const [billing, tests, docs] = items()
    expect(billing).toHaveTextContent('AssistantBilling bug3 minutes ago')
    expect(tests).toHaveTextContent('Planner › Test writerRelease checklist3 minutes ago')
    expect(docs).toHaveTextContent('to write the release notes')
    expect(within(docs as HTMLElement).getByRole('link', { name: 'Open chat' })).toHaveAttribute(
      'href',
      '/s/s1?q=r-docs',
    )
    expect(docs).toHaveAccessibleName('Where should the release notes go?')
  })

  it('answers a question in place and drops it once the host resolves it, the count following', async () => {
    const user = userEvent.setup()
    const { mux, posted } = setup()
    for (const frame of team()) mux.push(frame)
    const tests = await screen.findByRole('listitem', { name: 'Which test runner?' })
    await user.click(within(tests).getByRole('button', { name: 'Answer here' }))
    expect(within(tests).getByRole('button', { name: 'Hide' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await user.click(within(tests).getByRole('radio', { name: 'Yes' }))
    await user.click(within(tests).getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(posted).toEqual([
        {
          url: 'http://app.test/api/respond',
          body: {
            rpcId: 'r-tests',
            sessionId: 's1',
            responseId: expect.stringMatching(/^[0-9a-f]{32}$/),
            result: { ok: true, answer: { answers: [{ id: 'q', selected: ['Yes'] }] } },
          },
        },
      ]),
    )
    mux.push(resolved('r-tests', 's1', 'answered'))
    await waitFor(() => expect(items()).toHaveLength(2))
    expect(count()).toHaveTextContent('2 waiting')
    expect(screen.getByRole('heading', { name: 'Waiting for you' })).toHaveFocus()
  })

  it('drops a question that times out, and says when nothing waits', async () => {
    const { mux } = setup()
    mux.push(team()[0])
    await waitFor(() => expect(items()).toHaveLength(1))
    mux.push(resolved('r-docs', 's1', 'timed-out'))
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0))
    expect(count()).toHaveTextContent('0 waiting')
    expect(screen.getByText('Nothing is waiting for you.')).toBeInTheDocument()
  })

  it('keeps a card being answered here that was answered in another tab, until it is closed', async () => {
    const user = userEvent.setup()
    const { mux } = setup()
    mux.push(team()[1])
    const billing = await screen.findByRole('listitem', { name: 'Refund the customer?' })
    await user.click(within(billing).getByRole('button', { name: 'Answer here' }))
    await user.click(within(billing).getByRole('radio', { name: 'No' }))
    mux.push(resolved('r-bill', 's2', 'answered'))
    expect(await within(billing).findByText('Answered in another tab.')).toBeInTheDocument()
    expect(count()).toHaveTextContent('0 waiting')
    await user.click(within(billing).getByRole('button', { name: 'Close' }))
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
  })

  it('hands "Open chat" to onOpen, which may route inside the app', async () => {
    const user = userEvent.setup()
    const onOpen = vi.fn((_question, event: { preventDefault(): void }) => event.preventDefault())
    const { mux } = setup({ onOpen })
    mux.push(team()[2])
    await user.click(await screen.findByRole('link', { name: 'Open chat' }))
    expect(onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ rpcId: 'r-tests', sessionId: 's1' }),
      expect.anything(),
    )
  })

  it('speaks Japanese', async () => {
    const { mux } = setup({ locale: 'ja' })
    mux.push(team()[2])
    await waitFor(() => expect(count('あなたの回答待ち')).toHaveTextContent('1件待機中'))
    expect(screen.getByRole('button', { name: 'ここで回答' })).toBeInTheDocument()
    expect(screen.getByText('3 分前')).toBeInTheDocument()
  })
})

function Count() {
  return <p>{useInbox().length} questions</p>
}

/** Records every list useInbox gave. */
const lists: unknown[] = []
function Spy() {
  lists.push(useInbox())
  return null
}

describe('useInbox', () => {
  it('counts live and keeps the same list while nothing arrives or leaves', async () => {
    const { client, mux } = clientWithFakeMux()
    render(
      <QuestionClientProvider client={client}>
        <Count />
        <Spy />
      </QuestionClientProvider>,
    )
    await act(async () => {})
    mux.push(team()[0])
    expect(screen.getByText('1 questions')).toBeInTheDocument()
    const before = lists.at(-1)
    mux.push({ type: 'mux/ready' })
    expect(lists.at(-1)).toBe(before)
  })
})
