import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { QuestionComposer } from '../src/index.ts'
import {
  approval,
  bashSchema,
  card,
  colour,
  composerArgs,
  Frame,
  findCard,
  layoutPreviews,
  loadIntentViews,
  loadMarkdown,
  never,
  planReview,
  projectName,
  request,
  toppings,
} from './fixtures.tsx'

const meta = {
  title: 'Composer/Presentation',
  component: QuestionComposer,
  args: composerArgs([colour, toppings, projectName]),
} satisfies Meta<typeof QuestionComposer>
export default meta
type Story = StoryObj<typeof meta>

/** A single plan-review question: the plan, Approve / Keep planning and "Chat about it". */
export const PlanReview: Story = {
  args: { request: request([planReview]) },
  loaders: [loadMarkdown, loadIntentViews],
  play: async ({ canvasElement, args }) => {
    const { ui } = card(canvasElement)
    await expect(await ui.findByRole('heading', { name: 'Plan' })).toBeVisible()
    await expect(ui.getByText('Plan review')).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Approve' })).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Keep planning' })).toBeVisible()
    await expect(ui.getByRole('button', { name: 'Chat about it' })).toBeVisible()
    await expect(ui.queryByRole('radiogroup')).not.toBeInTheDocument()
    await expect(args.onAnswer).not.toHaveBeenCalled()
  },
}

/**
 * Options with previews: the focused option's preview beside the options
 * (below them on a narrow card), read as that option's description.
 */
export const OptionPreviews: Story = {
  args: { request: request([layoutPreviews]) },
  loaders: [loadMarkdown, loadIntentViews],
  play: async ({ canvasElement }) => {
    const { ui } = card(canvasElement)
    const grid = ui.getByRole('radio', { name: /Grid/ })
    await expect(await ui.findByText(/│ Jobs │/)).toBeVisible()
    await expect(grid).toHaveAccessibleDescription(/Cards in rows/)
    await userEvent.click(ui.getByRole('radio', { name: 'List' }))
    await expect(await ui.findByRole('heading', { name: 'One row per item' })).toBeVisible()
    await expect(ui.getByText(/│ Jobs │/)).not.toBeVisible()
    await userEvent.keyboard('{ArrowDown}')
    await expect(ui.getByRole('radio', { name: 'Kanban' })).toHaveFocus()
    await expect(ui.getByText(/Columns by/)).toBeVisible()
    await expect(ui.getByRole('radio', { name: 'Kanban' })).toHaveAccessibleDescription(
      'Columns by status: To do, Doing, Done.',
    )
  },
}

/** The same previews on a phone-width card: below the options. */
export const OptionPreviewsNarrow: Story = {
  args: { request: request([layoutPreviews]) },
  loaders: [loadMarkdown, loadIntentViews],
  decorators: [(Story) => <Frame width={340}>{Story()}</Frame>],
  play: async ({ canvasElement }) => {
    const { root, ui } = card(canvasElement)
    await expect(await ui.findByText(/│ Jobs │/)).toBeVisible()
    const options = root.querySelector('[data-part="options"]')?.getBoundingClientRect()
    const previews = root.querySelector('[data-part="option-previews"]')?.getBoundingClientRect()
    await expect(previews?.top).toBeGreaterThanOrEqual((options?.bottom ?? 0) - 0.5)
  },
}

/** An approval of a Bash command: the command as code, a button per decision; Allow once sends it. */
export const ApprovalBash: Story = {
  args: {
    request: request([
      approval('Bash', { command: 'npm test -- --run', description: 'Run the tests' }),
    ]),
    // Sent, and held there: the card as it is while the answer travels.
    onAnswer: fn(never).mockName('onAnswer'),
  },
  loaders: [loadIntentViews],
  play: async ({ canvasElement, args }) => {
    const { ui } = card(canvasElement)
    await expect(ui.getByText('npm test -- --run', { selector: 'pre code' })).toBeVisible()
    const decisions = ui.getByRole('group', { name: 'Allow Claude to use Bash?' })
    await expect(decisions).toBeVisible()
    await expect(ui.queryByRole('radio')).not.toBeInTheDocument()
    await userEvent.click(ui.getByRole('button', { name: 'Allow once' }))
    await expect(args.onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'approval-Bash', selected: ['Allow once'] }],
    })
  },
}

