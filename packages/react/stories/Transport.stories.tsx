import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { QuestionComposer } from '../src/index.ts'
import {
  card,
  colour,
  composerArgs,
  expectPhase,
  never,
  recommended,
  request,
  toppings,
} from './fixtures.tsx'

const meta = {
  title: 'Composer/Sending',
  component: QuestionComposer,
  args: composerArgs([colour]),
} satisfies Meta<typeof QuestionComposer>
export default meta
type Story = StoryObj<typeof meta>

/** While `onAnswer` is pending every control is disabled and the button says so. */
export const Submitting: Story = {
  args: { request: request([toppings]), onAnswer: fn(never).mockName('onAnswer') },
  play: async ({ canvasElement, args }) => {
    const { root, ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('checkbox', { name: 'Search' }))
    await userEvent.type(ui.getByRole('textbox', { name: /Other answer/ }), '  Dark mode ')
    await userEvent.click(ui.getByRole('button', { name: 'Submit' }))
    const busy = await ui.findByRole('button', { name: 'Submitting…' })
    await expect(busy).toHaveAttribute('aria-busy', 'true')
    await expect(busy).toHaveAttribute('aria-disabled', 'true')
    await expect(ui.getByRole('checkbox', { name: 'Search' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await expectPhase(root, 'submitting')
    await expect(args.onAnswer).toHaveBeenCalledTimes(1)
    await expect(args.onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'features', selected: ['Search'], custom: 'Dark mode' }],
    })
  },
}

/** A refused receipt shows in the status region and the user can try again. */
export const RejectedReceipt: Story = {
  args: {
    onAnswer: fn(async () => ({ accepted: false, reason: 'bad-response' })).mockName('onAnswer'),
  },
  play: async ({ canvasElement, args }) => {
    const { root, ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('radio', { name: 'Teal' }))
    await userEvent.click(ui.getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(ui.getByRole('status')).toHaveTextContent(
        'The answer was not accepted. Check it and try again.',
      ),
    )
    await expectPhase(root, 'failed')
    const retry = ui.getByRole('button', { name: 'Try again' })
    await expect(retry).not.toHaveAttribute('aria-disabled')
    await expect(ui.getByRole('radio', { name: 'Teal' })).not.toHaveAttribute('aria-disabled')
    await expect(args.onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'colour', selected: ['Teal'] }],
    })
  },
}

/** A rejected `onAnswer` promise is a transport error: shown in words, retryable. */
export const TransportError: Story = {
  args: {
    onAnswer: fn(async (): Promise<unknown> => {
      // What a browser's fetch throws when the server cannot be reached.
      throw new TypeError('Failed to fetch')
    }).mockName('onAnswer'),
  },
  play: async ({ canvasElement }) => {
    const { root, ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('radio', { name: 'Amber' }))
    await userEvent.click(ui.getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(ui.getByRole('status')).toHaveTextContent(
        'Could not send: the server cannot be reached. Check your connection and try again.',
      ),
    )
    await expectPhase(root, 'failed')
    await expect(ui.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-disabled')
  },
}

/** Accepted: the card says it was sent and takes no more input until resolved. */
export const SentAwaitingResolution: Story = {
  args: { request: request([recommended]) },
  play: async ({ canvasElement, args }) => {
    const { root, ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('radio', { name: 'Postgres' }))
    await userEvent.click(ui.getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(ui.getByRole('status')).toHaveTextContent('Sent. Waiting for the assistant…'),
    )
    await expectPhase(root, 'awaiting-resolution')
    // The recommended label goes out as the original, suffix included.
    await expect(args.onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'database', selected: ['Postgres (Recommended)'] }],
    })
    await expect(ui.getByRole('radio', { name: 'SQLite' })).toHaveAttribute('aria-disabled', 'true')
    await expect(ui.getByRole('button', { name: 'Dismiss question' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  },
}

/** Dismissing with an answer in a draft asks first, inline; nothing is cancelled yet. */
export const CancelConfirmation: Story = {
  play: async ({ canvasElement, args }) => {
    const { root, ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('radio', { name: 'Indigo' }))
    await userEvent.click(ui.getByRole('button', { name: 'Dismiss question' }))
    await expect(await ui.findByText('Discard your answers?')).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Keep answering' })).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Discard' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await userEvent.click(ui.getByRole('button', { name: 'Dismiss question' }))
    await expect(await ui.findByRole('button', { name: 'Discard' })).toBeVisible()
    await expectPhase(root, 'answering')
    await expect(args.onCancel).not.toHaveBeenCalled()
  },
}

/** Collapsed: only the header with the question as a summary; drafts are kept. */
export const Minimized: Story = {
  play: async ({ canvasElement }) => {
    const { root, ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('radio', { name: 'Teal' }))
    await userEvent.click(ui.getByRole('button', { name: 'Minimize' }))
    const expand = await ui.findByRole('button', { name: 'Expand' })
    await expect(expand).toHaveAttribute('aria-expanded', 'false')
    await expect(ui.queryByRole('radiogroup')).not.toBeInTheDocument()
    await expect(ui.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
    await expect(root).toHaveAttribute('data-minimized')
    await expect(ui.getByText(colour.question, { selector: '[data-part="summary"]' })).toBeVisible()
  },
}
