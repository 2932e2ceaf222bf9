import { createQuestionClient } from '@parley/client'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QuestionClientProvider, SessionComposerSlot } from '../src/connection/index.ts'
import { FakeSocket } from './fake-socket.ts'
import { routeCheckReply } from './mux-fixture.ts'

const question = (rpcId: string, text: string, extra: Record<string, unknown> = {}) => ({
  type: 'question/requested',
  rpcId,
  sessionId: 's1',
  requestedAt: Date.now(),
  questions: [{ id: 'color', question: text, options: [{ label: 'Blue' }, { label: 'Red' }] }],
  ...extra,
})

function setup(props: { openRpcId?: string; receipts?: unknown[]; unmounted?: string } = {}) {
  const posted: { url: string; body: unknown }[] = []
  const client = createQuestionClient({
    baseUrl: 'http://app.test',
    WebSocket: FakeSocket,
    fetch: async (url, init) => {
      if (props.unmounted && url.endsWith(props.unmounted))
        return new Response('<h1>404</h1>', { status: 404 })
      if (String(init.body).includes('"parley-route-check"')) return routeCheckReply(url)
      posted.push({ url, body: JSON.parse(String(init.body)) })
      const receipt = props.receipts?.shift() ?? { accepted: true }
      return new Response(JSON.stringify(receipt))
    },
  })
  const view = render(
    <QuestionClientProvider client={client} queryClient="own">
      <SessionComposerSlot
        sessionId="s1"
        draftStorage={null}
        typingGraceMs={0}
        openRpcId={props.openRpcId}
      >
        <textarea aria-label="Message" />
      </SessionComposerSlot>
    </QuestionClientProvider>,
  )
  return { posted, view, socket: () => FakeSocket.last as FakeSocket }
}

afterEach(() => {
  FakeSocket.last = null
})

describe('SessionComposerSlot and deadlines', () => {
  it('hides More time, and says why once in the console, when the host never mounted the extend route', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const { posted, socket } = setup({ unmounted: '/api/extend' })
      await waitFor(() => expect(socket()).not.toBeNull())
      socket().push(question('rpc-1', 'Which colour?', { deadlineAt: Date.now() + 4 * 60_000 }))
      socket().push(question('rpc-2', 'Which size?', { deadlineAt: Date.now() + 5 * 60_000 }))
      socket().push({ type: 'mux/ready' })
      expect(await screen.findByText('Waiting 4 min more')).toBeVisible()
      await waitFor(() => expect(warn).toHaveBeenCalledTimes(1))
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/POST \/api\/extend answered 404/)
      expect(screen.queryByRole('button', { name: 'More time' })).toBeNull()
      // Typing reports no activity to a route that is not there.
      await userEvent.setup().click(screen.getByRole('radio', { name: /Blue/ }))
      expect(posted.filter((item) => item.url.endsWith('/api/extend'))).toEqual([])
    } finally {
      warn.mockRestore()
    }
  })

  it('shows the countdown of a question with a deadline and asks the host for more time', async () => {
    const user = userEvent.setup()
    const { posted, socket } = setup({ receipts: [{ extended: true, deadlineAt: 0 }] })
    await waitFor(() => expect(socket()).not.toBeNull())
    socket().push(question('rpc-1', 'Which colour?', { deadlineAt: Date.now() + 4 * 60_000 + 500 }))
    socket().push({ type: 'mux/ready' })
    expect(await screen.findByText('Waiting 4 min more')).toBeVisible()
    // More time shows once the host's extend route is known to be there.
    await user.click(await screen.findByRole('button', { name: 'More time' }))
    await waitFor(() =>
      expect(posted).toEqual([
        {
          url: 'http://app.test/api/extend',
          body: { rpcId: 'rpc-1', sessionId: 's1', reason: 'user' },
        },
      ]),
    )
    // The host's broadcast moves it, here as in every other tab.
    socket().push({
      type: 'question/deadline',
      rpcId: 'rpc-1',
      sessionId: 's1',
      deadlineAt: Date.now() + 9 * 60_000 + 500,
      reason: 'user',
    })
    expect(await screen.findByText('Waiting 9 min more')).toBeVisible()
  })

  it('reports typing as activity until the host says it does not extend on activity', async () => {
    const user = userEvent.setup()
    const { posted, socket } = setup({
      receipts: [{ extended: false, reason: 'activity-off', deadlineAt: 1 }],
    })
    await waitFor(() => expect(socket()).not.toBeNull())
    socket().push(question('rpc-1', 'Which colour?', { deadlineAt: Date.now() + 60_000 }))
    await user.type(await screen.findByRole('textbox', { name: /Other answer/ }), 'Teal')
    await waitFor(() =>
      expect(posted).toEqual([
        {
          url: 'http://app.test/api/extend',
          body: { rpcId: 'rpc-1', sessionId: 's1', reason: 'activity' },
        },
      ]),
    )
  })

  it('a question without a deadline shows no countdown', async () => {
    const { socket } = setup()
    await waitFor(() => expect(socket()).not.toBeNull())
    socket().push(question('rpc-1', 'Which colour?'))
    await screen.findByText('Which colour?')
    expect(document.querySelector('[data-part="deadline"]')).toBeNull()
  })
})

describe('SessionComposerSlot and other windows', () => {
  it('says which window answered, and when', async () => {
    const { socket } = setup()
    await waitFor(() => expect(socket()).not.toBeNull())
    socket().push(question('rpc-1', 'Which colour?'))
    await screen.findByText('Which colour?')
    const at = new Date(2026, 11, 1, 10, 42).getTime()
    socket().push({
      type: 'question/resolved',
      rpcId: 'rpc-1',
      sessionId: 's1',
      outcome: 'answered',
      by: { label: 'Firefox on Windows', at },
    })
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(at)
    expect(
      await screen.findByText(`Answered in another window at ${time} (Firefox on Windows).`),
    ).toBeVisible()
  })

  it('says where it was dismissed, without a label the host could not tell', async () => {
    const { socket } = setup()
    await waitFor(() => expect(socket()).not.toBeNull())
    socket().push(question('rpc-1', 'Which colour?'))
    await screen.findByText('Which colour?')
    const at = new Date(2026, 11, 1, 9, 5).getTime()
    socket().push({
      type: 'question/resolved',
      rpcId: 'rpc-1',
      sessionId: 's1',
      outcome: 'cancelled',
      by: { label: '', at },
    })
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(at)
    expect(await screen.findByText(`Dismissed in another window at ${time}.`)).toBeVisible()
  })

  it('opens the question a deep link names first', async () => {
    const { socket } = setup({ openRpcId: 'rpc-2' })
    await waitFor(() => expect(socket()).not.toBeNull())
    socket().push(question('rpc-1', 'Which colour first?'))
    socket().push(question('rpc-2', 'Which colour second?'))
    expect(await screen.findByText('Which colour second?')).toBeVisible()
    expect(screen.queryByText('Which colour first?')).toBeNull()
    expect(screen.getByText('Request 1 of 2')).toBeVisible()
  })
})