/** An approval with Edit and a schema: the arguments as a form, an error under the field to fix. */
export const ApprovalEditForm: Story = {
  args: {
    request: request([
      approval('Bash', { command: 'npm test', timeout: 60000 }, { inputSchema: bashSchema }),
    ]),
  },
  loaders: [loadIntentViews],
  play: async ({ canvasElement, args }) => {
    const { ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('button', { name: 'Edit' }))
    const command = ui.getByRole('textbox', { name: 'Command (required)' })
    await expect(command).toHaveFocus()
    await userEvent.clear(command)
    const timeout = ui.getByRole('textbox', { name: 'Timeout' })
    await userEvent.clear(timeout)
    await userEvent.type(timeout, 'soon')
    await userEvent.click(ui.getByRole('button', { name: 'Allow with these arguments' }))
    await expect(command).toHaveAccessibleDescription('The shell command to run Fill this in.')
    await expect(timeout).toHaveAccessibleDescription('In milliseconds Enter a number.')
    await expect(command).toHaveFocus()
    await expect(args.onAnswer).not.toHaveBeenCalled()
  },
}

/** An approval with Edit and no schema: the arguments as JSON, checked before they are sent. */
export const ApprovalEditJson: Story = {
  args: {
    request: request([approval('mcp__github__create_issue', { title: 'Crash' }, {})]),
    onAnswer: fn(never).mockName('onAnswer'),
  },
  loaders: [loadIntentViews],
  play: async ({ canvasElement, args }) => {
    const { ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('button', { name: 'Edit' }))
    const json = ui.getByRole('textbox', { name: 'Arguments as JSON' })
    await expect(json).toHaveFocus()
    await userEvent.clear(json)
    await userEvent.type(json, '{{"title": "Crash on start", "labels": [["bug"]}')
    await userEvent.click(ui.getByRole('button', { name: 'Allow with these arguments' }))
    await expect(args.onAnswer).toHaveBeenCalledWith({
      answers: [
        {
          id: 'approval-mcp__github__create_issue',
          selected: ['Edit'],
          custom: JSON.stringify({ title: 'Crash on start', labels: ['bug'] }),
        },
      ],
    })
  },
}

/** An approval of an Edit: the lines it removes and adds. */
export const ApprovalEdit: Story = {
  args: {
    request: request([
      approval('Edit', {
        file_path: 'src/config.ts',
        old_string: 'retries: 1',
        new_string: 'retries: 3\ntimeout: 5000',
      }),
    ]),
  },
  loaders: [loadIntentViews],
  play: async ({ canvasElement }) => {
    const { ui } = card(canvasElement)
    await expect(ui.getByText('src/config.ts')).toBeVisible()
    await expect(ui.getByText('- retries: 1', { exact: false })).toBeVisible()
    await expect(ui.getByText('+ timeout: 5000', { exact: false })).toBeVisible()
  },
}

/** An approval of an MCP tool: its arguments as a table; Deny opens its reason, typed, not sent yet. */
export const ApprovalMcpTool: Story = {
  args: {
    request: request([
      approval('mcp__github__create_issue', {
        repo: 'acme/web',
        title: 'Crash on start',
        labels: ['bug'],
      }),
    ]),
  },
  loaders: [loadIntentViews],
  play: async ({ canvasElement, args }) => {
    const { ui } = card(canvasElement)
    await expect(ui.getByRole('table')).toBeVisible()
    await expect(ui.getByRole('rowheader', { name: 'repo' })).toBeVisible()
    await userEvent.click(ui.getByRole('button', { name: 'Deny' }))
    const reason = ui.getByRole('textbox', { name: /Reason \(optional\)/ })
    await expect(reason).toHaveFocus()
    await userEvent.type(reason, 'File it in acme/api instead')
    await expect(reason).toHaveValue('File it in acme/api instead')
    await expect(args.onAnswer).not.toHaveBeenCalled()
  },
}

