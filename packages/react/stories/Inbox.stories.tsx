import { createQuestionClient, type WebSocketLike } from '@parley/client'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { QuestionClientProvider } from '../src/connection/index.ts'
import { Inbox } from '../src/inbox/index.ts'

const NOW = 1_700_000_000_000
const ask = (rpcId: string, sessionId: string, question: string, ago: number, asker?: unknown) => ({
  type: 'question/requested',
  rpcId,
  sessionId,
  requestedAt: NOW - ago,
  questions: [{ id: 'q', question, options: [{ label: 'Yes (Recommended)' }, { label: 'No' }] }],
  ...(asker === undefined ? {} : { asker }),
})
const TEAM = [
  ask('r1', 's1', 'Which release should this go into?', 240_000, { name: 'Planner' }),
  ask('r2', 's1', 'Run the slow tests on every push?', 180_000, {
    name: 'Test writer',
    parents: ['Planner'],
    reason: 'to set up the test suite for the release',
  }),
  ask('r3', 's2', 'Refund the customer?', 30_000),
]
const TITLES: Record<string, string> = { s1: 'Release 1.4', s2: 'Billing bug' }

/** A client whose "host" replays `frames` on every connection. */
function replayingClient(frames: unknown[]) {
  class ReplayingSocket implements WebSocketLike {
    onopen: ((event: unknown) => void) | null = null
    onmessage: ((event: { data: unknown }) => void) | null = null
    onclose: ((event: unknown) => void) | null = null
    onerror: ((event: unknown) => void) | null = null
    constructor() {
      queueMicrotask(() => {
        this.onopen?.({})
        for (const frame of [...frames, { type: 'mux/ready' }])
          this.onmessage?.({ data: JSON.stringify(frame) })
      })
    }
    close() {}
  }
  return createQuestionClient({
    baseUrl: 'https://app.example',
    WebSocket: ReplayingSocket,
    fetch: async () => new Response(JSON.stringify({ accepted: true })),
  })
}

function Story({ frames, locale }: { frames: unknown[]; locale?: 'en' | 'ja' | 'zh-CN' }) {
  const [client] = useState(() => replayingClient(frames))
  return (
    <QuestionClientProvider client={client}>
      <Inbox
        locale={locale}
        sessionTitle={(id) => TITLES[id]}
        hrefFor={(q) => `#/s/${q.sessionId}?q=${q.rpcId}`}
        now={() => NOW}
        composer={{ draftStorage: null }}
      />
    </QuestionClientProvider>
  )
}

const meta = {
  title: 'Inbox/Inbox',
  component: Story,
  args: { frames: TEAM },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Story>
export default meta
type Stories = StoryObj<typeof meta>

/** Three questions from three askers in two chats, oldest first. */
export const ThreeWaiting: Stories = {
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await expect(await ui.findByText('3 waiting')).toBeVisible()
    await expect(ui.getAllByRole('listitem')).toHaveLength(3)
    await expect(ui.getByText('Planner › Test writer')).toBeVisible()
  },
}

/** Answering one in place. */
export const AnsweringInPlace: Stories = {
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    const item = await ui.findByRole('listitem', { name: 'Refund the customer?' })
    await userEvent.click(within(item).getByRole('button', { name: 'Answer here' }))
    await expect(within(item).getByRole('radiogroup')).toBeVisible()
  },
}

/** A question with a deadline: its row says how long is left, and its card counts down with More time. */
export const WithDeadline: Stories = {
  args: {
    frames: [
      ...TEAM,
      {
        ...ask('r4', 's1', 'Where should the release notes go?', 10_000, {
          name: 'Docs writer',
          parents: ['Planner'],
        }),
        deadlineAt: NOW + 45_000,
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    const item = await ui.findByRole('listitem', { name: 'Where should the release notes go?' })
    await expect(within(item).getByText('45 sec left')).toBeVisible()
    await userEvent.click(within(item).getByRole('button', { name: 'Answer here' }))
    await expect(await within(item).findByText('Waiting 45 sec more')).toBeVisible()
    await expect(await within(item).findByRole('button', { name: 'More time' })).toBeVisible()
  },
}

/** Nothing waiting. */
export const Empty: Stories = {
  args: { frames: [] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Nothing is waiting for you.'),
    ).toBeVisible()
  },
}

/** In Chinese. */
export const ThreeWaitingZh: Stories = {
  args: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('3 个待回答')).toBeVisible()
  },
}
