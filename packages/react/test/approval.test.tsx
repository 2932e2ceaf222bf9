import type { AskUserQuestionItem } from '@parley/seam'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { preloadIntentViews } from '../src/composer/intent-body.tsx'
import { colour, makeRequest, renderComposer } from './fixtures.tsx'

// The tool call's view is in the intent views' chunk: load it first.
beforeAll(() => preloadIntentViews())

function approval(tool: string, input: Record<string, unknown>): AskUserQuestionItem {
  return {
    id: 'approval',
    header: tool,
    question: `Allow Claude to use ${tool}?`,
    options: [
      { label: 'Allow once' },
      { label: 'Always allow', description: 'Always allow npm test in this project' },
      { label: 'Deny', description: 'Or type what Claude should do instead' },
    ],
    intent: {
      kind: 'approval',
      tool,
      input,
      allow: 'Allow once',
      always: ['Always allow'],
      deny: 'Deny',
    },
  }
}

const call = () => {
  const element = document.querySelector<HTMLElement>('[data-part="approval-call"]')
  if (!element) throw new Error('no tool call shown')
  return within(element)
}

describe('the approval card', () => {
  it('shows a Bash command as code', async () => {
    renderComposer({
      request: makeRequest([approval('Bash', { command: 'rm -rf build', description: 'Clean' })]),
    })
    expect(await screen.findByText('rm -rf build', { selector: 'pre code' })).toBeInTheDocument()
    expect(call().getByText('Command')).toBeInTheDocument()
    expect(call().getByText('Bash', { selector: 'code' })).toBeInTheDocument()
  })

  it('shows an Edit as the lines it removes and adds', async () => {
    renderComposer({
      request: makeRequest([
        approval('Edit', {
          file_path: 'src/a.ts',
          old_string: 'const a = 1\nconst b = 2',
          new_string: 'const a = 3',
        }),
      ]),
    })
    await screen.findByText('src/a.ts')
    const removed = Array.from(
      document.querySelectorAll('[data-part="approval-diff"] del'),
      (line) => line.textContent,
    )
    const added = Array.from(
      document.querySelectorAll('[data-part="approval-diff"] ins'),
      (line) => line.textContent,
    )
    expect(removed).toEqual(['- const a = 1\n', '- const b = 2\n'])
    expect(added).toEqual(['+ const a = 3\n'])
  })

  it('shows a Write as its path and size', async () => {
    renderComposer({
      request: makeRequest([
        approval('Write', { file_path: 'notes.md', content: 'héllo\nworld\n' }),
      ]),
    })
    expect(await screen.findByText('notes.md')).toBeInTheDocument()
    // Three lines counted as written (the last one empty), bytes of UTF-8.
    expect(call().getByText('3 lines, 13 bytes')).toBeInTheDocument()
  })

  it('shows any other tool’s arguments as a table', async () => {
    renderComposer({
      request: makeRequest([
        approval('mcp__github__create_issue', { title: 'Crash on start', labels: ['bug'] }),
      ]),
    })
    await screen.findByText('Arguments')
    const table = screen.getByRole('table')
    expect(within(table).getByRole('rowheader', { name: 'title' })).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: 'Crash on start' })).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: /"bug"/ })).toBeInTheDocument()
  })

  it('offers each decision as a button, each rule in words, instead of options and "Other answer"', async () => {
    renderComposer({ request: makeRequest([approval('Bash', { command: 'npm test' })]) })
    const group = await screen.findByRole('group', { name: 'Allow Claude to use Bash?' })
    // In the question's order, each named by its label alone.
    expect(within(group).getAllByRole('button')).toEqual(
      ['Allow once', 'Always allow', 'Deny'].map((name) =>
        within(group).getByRole('button', { name }),
      ),
    )
    expect(within(group).getByRole('button', { name: 'Always allow' })).toHaveAccessibleDescription(
      'Always allow npm test in this project',
    )
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    // A lone approval is sent by its decisions: no Skip, no Submit.
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
  })

  it('allows once with a click', async () => {
    const { user, onAnswer } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'npm test' })]),
    })
    await user.click(await screen.findByRole('button', { name: 'Allow once' }))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'approval', selected: ['Allow once'] }],
    })
  })

  it('allows always with the rule’s button', async () => {
    const { user, onAnswer } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'npm test' })]),
    })
    await user.click(await screen.findByRole('button', { name: 'Always allow' }))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'approval', selected: ['Always allow'] }],
    })
  })

  it('allows once from the keyboard: from the title, its digit, then Enter', async () => {
    const { user, onAnswer } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'npm test' })]),
    })
    await screen.findByRole('button', { name: 'Allow once' })
    screen.getByRole('heading', { name: 'Allow Claude to use Bash?' }).focus()
    await user.keyboard('1')
    // The digit chose it and focus followed; nothing is sent before Enter.
    expect(screen.getByRole('button', { name: 'Allow once' })).toHaveFocus()
    expect(onAnswer).not.toHaveBeenCalled()
    await user.keyboard('{Enter}')
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'approval', selected: ['Allow once'] }],
    })
  })

  it('reaches every decision by Tab', async () => {
    const { user } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'npm test' })]),
    })
    await screen.findByRole('button', { name: 'Allow once' })
    screen.getByRole('heading', { name: 'Allow Claude to use Bash?' }).focus()
    for (const name of ['Allow once', 'Always allow', 'Deny']) {
      await user.tab()
      expect(screen.getByRole('button', { name })).toHaveFocus()
    }
  })

  it('denies with a typed reason: Deny opens the reason, focused, and Enter sends it', async () => {
    const { user, onAnswer } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'rm -rf /' })]),
    })
    const deny = await screen.findByRole('button', { name: 'Deny' })
    expect(deny).toHaveAttribute('aria-expanded', 'false')
    await user.click(deny)
    expect(deny).toHaveAttribute('aria-expanded', 'true')
    const reason = screen.getByRole('textbox', { name: /Reason \(optional\)/ })
    expect(reason).toHaveFocus()
    expect(screen.getByRole('group', { name: 'Deny' })).toContainElement(reason)
    await user.keyboard('never delete the root{Enter}')
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'approval', selected: [], custom: 'never delete the root' }],
    })
  })

  it('denies without a reason: Deny, then Confirm deny with the field empty', async () => {
    const { user, onAnswer } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'rm -rf /' })]),
    })
    await user.click(await screen.findByRole('button', { name: 'Deny' }))
    await user.click(screen.getByRole('button', { name: 'Confirm deny' }))
    expect(onAnswer).toHaveBeenCalledWith({ answers: [{ id: 'approval', selected: ['Deny'] }] })
  })

  it('a reason typed after a digit chose Allow still denies', async () => {
    const { user, onAnswer } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'rm -rf /' })]),
    })
    await screen.findByRole('button', { name: 'Deny' })
    screen.getByRole('heading', { name: 'Allow Claude to use Bash?' }).focus()
    await user.keyboard('1')
    await user.click(screen.getByRole('button', { name: 'Deny' }))
    await user.keyboard('not now{Enter}')
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'approval', selected: [], custom: 'not now' }],
    })
  })

  it('Escape closes the reason, sends nothing, and puts focus back on Deny', async () => {
    const { user, onAnswer } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'rm -rf /' })]),
    })
    const deny = await screen.findByRole('button', { name: 'Deny' })
    await user.click(deny)
    await user.keyboard('maybe{Escape}')
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(deny).toHaveFocus()
    expect(deny).toHaveAttribute('aria-expanded', 'false')
    expect(onAnswer).not.toHaveBeenCalled()
  })

  it('sends any other option at once (the Claude adapter’s Deny and stop)', async () => {
    const question = approval('Bash', { command: 'rm -rf /' })
    question.options = [...(question.options ?? []), { label: 'Deny and stop' }]
    const { user, onAnswer } = renderComposer({ request: makeRequest([question]) })
    await user.click(await screen.findByRole('button', { name: 'Deny and stop' }))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'approval', selected: ['Deny and stop'] }],
    })
  })

  it('in a batch, a decision answers the approval and goes on to the next question', async () => {
    const { user, onAnswer } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'npm test' }), colour]),
    })
    await user.click(await screen.findByRole('button', { name: 'Allow once' }))
    expect(await screen.findByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
    expect(onAnswer).not.toHaveBeenCalled()
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [
        { id: 'approval', selected: ['Allow once'] },
        { id: 'colour', selected: ['Red'] },
      ],
    })
  })

  it('speaks the card’s language: the reason field in Japanese', async () => {
    const { user } = renderComposer({
      locale: 'ja',
      request: makeRequest([approval('Bash', { command: 'npm test' })]),
    })
    await user.click(await screen.findByRole('button', { name: 'Deny' }))
    expect(screen.getByRole('textbox', { name: /理由（任意）/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '拒否を確定' })).toBeInTheDocument()
  })
})
