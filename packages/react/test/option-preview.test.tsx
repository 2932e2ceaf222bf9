import type { AskUserQuestionItem } from '@parley/seam'
import { screen, waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { preloadIntentViews } from '../src/composer/intent-body.tsx'
import { preloadMarkdown } from '../src/index.ts'
import { colour, makeRequest, renderComposer } from './fixtures.tsx'

// The previews and their Markdown are lazy chunks: load them first, so no query races them.
beforeAll(() => Promise.all([preloadMarkdown(), preloadIntentViews()]))

const layout: AskUserQuestionItem = {
  id: 'layout',
  question: 'Which layout?',
  options: [
    {
      label: 'Grid',
      description: 'Cards in rows',
      preview: '**Grid** of cards\n\n```\n[ ][ ][ ]\n```',
    },
    { label: 'List', preview: 'A plain *list*' },
    { label: 'Surprise me' },
  ],
}

const previewOf = (name: string) =>
  document.querySelector(`#${CSS.escape(screen.getByRole('radio', { name }).id)}-preview`)

describe('option previews', () => {
  it('describe each option with its own preview, rendered as Markdown', async () => {
    renderComposer({ request: makeRequest([layout]) })
    const grid = screen.getByRole('radio', { name: 'Grid' })
    await waitFor(() => expect(grid).toHaveAccessibleDescription(/Cards in rows\s*Grid of cards/))
    expect(screen.getByRole('radio', { name: 'List' })).toHaveAccessibleDescription('A plain list')
    expect(screen.getByRole('radio', { name: 'Surprise me' })).not.toHaveAccessibleDescription()
    expect(screen.getByText('Grid', { selector: 'strong' })).toBeInTheDocument()
    expect(screen.getByText('[ ][ ][ ]', { selector: 'pre code' })).toBeInTheDocument()
  })

  it('show the focused option’s preview and hide the others, following the arrow keys', async () => {
    const { user } = renderComposer({ request: makeRequest([layout]) })
    await waitFor(() => expect(previewOf('Grid')).not.toBeNull())
    expect(previewOf('Grid')).toBeVisible()
    expect(previewOf('List')).not.toBeVisible()
    screen.getByRole('radio', { name: 'Grid' }).focus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('radio', { name: 'List' })).toHaveFocus()
    expect(previewOf('List')).toBeVisible()
    expect(previewOf('Grid')).not.toBeVisible()
    await user.keyboard('{ArrowDown}')
    // An option without a preview shows none: the area stays, empty.
    expect(previewOf('Grid')).not.toBeVisible()
    expect(previewOf('List')).not.toBeVisible()
  })

  it('keep the radiogroup made of radios only, the previews beside it', async () => {
    renderComposer({ request: makeRequest([layout]) })
    const group = screen.getByRole('radiogroup', { name: 'Which layout?' })
    await waitFor(() => expect(previewOf('Grid')).not.toBeNull())
    expect(group.contains(previewOf('Grid'))).toBe(false)
    expect(group.parentElement).toHaveAttribute('data-part', 'options-layout')
  })

  it('leave a question without previews as it was', () => {
    renderComposer({ request: makeRequest([colour]) })
    const group = screen.getByRole('radiogroup', { name: 'Which colour?' })
    expect(group.parentElement).not.toHaveAttribute('data-part', 'options-layout')
    expect(document.querySelector('[data-part="option-previews"]')).toBeNull()
  })

  it('do not change what is sent: the chosen label', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([layout]) })
    await user.click(screen.getByRole('radio', { name: 'List' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).toHaveBeenCalledWith({ answers: [{ id: 'layout', selected: ['List'] }] })
  })
})
