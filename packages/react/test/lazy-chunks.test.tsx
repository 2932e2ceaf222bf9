// This file loads no chunk up front: the first card renders while the intent
// views' and the Markdown chunks are still on their way, as an app's first
// approval does.
import type { AskUserQuestionItem } from '@parley/seam'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QuestionComposer } from '../src/index.ts'
import { makeRequest, renderComposer } from './fixtures.tsx'

const approval: AskUserQuestionItem = {
  id: 'approval',
  question: 'Run save_note?',
  detail: 'Tool execution **requires** approval',
  options: [{ label: 'Approve' }, { label: 'Edit' }, { label: 'Reject' }],
  intent: {
    kind: 'approval',
    tool: 'save_note',
    input: { path: 'notes.md', text: 'Buy milk' },
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, text: { type: 'string' } },
      required: ['path', 'text'],
    },
    allow: 'Approve',
    edit: 'Edit',
    deny: 'Reject',
  },
}

describe('a card shown before its chunks arrived', () => {
  it('keeps an open panel, and what was typed in it, when it renders again', async () => {
    const { user, rerender, props } = renderComposer({ request: makeRequest([approval]) })
    // The Markdown detail arrives too (it swapped its plain-text stand-in for the rendered box).
    await screen.findByText('requires', { selector: 'strong' })
    await user.click(await screen.findByRole('button', { name: 'Reject' }))
    await user.type(screen.getByRole('textbox', { name: 'Run save_note? Reason (optional)' }), 'No')
    // Any render from above (here the app's; in a chat, the slot taking over on that click).
    rerender(<QuestionComposer {...props} />)
    expect(screen.getByRole('textbox', { name: 'Run save_note? Reason (optional)' })).toHaveValue(
      'No',
    )
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveAttribute('aria-expanded', 'true')

    await user.click(screen.getByRole('button', { name: 'Edit' }))
    rerender(<QuestionComposer {...props} />)
    const editor = within(screen.getByRole('group', { name: 'Edit the arguments' }))
    const text = editor.getByRole('textbox', { name: /^text/ })
    expect(text).toHaveValue('Buy milk')
    await user.clear(text)
    await user.type(text, 'Buy oat milk')
    rerender(<QuestionComposer {...props} />)
    await user.click(editor.getByRole('button', { name: 'Allow with these arguments' }))
    expect(props.onAnswer).toHaveBeenCalledWith({
      answers: [
        {
          id: 'approval',
          selected: ['Edit'],
          custom: JSON.stringify({ path: 'notes.md', text: 'Buy oat milk' }),
        },
      ],
    })
  })
})
