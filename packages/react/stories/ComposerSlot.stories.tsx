import type { ComposerRequest } from '@parley/machine'
import type { AskUserQuestionAnswer } from '@parley/seam'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ComposerSlot } from '../src/index.ts'
import { colour, projectName, recommended, request } from './fixtures.tsx'

const queued: ComposerRequest[] = [
  request([colour], 'rpc-1'),
  request([recommended], 'rpc-2'),
  request([projectName], 'rpc-3'),
]

/** A chat input wrapped by the slot; answered requests leave the queue. */
function ChatWithQueue(props: {
  onAnswer: (rpcId: string, answer: AskUserQuestionAnswer) => void
  onCancel: (rpcId: string) => void
}) {
  const [requests, setRequests] = useState(queued)
  const resolve = (rpcId: string) =>
    setRequests((pending) => pending.filter((item) => item.rpcId !== rpcId))
  return (
    <ComposerSlot
      requests={requests}
      draftStorage={null}
      onAnswer={async (rpcId, answer) => {
        props.onAnswer(rpcId, answer)
        resolve(rpcId)
        return { accepted: true }
      }}
      onCancel={async (rpcId) => {
        props.onCancel(rpcId)
        resolve(rpcId)
        return { accepted: true }
      }}
    >
      <label>
        Message
        <textarea defaultValue="Draft I was writing" />
      </label>
    </ComposerSlot>
  )
}

const meta = {
  title: 'Composer/Slot',
  component: ChatWithQueue,
  args: { onAnswer: fn().mockName('onAnswer'), onCancel: fn().mockName('onCancel') },
} satisfies Meta<typeof ChatWithQueue>
export default meta
type Story = StoryObj<typeof meta>

/** Three requests wait: the oldest owns the composer, the chat input is kept but hidden. */
export const QueuedRequests: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Request 1 of 3')).toBeVisible()
    // The takeover happens in an effect after the first render.
    await waitFor(() =>
      expect(canvas.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument(),
    )
    await userEvent.click(canvas.getByRole('radio', { name: 'Teal' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }))
    await expect(await canvas.findByText('Request 1 of 2')).toBeVisible()
    await expect(args.onAnswer).toHaveBeenCalledWith('rpc-1', {
      answers: [{ id: 'colour', selected: ['Teal'] }],
    })
    await expect(canvas.getByRole('heading', { name: recommended.question })).toBeVisible()
    // The chat input survives underneath with its draft.
    const input = canvasElement.querySelector('textarea:not([data-part])')
    await waitFor(() => expect(input).toHaveValue('Draft I was writing'))
    await expect(input).not.toBeVisible()
  },
}
