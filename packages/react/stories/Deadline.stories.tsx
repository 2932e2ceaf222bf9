import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { DeadlineCountdown } from '../src/connection/index.ts'
import { type ComposerCardInfo, QuestionComposer } from '../src/index.ts'
import { colour, composerArgs, projectName } from './fixtures.tsx'

// A card whose ask has a deadline: the countdown SessionComposerSlot renders
// through the card's `extra`, one story per state.
function withDeadline(leftMs: number, onExtend?: () => Promise<unknown>) {
  const deadlineAt = Date.now() + leftMs
  return (card: ComposerCardInfo) =>
    card.ending ? null : (
      <DeadlineCountdown
        root={card.root}
        lang={card.lang}
        deadlineAt={deadlineAt}
        onExtend={onExtend}
      />
    )
}

const meta = {
  title: 'Composer/Deadline',
  component: QuestionComposer,
  args: composerArgs([colour, projectName]),
} satisfies Meta<typeof QuestionComposer>
export default meta
type Story = StoryObj<typeof meta>

const extend = fn(async () => ({ extended: true, deadlineAt: Date.now() + 600_000 })).mockName(
  'onExtend',
)

/** Minutes left, with "More time". */
export const Waiting: Story = {
  args: { extra: withDeadline(4 * 60_000 + 20_000, extend) },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await expect(await ui.findByText('Waiting 4 min more')).toBeVisible()
    await userEvent.click(ui.getByRole('button', { name: 'More time' }))
    await expect(extend).toHaveBeenCalled()
  },
}

/** The last minute: the countdown turns to the danger colour. */
export const LastMinute: Story = {
  args: { extra: withDeadline(42_000, extend) },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await expect(await ui.findByText(/^Waiting (40|45) sec more$/)).toBeVisible()
    await expect(canvasElement.querySelector('[data-part="deadline"]')).toHaveAttribute(
      'data-state',
      'urgent',
    )
  },
}

/** The host will not extend any further. */
export const AtLimit: Story = {
  args: {
    extra: withDeadline(120_000, async () => ({ extended: false, reason: 'at-limit' })),
  },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await userEvent.click(await ui.findByRole('button', { name: 'More time' }))
    await expect(
      await ui.findByText('The assistant cannot wait any longer than this.'),
    ).toBeVisible()
    await expect(ui.queryByRole('button', { name: 'More time' })).toBeNull()
  },
}

/** The deadline passed; the host's timeout is on its way. */
export const TimeUp: Story = {
  args: { extra: withDeadline(-1_000, extend) },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await expect(
      await ui.findByText('Time is up: the assistant is about to stop waiting'),
    ).toBeVisible()
    await expect(ui.queryByRole('button', { name: 'More time' })).toBeNull()
  },
}

/** The same, in Japanese. */
export const WaitingJa: Story = {
  args: { locale: 'ja', extra: withDeadline(4 * 60_000 + 20_000, extend) },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await expect(await ui.findByText('あと4 分待ちます')).toBeVisible()
    await expect(ui.getByRole('button', { name: '時間を延長' })).toBeVisible()
  },
}
