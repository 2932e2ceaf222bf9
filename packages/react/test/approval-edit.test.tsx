import type { AskUserQuestionItem } from '@parley/seam'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { preloadIntentViews } from '../src/composer/intent-body.tsx'
import { makeRequest, renderComposer } from './fixtures.tsx'

// The approval's decisions and editor are in the intent views' chunk: load it first.
beforeAll(() => preloadIntentViews())

const schema = {
  type: 'object',
  properties: {
    command: { type: 'string', title: 'Command', description: 'The shell command to run' },
    timeout: { type: 'integer', description: 'Milliseconds' },
    background: { type: 'boolean', title: 'Run in the background' },
    shell: { enum: ['bash', 'zsh'] },
  },
  required: ['command', 'timeout'],
}

function approval(
  input: Record<string, unknown>,
  inputSchema?: Record<string, unknown>,
): AskUserQuestionItem {
  return {
    id: 'approval',
    question: 'Allow Claude to use Bash?',
    options: [{ label: 'Allow once' }, { label: 'Edit' }, { label: 'Deny' }],
    intent: {
      kind: 'approval',
      tool: 'Bash',
      input,
      allow: 'Allow once',
      edit: 'Edit',
      deny: 'Deny',
      ...(inputSchema && { inputSchema }),
    },
  }
}

async function openEditor(item: AskUserQuestionItem) {
  const rendered = renderComposer({ request: makeRequest([item]) })
  const edit = await screen.findByRole('button', { name: 'Edit' })
  await rendered.user.click(edit)
  const editor = screen.getByRole('group', { name: 'Edit the arguments' })
  return { ...rendered, edit, editor: within(editor) }
}

const sent = (input: Record<string, unknown>) => ({
  answers: [{ id: 'approval', selected: ['Edit'], custom: JSON.stringify(input) }],
})

