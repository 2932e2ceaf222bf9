import type { AmendReceipt } from '@parley/seam/wire'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { AnsweredCard, type StandingAnswer } from '../src/amend/index.ts'

// An answered question the agent lets the user change: one story per state
// of the summary, driven by a host that answers each change with `receipt`.
const standing: StandingAnswer = {
  rpcId: 'rpc-answered',
  sessionId: 'story',
  asker: { name: 'Test writer', parents: ['Planner'] },
  questions: [
    {
      id: 'runner',
      header: 'Tests',
      question: 'Which test runner should the suite use?',
      options: [{ label: 'Vitest (Recommended)' }, { label: 'Jest' }, { label: 'node:test' }],
    },
  ],
  answer: { answers: [{ id: 'runner', selected: ['Vitest (Recommended)'] }] },
  revision: 0,
}

function Card({ receipt, locale }: { receipt: AmendReceipt; locale?: 'en' | 'ja' | 'zh-CN' }) {
  return (
    <AnsweredCard standing={standing} locale={locale} onChange={() => Promise.resolve(receipt)} />
  )
}

const meta = {
  title: 'Composer/Answered',
  component: Card,
  args: { receipt: { accepted: true, revision: 1 } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Card>
export default meta
type Story = StoryObj<typeof meta>

async function change(canvasElement: HTMLElement) {
  const ui = within(canvasElement)
  await userEvent.click(ui.getByRole('button', { name: 'Change' }))
  await expect(ui.getByRole('radio', { name: /Vitest/ })).toHaveAttribute('aria-checked', 'true')
  await userEvent.click(ui.getByRole('radio', { name: 'Jest' }))
  await userEvent.click(ui.getByRole('button', { name: 'Submit' }))
  return ui
}

/** The summary with Change, while the window is open. */
export const Summary: Story = {
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await expect(ui.getByText('Planner › Test writer · Your answer')).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Change' })).toBeVisible()
  },
}

/** Change reopened the card with the sent answer as the draft. */
export const Changing: Story = {
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await userEvent.click(ui.getByRole('button', { name: 'Change' }))
    await expect(ui.getByRole('radio', { name: /Vitest/ })).toHaveAttribute('aria-checked', 'true')
  },
}

/** The host took the change. */
export const Changed: Story = {
  play: async ({ canvasElement }) => {
    const ui = await change(canvasElement)
    await expect(await ui.findByText('Changed. The assistant has your new answer.')).toBeVisible()
  },
}

/** Another tab changed it first. */
export const Superseded: Story = {
  args: { receipt: { accepted: false, reason: 'refused', code: 'AMEND_SUPERSEDED', message: '' } },
  play: async ({ canvasElement }) => {
    const ui = await change(canvasElement)
    await expect(await ui.findByText(/changed in another tab first/)).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Change' })).toBeVisible()
  },
}

/** Sent after the window: refused, and the card says so. */
export const WindowClosed: Story = {
  args: {
    receipt: { accepted: false, reason: 'refused', code: 'AMEND_WINDOW_CLOSED', message: '' },
  },
  play: async ({ canvasElement }) => {
    const ui = await change(canvasElement)
    await expect(await ui.findByText('The time to change this answer has passed.')).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Close' })).toBeVisible()
  },
}

/** The summary in Japanese. */
export const SummaryJa: Story = {
  args: { locale: 'ja' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: '変更' })).toBeVisible()
  },
}
