import { createQuestionClient, type WebSocketLike } from '@parley/client'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { ConnectionBanner, QuestionClientProvider } from '../src/connection/index.ts'

// A client whose WebSocket the "host" refuses, and whose probe answers with
// `reply`: the banner then shows the reason the probe found.
function refusedClient(reply: { status: number; body: unknown }) {
  class RefusedSocket implements WebSocketLike {
    onopen: ((event: unknown) => void) | null = null
    onmessage: ((event: { data: unknown }) => void) | null = null
    onclose: ((event: unknown) => void) | null = null
    onerror: ((event: unknown) => void) | null = null
    constructor() {
      queueMicrotask(() => this.onclose?.({ code: 1006 }))
    }
    close() {}
  }
  return createQuestionClient({
    baseUrl: 'https://app.example',
    WebSocket: RefusedSocket,
    fetch: async () =>
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      }),
    // Retries wait for the button: no timer runs in the story.
    timers: { setTimeout: () => 0, clearTimeout: () => {} },
  })
}

const ORIGIN = { status: 403, body: { error: 'Origin not allowed.', code: 'ORIGIN_NOT_ALLOWED' } }
const SIGNED_OUT = { status: 401, body: { error: 'Not authenticated.', code: 'NOT_AUTHENTICATED' } }
const BUSY = { status: 429, body: { error: 'Too many.', code: 'TOO_MANY_STREAMS' } }

function Banner({
  reply,
  locale,
}: {
  reply: { status: number; body: unknown }
  locale?: 'en' | 'ja' | 'zh-CN'
}) {
  const [client] = useState(() => refusedClient(reply))
  return (
    <QuestionClientProvider client={client}>
      <ConnectionBanner locale={locale} />
    </QuestionClientProvider>
  )
}

const meta = {
  title: 'Connection/Banner',
  component: Banner,
  args: { reply: ORIGIN },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Banner>
export default meta
type Story = StoryObj<typeof meta>

/** A dev proxy rewrote `Host`: the host refused this page's origin. */
export const ForbiddenOrigin: Story = {
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await expect(await ui.findByText(/refused this page's origin/)).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Retry now' })).toBeVisible()
    await userEvent.click(ui.getByRole('button', { name: 'Retry now' }))
    await expect(await ui.findByText(/refused this page's origin/)).toBeVisible()
  },
}

/** The session cookie expired. */
export const SignedOut: Story = {
  args: { reply: SIGNED_OUT },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/You are signed out/)).toBeVisible()
  },
}

/** Too many open tabs for this user. */
export const Busy: Story = {
  args: { reply: BUSY },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Too many open tabs/)).toBeVisible()
  },
}

/** The same, in Japanese. */
export const ForbiddenOriginJa: Story = {
  args: { reply: ORIGIN, locale: 'ja' },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await expect(await ui.findByText(/オリジンを拒否/)).toBeVisible()
    await expect(ui.getByRole('button', { name: '今すぐ再試行' })).toBeVisible()
  },
}
