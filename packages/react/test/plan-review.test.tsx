import type { AskUserQuestionItem } from '@parley/seam'
import { screen, waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { preloadIntentViews } from '../src/composer/intent-body.tsx'
import { isPlanReview, preloadMarkdown } from '../src/index.ts'
import { colour, makeRequest, renderComposer } from './fixtures.tsx'

// The Markdown chunk is lazy: load it first, so no query races its arrival.
// The plan-review body is a lazy chunk too (the intent views).
beforeAll(() => Promise.all([preloadMarkdown(), preloadIntentViews()]))

const plan: AskUserQuestionItem = {
  id: 'plan',
  header: 'Migration plan',
  question: 'Proceed with this plan?',
  detail: '## Steps\n\n1. Back up the **database**\n2. Run the migration',
  options: [{ label: 'Approve' }, { label: 'Keep planning' }],
  intent: { kind: 'plan-review', approve: 'Approve' },
}

describe('plan review', () => {
  it('qualifies only a single single-select plan-review question with detail and ≤ 2 options', () => {
    expect(isPlanReview(makeRequest([plan]))).toBe(plan)
    expect(isPlanReview(makeRequest([plan, colour]))).toBeNull()
    expect(isPlanReview(makeRequest([{ ...plan, detail: undefined }]))).toBeNull()
    expect(isPlanReview(makeRequest([{ ...plan, multiSelect: true }]))).toBeNull()
    expect(
      isPlanReview(makeRequest([{ ...plan, options: [...(plan.options ?? []), { label: 'X' }] }])),
    ).toBeNull()
    expect(
      isPlanReview(makeRequest([{ ...plan, intent: { kind: 'plan-review', approve: 'Nope' } }])),
    ).toBeNull()
  })

  it('shows the plan and the request’s own labels plus "Chat about it"', async () => {
    renderComposer({ request: makeRequest([plan]) })
    expect(screen.getByRole('heading', { name: 'Proceed with this plan?' })).toBeInTheDocument()
    expect(screen.getByText('Migration plan')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Steps' })).toBeInTheDocument()
    expect(screen.getByText('database', { selector: 'strong' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Keep planning' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Chat about it' })).toBeInTheDocument()
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument()
  })

  it('approving sends the approve label', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([plan]) })
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    expect(onAnswer).toHaveBeenCalledWith({ answers: [{ id: 'plan', selected: ['Approve'] }] })
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sent'))
  })

  it('declining sends the other option', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([plan]) })
    await user.click(screen.getByRole('button', { name: 'Keep planning' }))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'plan', selected: ['Keep planning'] }],
    })
  })

  it('"Chat about it" cancels the request', async () => {
    const { user, onCancel, onAnswer } = renderComposer({ request: makeRequest([plan]) })
    await user.click(screen.getByRole('button', { name: 'Chat about it' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onAnswer).not.toHaveBeenCalled()
  })

  it('works with a single approve option, showing it without a recommended suffix', () => {
    renderComposer({
      request: makeRequest([
        {
          ...plan,
          options: [{ label: 'Ship it (Recommended)' }],
          intent: { kind: 'plan-review', approve: 'Ship it (Recommended)' },
        },
      ]),
    })
    expect(screen.getByRole('button', { name: 'Ship it' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Keep planning' })).not.toBeInTheDocument()
  })

  it('a failed approval is retryable', async () => {
    let calls = 0
    const onAnswer = async () => {
      calls++
      if (calls === 1) throw new Error('offline')
      return { accepted: true }
    }
    const { user } = renderComposer({ request: makeRequest([plan]), onAnswer })
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Could not send: something went wrong. Try again.',
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sent'))
  })
})
