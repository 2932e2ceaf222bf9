import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'

function Hello() {
  return <button type="button">Hello</button>
}
const meta = { component: Hello } satisfies Meta<typeof Hello>
export default meta
export const Basic: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement)
    await userEvent.click(c.getByRole('button', { name: 'Hello' }))
    await expect(c.getByRole('button')).toBeInTheDocument()
  },
}
