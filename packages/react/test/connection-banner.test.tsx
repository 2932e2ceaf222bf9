import { createQuestionClient, type WebSocketLike } from '@parley/client'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  ConnectionBanner,
  type ConnectionBannerProps,
  QuestionClientProvider,
  useConnectionProblem,
} from '../src/connection/index.ts'

/** A browser WebSocket whose upgrade is refused (the browser tells the page nothing) or opens. */
function socketsThat(outcome: { refuse: boolean; hang?: boolean }) {
  const opened: FakeSocket[] = []
  class FakeSocket implements WebSocketLike {
    onopen: ((event: unknown) => void) | null = null
    onmessage: ((event: { data: unknown }) => void) | null = null
    onclose: ((event: unknown) => void) | null = null
    onerror: ((event: unknown) => void) | null = null
    constructor(readonly url: string) {
      opened.push(this)
      queueMicrotask(() => {
        if (outcome.hang) return
        if (outcome.refuse) {
          this.onerror?.({})
          this.onclose?.({ code: 1006 })
        } else {
          this.onopen?.({})
          this.onmessage?.({ data: JSON.stringify({ type: 'mux/ready' }) })
        }
      })
    }
    close() {}
  }
  return { FakeSocket, opened }
}

/** The host's probe reply: a refusal with its code, or admission. */
function probeReplies(reply: { status: number; body: unknown }) {
  return async () =>
    new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    })
}

function setup(
  reply: { status: number; body: unknown },
  props: ConnectionBannerProps = {},
  outcome: { refuse: boolean; hang?: boolean } = { refuse: true },
) {
  const { FakeSocket, opened } = socketsThat(outcome)
  const client = createQuestionClient({
    baseUrl: 'http://app.test',
    WebSocket: FakeSocket,
    fetch: probeReplies(reply),
    // Backoff timers that never fire: the test drives retries with the button.
    timers: { setTimeout: () => 0, clearTimeout: () => {} },
  })
  render(
    <QuestionClientProvider client={client}>
      <ConnectionBanner {...props} />
      <Reason />
    </QuestionClientProvider>,
  )
  return { client, opened, outcome }
}

function Reason() {
  return <p>reason: {useConnectionProblem()?.reason ?? 'none'}</p>
}

const ORIGIN_REFUSED = {
  status: 403,
  body: { error: 'Origin not allowed.', code: 'ORIGIN_NOT_ALLOWED' },
}

describe('ConnectionBanner', () => {
  it("says the server refused this page's origin instead of connecting forever", async () => {
    setup(ORIGIN_REFUSED)
    await screen.findByText('reason: forbidden-origin')
    expect(screen.getByRole('status')).toHaveTextContent(
      "The server refused this page's origin, so questions cannot reach this tab.",
    )
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeVisible()
  })

  it('names each reason in words', async () => {
    setup({ status: 401, body: { error: 'Not authenticated.', code: 'NOT_AUTHENTICATED' } })
    await screen.findByText('reason: unauthorized')
    expect(screen.getByRole('status')).toHaveTextContent(/You are signed out/)
  })

  it('speaks the locale it is given, and takes overrides', async () => {
    setup(ORIGIN_REFUSED, { locale: 'ja', messages: { connectionRetry: 'もう一度' } })
    await screen.findByText('reason: forbidden-origin')
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'サーバーがこのページのオリジンを拒否したため、このタブに質問が届きません。',
      ),
    )
    expect(screen.getByRole('button', { name: 'もう一度' })).toBeVisible()
  })

  it('Retry now reconnects at once; once open the banner empties but its live region stays', async () => {
    const { opened, outcome } = setup(ORIGIN_REFUSED)
    await screen.findByText('reason: forbidden-origin')
    outcome.refuse = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }))
    await screen.findByText('reason: none')
    expect(opened).toHaveLength(2)
    const region = screen.getByRole('status')
    expect(region).toBeEmptyDOMElement()
    expect(region.closest('[data-scope="connection-banner"]')).toHaveAttribute('data-state', 'open')
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull()
  })

  it('is silent before the first connection unless asked to say "Connecting…"', async () => {
    const admitted = { status: 200, body: { ok: true, transports: ['websocket', 'sse'] } }
    const quiet = setup(admitted, {}, { refuse: false, hang: true })
    await waitFor(() => expect(quiet.opened).toHaveLength(1))
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    quiet.client.dispose()
  })

  it('says "Connecting…" when showConnecting is set', async () => {
    const admitted = { status: 200, body: { ok: true, transports: ['websocket', 'sse'] } }
    setup(admitted, { showConnecting: true }, { refuse: false, hang: true })
    expect(await screen.findByRole('status')).toHaveTextContent('Connecting…')
  })
})