describe('editing an approval’s arguments', () => {
  it('opens a form from the schema, focus in its first field, labels from titles and names', async () => {
    const { edit, editor } = await openEditor(
      approval({ command: 'npm test', timeout: 1000 }, schema),
    )
    expect(edit).toHaveAttribute('aria-expanded', 'true')
    const command = editor.getByRole('textbox', { name: 'Command (required)' })
    expect(command).toHaveFocus()
    expect(command).toHaveValue('npm test')
    expect(command).toHaveAccessibleDescription('The shell command to run')
    expect(editor.getByRole('textbox', { name: 'timeout (required)' })).toHaveValue('1000')
    expect(editor.getByRole('checkbox', { name: 'Run in the background' })).not.toBeChecked()
    expect(editor.getByRole('combobox', { name: 'shell' })).toHaveValue('')
  })

  it('sends the edited arguments as the edit’s JSON', async () => {
    const { user, editor, onAnswer } = await openEditor(
      approval({ command: 'npm test', timeout: 1000 }, schema),
    )
    const command = editor.getByRole('textbox', { name: 'Command (required)' })
    await user.clear(command)
    await user.type(command, 'npm test -- --run')
    await user.click(editor.getByRole('checkbox', { name: 'Run in the background' }))
    await user.selectOptions(editor.getByRole('combobox', { name: 'shell' }), 'zsh')
    await user.click(editor.getByRole('button', { name: 'Allow with these arguments' }))
    expect(onAnswer).toHaveBeenCalledWith(
      sent({ command: 'npm test -- --run', timeout: 1000, background: true, shell: 'zsh' }),
    )
  })

  it('Enter in a one-line field sends', async () => {
    const { user, onAnswer } = await openEditor(approval({ command: 'ls', timeout: 5 }, schema))
    await user.keyboard(' -la{Enter}')
    expect(onAnswer).toHaveBeenCalledWith(sent({ command: 'ls -la', timeout: 5 }))
  })

  it('says what is wrong under each field, and sends nothing', async () => {
    const { user, editor, onAnswer } = await openEditor(
      approval({ command: 'npm test', timeout: 1000 }, schema),
    )
    await user.clear(editor.getByRole('textbox', { name: 'Command (required)' }))
    const timeout = editor.getByRole('textbox', { name: 'timeout (required)' })
    await user.clear(timeout)
    await user.type(timeout, '1.5')
    await user.click(editor.getByRole('button', { name: 'Allow with these arguments' }))
    expect(onAnswer).not.toHaveBeenCalled()
    const command = editor.getByRole('textbox', { name: 'Command (required)' })
    expect(command).toBeInvalid()
    expect(command).toHaveAccessibleDescription('The shell command to run Fill this in.')
    // Focus goes to the first field to fix.
    expect(command).toHaveFocus()
    expect(timeout).toBeInvalid()
    expect(timeout).toHaveAccessibleDescription('Milliseconds Enter a whole number.')
    // Fixing them sends.
    await user.type(command, 'npm run lint')
    await user.clear(timeout)
    await user.type(timeout, '2000')
    expect(command).not.toBeInvalid()
    await user.click(editor.getByRole('button', { name: 'Allow with these arguments' }))
    expect(onAnswer).toHaveBeenCalledWith(sent({ command: 'npm run lint', timeout: 2000 }))
  })

  it('edits as JSON when there is no schema, and refuses text that is not a JSON object', async () => {
    const { user, editor, onAnswer } = await openEditor(approval({ query: 'crash', limit: 5 }))
    const json = editor.getByRole('textbox', { name: 'Arguments as JSON' })
    expect(json).toHaveFocus()
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual({ query: 'crash', limit: 5 })
    const confirm = editor.getByRole('button', { name: 'Allow with these arguments' })
    await user.clear(json)
    await user.type(json, '{{"query": ')
    await user.click(confirm)
    expect(json).toHaveAccessibleDescription('This is not valid JSON.')
    await user.clear(json)
    await user.type(json, '[[1]')
    await user.click(confirm)
    expect(json).toHaveAccessibleDescription('The arguments must be a JSON object, in { }.')
    expect(onAnswer).not.toHaveBeenCalled()
    await user.clear(json)
    await user.type(json, '{{"query": "crash on start"}')
    await user.click(confirm)
    expect(onAnswer).toHaveBeenCalledWith(sent({ query: 'crash on start' }))
  })

  it('edits as JSON when the schema has more than primitives, and checks what it requires', async () => {
    const nested = {
      type: 'object',
      properties: {
        title: { type: 'string' },
        labels: { type: 'array', items: { type: 'string' } },
      },
      required: ['title'],
    }
    const { user, editor, onAnswer } = await openEditor(approval({ title: 'Bug' }, nested))
    const json = editor.getByRole('textbox', { name: 'Arguments as JSON' })
    await user.clear(json)
    await user.type(json, '{{"labels": [["bug"]}')
    await user.click(editor.getByRole('button', { name: 'Allow with these arguments' }))
    expect(json).toHaveAccessibleDescription('“title” is required.')
    await user.clear(json)
    await user.type(json, '{{"title": 7}')
    await user.click(editor.getByRole('button', { name: 'Allow with these arguments' }))
    expect(json).toHaveAccessibleDescription('“title” must be text.')
    expect(onAnswer).not.toHaveBeenCalled()
  })

  it('Cancel closes the editor, sends nothing, and puts focus back on Edit', async () => {
    const { user, edit, editor, onAnswer } = await openEditor(
      approval({ command: 'ls', timeout: 5 }, schema),
    )
    await user.click(editor.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('group', { name: 'Edit the arguments' })).not.toBeInTheDocument()
    expect(edit).toHaveFocus()
    expect(edit).toHaveAttribute('aria-expanded', 'false')
    await user.click(edit)
    await user.keyboard('{Escape}')
    expect(edit).toHaveFocus()
    expect(onAnswer).not.toHaveBeenCalled()
  })

  it('opens in Chinese too', async () => {
    const { user } = renderComposer({
      locale: 'zh-CN',
      request: makeRequest([approval({ command: 'ls', timeout: 5 }, schema)]),
    })
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const editor = screen.getByRole('group', { name: '编辑参数' })
    expect(within(editor).getByRole('textbox', { name: 'Command (必填)' })).toHaveFocus()
    expect(within(editor).getByRole('button', { name: '使用这些参数允许' })).toBeInTheDocument()
  })
})
