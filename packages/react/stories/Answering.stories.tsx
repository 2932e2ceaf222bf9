import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { QuestionComposer } from '../src/index.ts'
import {
  card,
  colour,
  composerArgs,
  expectPhase,
  Frame,
  loadMarkdown,
  longOptions,
  markdownDetail,
  projectName,
  recommended,
  request,
  tenQuestions,
  toppings,
} from './fixtures.tsx'

const meta = {
  title: 'Composer/Answering',
  component: QuestionComposer,
  args: composerArgs([colour]),
} satisfies Meta<typeof QuestionComposer>
export default meta
type Story = StoryObj<typeof meta>

/** Choosing an option on the last question selects it and never submits by itself. */
export const SingleSelect: Story = {
  play: async ({ canvasElement, args }) => {
    const { root, ui } = card(canvasElement)
    await expect(ui.getByRole('radiogroup', { name: colour.question })).toBeVisible()
    await userEvent.click(ui.getByRole('radio', { name: 'Teal' }))
    await expect(ui.getByRole('radio', { name: 'Teal' })).toHaveAttribute('aria-checked', 'true')
    await expect(ui.getByRole('radio', { name: 'Indigo' })).toHaveAttribute('aria-checked', 'false')
    await expectPhase(root, 'answering')
    await expect(args.onAnswer).not.toHaveBeenCalled()
  },
}

/** Checkboxes toggle independently. */
export const MultiSelect: Story = {
  args: { request: request([toppings]) },
  play: async ({ canvasElement }) => {
    const { ui } = card(canvasElement)
    await expect(ui.getByRole('group', { name: toppings.question })).toBeVisible()
    await userEvent.click(ui.getByRole('checkbox', { name: 'Search' }))
    await userEvent.click(ui.getByRole('checkbox', { name: 'Offline mode' }))
    await expect(ui.getByRole('checkbox', { name: 'Search' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await expect(ui.getByRole('checkbox', { name: 'Sharing' })).toHaveAttribute(
      'aria-checked',
      'false',
    )
    await expect(ui.getByRole('checkbox', { name: 'Offline mode' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
  },
}

/** The custom answer is kept together with the checked labels. */
export const MultiSelectWithCustom: Story = {
  args: { request: request([toppings]) },
  play: async ({ canvasElement }) => {
    const { ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('checkbox', { name: 'Sharing' }))
    await userEvent.type(ui.getByRole('textbox', { name: /Other answer/ }), 'Dark mode')
    await expect(ui.getByRole('checkbox', { name: 'Sharing' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await expect(ui.getByRole('textbox', { name: /Other answer/ })).toHaveValue('Dark mode')
  },
}

/** A question without options offers a larger free-text block; Shift+Enter adds a line. */
export const OptionlessFreeText: Story = {
  args: { request: request([projectName]) },
  play: async ({ canvasElement, args }) => {
    const { root, ui } = card(canvasElement)
    await expect(ui.queryByRole('radiogroup')).not.toBeInTheDocument()
    const field = ui.getByRole('textbox', { name: /Your answer/ })
    await userEvent.type(field, 'Parley{Shift>}{Enter}{/Shift}human-in-the-loop kit')
    await expect(field).toHaveValue('Parley\nhuman-in-the-loop kit')
    await expect(root.querySelector('[data-part="custom-answer"]')).toHaveAttribute(
      'data-variant',
      'block',
    )
    await expect(args.onAnswer).not.toHaveBeenCalled()
  },
}

/** Ten questions: pager `i / n` and one progress marker per question. */
export const LongBatch: Story = {
  args: { request: request(tenQuestions) },
  play: async ({ canvasElement }) => {
    const { ui } = card(canvasElement)
    await expect(ui.getByText('1 / 10')).toBeVisible()
    await userEvent.click(ui.getByRole('radio', { name: 'Medium' }))
    await expect(await ui.findByRole('heading', { name: 'Question 2: any notes?' })).toBeVisible()
    await expect(ui.getByText('2 / 10')).toBeVisible()
    const markers = ui.getAllByRole('button', { name: /^Question \d+: / })
    await expect(markers).toHaveLength(10)
    await expect(ui.getByRole('button', { name: 'Question 1: answered' })).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Question 2: open' })).toHaveAttribute(
      'aria-current',
      'step',
    )
  },
}

/** Long labels and descriptions wrap inside the option instead of overflowing. */
export const LongOptionsWrap: Story = {
  args: { request: request([longOptions]) },
  decorators: [(Story) => <Frame width={480}>{Story()}</Frame>],
  play: async ({ canvasElement }) => {
    const { ui } = card(canvasElement)
    const options = ui.getAllByRole('radio')
    await expect(options).toHaveLength(3)
    for (const option of options) {
      await expect(option.scrollWidth).toBeLessThanOrEqual(option.clientWidth)
    }
    const first = options[0] as HTMLElement
    const lineHeight = Number.parseFloat(getComputedStyle(first).lineHeight)
    await expect(first.getBoundingClientRect().height).toBeGreaterThan(lineHeight * 3)
  },
}

/** The recommended label shows a badge, without its suffix, and is not pre-selected. */
export const RecommendedOption: Story = {
  args: { request: request([recommended]) },
  play: async ({ canvasElement }) => {
    const { ui } = card(canvasElement)
    const postgres = ui.getByRole('radio', { name: 'Postgres' })
    await expect(postgres).toHaveAttribute('aria-checked', 'false')
    await expect(postgres).toHaveAccessibleDescription(/Recommended/)
    await expect(ui.queryByText('Postgres (Recommended)')).not.toBeInTheDocument()
    await userEvent.click(postgres)
    await expect(postgres).toHaveAttribute('aria-checked', 'true')
  },
}

/** The detail renders as safe Markdown: emphasis, lists, code and a safe link. */
export const DetailWithMarkdown: Story = {
  args: { request: request([markdownDetail]) },
  loaders: [loadMarkdown],
  play: async ({ canvasElement }) => {
    const { ui } = card(canvasElement)
    const link = await ui.findByRole('link', { name: 'runbook' })
    await expect(link).toHaveAttribute('href', 'https://example.com/runbook')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(ui.getByText('2.4 M rows').tagName).toBe('STRONG')
    await expect(ui.getAllByRole('listitem')).toHaveLength(2)
  },
}

/** Skip moves on and marks the question skipped; earlier drafts stay. */
export const SkippedItems: Story = {
  args: { request: request([colour, toppings, projectName]) },
  play: async ({ canvasElement }) => {
    const { ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('button', { name: 'Skip' }))
    await expect(await ui.findByRole('heading', { name: toppings.question })).toBeVisible()
    await userEvent.click(ui.getByRole('button', { name: 'Skip' }))
    await expect(await ui.findByRole('heading', { name: projectName.question })).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Question 1: skipped' })).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Question 2: skipped' })).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Question 3: open' })).toHaveAttribute(
      'aria-current',
      'step',
    )
  },
}

/** Submitting with an open question jumps back to it and says why. */
export const IncompleteSubmitFeedback: Story = {
  args: { request: request([colour, projectName]) },
  play: async ({ canvasElement, args }) => {
    const { root, ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('button', { name: 'Next question' }))
    await userEvent.type(await ui.findByRole('textbox', { name: /Your answer/ }), 'Parley')
    await userEvent.click(ui.getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(ui.getByRole('status')).toHaveTextContent(
        'Answer or skip every question before submitting.',
      ),
    )
    await expect(ui.getByRole('heading', { name: colour.question })).toBeVisible()
    await expectPhase(root, 'answering')
    await expect(args.onAnswer).not.toHaveBeenCalled()
  },
}
