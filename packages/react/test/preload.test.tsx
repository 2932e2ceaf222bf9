import type { AskUserQuestionItem } from '@parley/seam'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { preloadMarkdown } from '../src/index.ts'
import { makeRequest, renderComposer } from './fixtures.tsx'

// Only preloadMarkdown, as an app calls it when idle: nothing else loads a chunk first.

const plan: AskUserQuestionItem = {
  id: 'plan',
  question: 'Proceed with this plan?',
  detail: '## Steps\n\n1. Back up the **database**',
  options: [{ label: 'Approve' }, { label: 'Keep planning' }],
  intent: { kind: 'plan-review', approve: 'Approve' },
}

const layout: AskUserQuestionItem = {
  id: 'layout',
  question: 'Which layout?',
  options: [
    { label: 'Grid', preview: '**Grid** of cards' },
    { label: 'List', preview: 'A plain *list*' },
  ],
}

describe('preloadMarkdown', () => {
  it('makes the first plan review paint its final layout: the plan rendered, no placeholder frame', async () => {
    await preloadMarkdown()
    renderComposer({ request: makeRequest([plan]) })
    // Queried at once, without waiting: the render that mounted the card already holds them.
    expect(screen.getByRole('heading', { name: 'Steps' })).toBeInTheDocument()
    expect(screen.getByText('database', { selector: 'strong' })).toBeInTheDocument()
    expect(document.querySelector('[data-loading]')).toBeNull()
  })

  it('makes the first card with previews paint its sketches at once', async () => {
    await preloadMarkdown()
    renderComposer({ request: makeRequest([layout]) })
    expect(screen.getByText('Grid', { selector: 'strong' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Grid' })).toHaveAccessibleDescription('Grid of cards')
  })
})
