import type { AskUserQuestionItem } from '@parley/seam'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { preloadIntentViews } from '../src/composer/intent-body.tsx'
import { makeRequest, renderComposer } from './fixtures.tsx'

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

  it('offers the decisions as options, with each rule in words', async () => {
    renderComposer({ request: makeRequest([approval('Bash', { command: 'npm test' })]) })
    await screen.findByText('npm test', { selector: 'pre code' })
    const group = screen.getByRole('radiogroup', { name: 'Allow Claude to use Bash?' })
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual([
      expect.stringContaining('Allow once'),
      expect.stringContaining('Always allow'),
      expect.stringContaining('Deny'),
    ])
    expect(within(group).getByRole('radio', { name: 'Always allow' })).toHaveAccessibleDescription(
      'Always allow npm test in this project',
    )
  })

  it('allows once from the keyboard: the digit, then Enter', async () => {
    const { user, onAnswer } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'npm test' })]),
    })
    await screen.findByText('npm test', { selector: 'pre code' })
    screen.getByRole('radio', { name: 'Allow once' }).focus()
    await user.keyboard('{Enter}')
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'approval', selected: ['Allow once'] }],
    })
  })

  it('denies with a typed reason', async () => {
    const { user, onAnswer } = renderComposer({
      request: makeRequest([approval('Bash', { command: 'rm -rf /' })]),
    })
    await screen.findByText('rm -rf /', { selector: 'pre code' })
    await user.type(screen.getByRole('textbox'), 'never delete the root')
    await user.keyboard('{Enter}')
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'approval', selected: [], custom: 'never delete the root' }],
    })
  })
})