const zhQuestions = [
  {
    id: 'colour',
    header: '主题',
    question: '应用使用哪种强调色？',
    options: [
      { label: '靛蓝', description: '沉稳，深浅模式都清晰' },
      { label: '青绿（推荐）' },
      { label: '琥珀' },
    ],
  },
  { id: 'name', header: '命名', question: '项目叫什么名字？' },
]

/** Simplified Chinese dictionary. */
export const ZhCN: Story = {
  name: 'zh-CN',
  args: { request: request(zhQuestions), locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    const { root, ui } = await findCard(canvasElement)
    await expect(root).toHaveAccessibleName('来自助手的问题')
    await expect(ui.getByRole('radio', { name: '青绿' })).toHaveAccessibleDescription(/推荐/)
    await userEvent.click(ui.getByRole('radio', { name: '靛蓝' }))
    const field = await ui.findByRole('textbox', { name: /你的回答/ })
    await expect(field).toHaveAttribute('placeholder', '输入你的回答…')
    await expect(ui.getByRole('button', { name: '提交' })).toBeVisible()
    await expect(ui.getByRole('button', { name: '跳过' })).toBeVisible()
  },
}

const jaQuestions = [
  {
    id: 'colour',
    header: 'テーマ',
    question: 'アクセントカラーはどれにしますか？',
    options: [
      { label: 'インディゴ', description: '落ち着いた色で、ライトでもダークでも読みやすい' },
      { label: 'ティール' },
      { label: 'アンバー (Recommended)' },
    ],
  },
  { id: 'name', header: '名前', question: 'プロジェクト名は何にしますか？' },
]

/** Japanese dictionary, with a recommended option. */
export const Ja: Story = {
  name: 'ja',
  args: { request: request(jaQuestions), locale: 'ja' },
  play: async ({ canvasElement }) => {
    const { root, ui } = await findCard(canvasElement)
    await expect(root).toHaveAccessibleName('アシスタントからの質問')
    await expect(ui.getByRole('radio', { name: 'アンバー' })).toHaveAccessibleDescription(/推奨/)
    await userEvent.click(ui.getByRole('button', { name: '次の質問' }))
    await expect(await ui.findByRole('textbox', { name: /あなたの回答/ })).toBeVisible()
    await expect(ui.getByRole('button', { name: '送信' })).toBeVisible()
  },
}

/** The `data-theme="dark"` override on an ancestor. */
export const DarkTheme: Story = {
  parameters: { theme: 'dark' },
  decorators: [
    (Story) => (
      <div style={{ background: '#0e0e11', padding: 24, borderRadius: 12 }}>{Story()}</div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const { root, ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('radio', { name: 'Teal' }))
    await expect(await ui.findByRole('heading', { name: toppings.question })).toBeVisible()
    await userEvent.click(ui.getByRole('checkbox', { name: 'Search' }))
    await expect(ui.getByRole('checkbox', { name: 'Search' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    // The dark palette is in effect: light text on a dark card.
    const { backgroundColor, color } = getComputedStyle(root)
    await expect(backgroundColor).toBe('rgb(27, 27, 31)')
    await expect(color).toBe('rgb(243, 243, 245)')
  },
}

/** 320 px wide: nothing overflows sideways, the footer still fits. */
export const Mobile320: Story = {
  name: '320 px mobile',
  decorators: [(Story) => <Frame width={320}>{Story()}</Frame>],
  play: async ({ canvasElement }) => {
    const { root, ui } = card(canvasElement)
    await userEvent.click(ui.getByRole('radio', { name: 'Indigo' }))
    await expect(await ui.findByRole('heading', { name: toppings.question })).toBeVisible()
    await waitFor(() => expect(root.getBoundingClientRect().width).toBeLessThanOrEqual(320))
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
    const rootBox = root.getBoundingClientRect()
    for (const element of root.querySelectorAll<HTMLElement>('[data-part]')) {
      if (element.getClientRects().length === 0) continue
      const box = element.getBoundingClientRect()
      await expect(box.right).toBeLessThanOrEqual(rootBox.right + 0.5)
      await expect(box.left).toBeGreaterThanOrEqual(rootBox.left - 0.5)
    }
    await expect(ui.getByRole('button', { name: 'Next' })).toBeVisible()
  },
}
