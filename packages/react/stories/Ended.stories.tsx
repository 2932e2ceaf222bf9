import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { QuestionComposer } from '../src/index.ts'
import { colour, composerArgs, memoryStorage, projectName, request } from './fixtures.tsx'

// A card whose request ended without this tab's answer: one story per ending,
// each with drafts the user had entered (restored from storage).
const ended = request([colour, projectName], 'rpc-ended')
const drafts = memoryStorage({
  'rpc-ended': {
    rpcId: 'rpc-ended',
    index: 1,
    drafts: {
      colour: { selected: ['Teal'], custom: '', skipped: false },
      name: { selected: [], custom: 'Parley', skipped: false },
    },
  },
})

const meta = {
  title: 'Composer/Ended',
  component: QuestionComposer,
  args: {
    ...composerArgs([colour, projectName]),
    request: ended,
    draftStorage: drafts,
    onClose: fn().mockName('onClose'),
    onSendAsMessage: fn().mockName('onSendAsMessage'),
  },
} satisfies Meta<typeof QuestionComposer>
export default meta
type Story = StoryObj<typeof meta>

async function expectEnded(canvasElement: HTMLElement, message: string) {
  const ui = within(canvasElement)
  await expect(await ui.findByText(message)).toBeVisible()
  const list = canvasElement.querySelector<HTMLElement>('[data-part="ended-drafts"]')
  await expect(list).toHaveTextContent('Teal')
  await expect(list).toHaveTextContent('Parley')
  return ui
}

/** Another tab answered first. */
export const AnsweredElsewhere: Story = {
  args: { ending: { kind: 'answered-elsewhere' } },
  play: async ({ canvasElement, args }) => {
    const ui = await expectEnded(canvasElement, 'Answered in another tab.')
    await userEvent.click(ui.getByRole('button', { name: 'Close' }))
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

/** Another tab answered, and the host sent its answer: shown as the answer, this tab's text apart. */
export const AnsweredElsewhereWithTheAnswer: Story = {
  args: {
    ending: {
      kind: 'answered-elsewhere',
      answer: {
        answers: [
          { id: 'colour', selected: ['Indigo'] },
          { id: 'name', selected: [], custom: 'Harbour' },
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    const counted = await ui.findByRole('figure', { name: 'The answer that was sent' })
    await expect(counted).toHaveTextContent('Indigo')
    await expect(counted).toHaveTextContent('Harbour')
    const draft = ui.getByRole('figure', { name: 'Your unsent draft' })
    await expect(draft).toHaveTextContent('Teal')
    await expect(draft).toHaveTextContent('Parley')
  },
}

/** This tab submitted too, but the other tab's answer was taken. */
export const AnswerNotUsed: Story = {
  args: { ending: { kind: 'answer-not-used' } },
  play: async ({ canvasElement }) => {
    await expectEnded(
      canvasElement,
      'Your answer was not used: this question was answered in another tab first.',
    )
  },
}

/** Dismissed in another tab. */
export const CancelledElsewhere: Story = {
  args: { ending: { kind: 'cancelled-elsewhere' } },
  play: async ({ canvasElement }) => {
    await expectEnded(canvasElement, 'Dismissed in another tab.')
  },
}

/** The agent aborted, or the user pressed Stop in the transcript. */
export const Aborted: Story = {
  args: { ending: { kind: 'aborted' } },
  play: async ({ canvasElement, args }) => {
    const ui = await expectEnded(canvasElement, 'The assistant stopped waiting for an answer.')
    await userEvent.click(ui.getByRole('button', { name: 'Send as a message' }))
    await expect(args.onSendAsMessage).toHaveBeenCalledWith(
      'Which accent colour should the app use?\nTeal\n\nWhat should the project be called?\nParley',
    )
  },
}

/** The ask's deadline passed after five minutes. */
export const TimedOut: Story = {
  args: { ending: { kind: 'timed-out', waitedMs: 300_000 } },
  play: async ({ canvasElement }) => {
    await expectEnded(canvasElement, 'Timed out after 5 minutes — your answers were not sent.')
  },
}

/** Gone without a word (dropped at a reconnect): the host no longer has it. */
export const Gone: Story = {
  args: { ending: { kind: 'gone' } },
  play: async ({ canvasElement }) => {
    await expectEnded(canvasElement, 'This question is no longer waiting for an answer.')
  },
}

/** The same, in Japanese. */
export const TimedOutJa: Story = {
  args: { ending: { kind: 'timed-out', waitedMs: 300_000 }, locale: 'ja' },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement)
    await expect(await ui.findByText(/タイムアウトしました/)).toBeVisible()
    await expect(ui.getByRole('button', { name: '閉じる' })).toBeVisible()
  },
}
