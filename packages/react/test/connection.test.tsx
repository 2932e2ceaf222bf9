import { createQuestionClient } from '@parley/client'
import { QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import {
  QuestionClientProvider,
  SessionComposerSlot,
  useConnectionStatus,
  useQuestionClient,
} from '../src/connection/index.ts'
import { FakeSocket } from './fake-socket.ts'

const question = {
  type: 'question/requested',
  rpcId: 'rpc-1',
  sessionId: 's1',
  requestedAt: 1,
  questions: [
    { id: 'color', question: 'Which colour?', options: [{ label: 'Blue' }, { label: 'Red' }] },
  ],
}

function setup(
  receipts: unknown[] = [{ accepted: true }],
  queryClient: QueryClient | 'own' = 'own',
) {
  const posted: unknown[] = []
  const client = createQuestionClient({
    baseUrl: 'http://app.test',
    WebSocket: FakeSocket,
    fetch: async (_url, init) => {
      posted.push(JSON.parse(String(init.body)))
      const receipt = receipts.shift() ?? { accepted: true }
      return new Response(JSON.stringify(receipt), {
        headers: { 'content-type': 'application/json' },
      })
    },
  })
  render(
    <QuestionClientProvider client={client} queryClient={queryClient}>
      <Status />
      <SessionComposerSlot sessionId="s1" draftStorage={null} typingGraceMs={30}>
        <textarea aria-label="Message" defaultValue="" />
      </SessionComposerSlot>
    </QuestionClientProvider>,
  )
  return { client, posted, socket: () => FakeSocket.last as FakeSocket }
}

afterEach(() => {
  FakeSocket.last = null
})

function Status() {
  return <p>connection: {useConnectionStatus()}</p>
}

function Orphan() {
  useQuestionClient()
  return null
}

describe('SessionComposerSlot wired to a question client', () => {
  it('shows the connection status from the client', async () => {
    const { socket } = setup()
    await waitFor(() => expect(socket()).not.toBeNull())
    socket().push({ type: 'mux/ready' })
    expect(screen.getByText('connection: open')).toBeInTheDocument()
  })

  it("takes over the chat input for the session's question and answers it over the client", async () => {
    const user = userEvent.setup()
    const { posted, socket } = setup()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'half-written draft')
    await waitFor(() => expect(socket()).not.toBeNull())
    socket().push(question)
    socket().push({ type: 'mux/ready' })
    expect(await screen.findByText('Which colour?')).toBeInTheDocument()
    // The takeover waits while the user's unsent text holds focus; once they leave it
    // (and after the typing pause, 30 ms here) it hides the chat input, draft kept.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus()
    act(() => (screen.getByRole('textbox', { name: 'Message' }) as HTMLElement).blur())
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument(),
    )

    await user.click(screen.getByRole('radio', { name: /Blue/ }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(posted).toEqual([
        {
          rpcId: 'rpc-1',
          sessionId: 's1',
          responseId: expect.stringMatching(/^[0-9a-f]{32}$/),
          result: { ok: true, answer: { answers: [{ id: 'color', selected: ['Blue'] }] } },
        },
      ]),
    )
    socket().push({
      type: 'question/resolved',
      rpcId: 'rpc-1',
      sessionId: 's1',
      outcome: 'answered',
    })
    await waitFor(() => expect(screen.queryByText('Which colour?')).not.toBeInTheDocument())
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue(
      'half-written draft',
    )
  })

  it('keeps no answer already sent in the query client', async () => {
    const user = userEvent.setup()
    const queryClient = new QueryClient()
    const { posted, socket } = setup([], queryClient)
    await waitFor(() => expect(socket()).not.toBeNull())
    for (const rpcId of ['rpc-1', 'rpc-2']) {
      socket().push({ ...question, rpcId })
      await user.click(await screen.findByRole('radio', { name: /Blue/ }))
      await user.click(screen.getByRole('button', { name: 'Submit' }))
      await waitFor(() => expect(posted.at(-1)).toMatchObject({ rpcId }))
      socket().push({ type: 'question/resolved', rpcId, sessionId: 's1', outcome: 'answered' })
      await waitFor(() => expect(screen.queryByText('Which colour?')).not.toBeInTheDocument())
    }
    // Only the send the slot still observes; react-query's default would keep each for 5 minutes.
    await waitFor(() => expect(queryClient.getMutationCache().getAll()).toHaveLength(1))
  })

  it('sends a dismiss as a cancel of that request', async () => {
    const user = userEvent.setup()
    const { posted, socket } = setup()
    await waitFor(() => expect(socket()).not.toBeNull())
    socket().push(question)
    await user.click(await screen.findByRole('button', { name: 'Dismiss question' }))
    await waitFor(() =>
      expect(posted).toEqual([
        {
          rpcId: 'rpc-1',
          sessionId: 's1',
          responseId: expect.stringMatching(/^[0-9a-f]{32}$/),
          result: { ok: false, error: { code: 'cancelled' } },
        },
      ]),
    )
  })

  it('shows a refused receipt as retryable feedback and sends again on retry', async () => {
    const user = userEvent.setup()
    const { posted, socket } = setup([
      { accepted: false, reason: 'bad-response', issues: [] },
      { accepted: true },
    ])
    await waitFor(() => expect(socket()).not.toBeNull())
    socket().push(question)
    await user.click(await screen.findByRole('radio', { name: /Red/ }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(
      await screen.findByText('The answer was not accepted. Check it and try again.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Try again|Submit/ }))
    await waitFor(() => expect(posted).toHaveLength(2))
  })

  it('needs a provider', () => {
    const quiet = console.error
    console.error = () => {}
    try {
      expect(() => render(<Orphan />)).toThrow(
        expect.objectContaining({ code: 'NO_QUESTION_CLIENT' }),
      )
    } finally {
      console.error = quiet
    }
  })
})
