import type { AskUserQuestionItem } from '@parley/seam'
import { render, screen } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import '../src/styles.css'
import { preloadIntentViews } from '../src/composer/intent-body.tsx'
import { preloadMarkdown, QuestionComposer } from '../src/index.ts'
import { makeRequest, memoryStorage, root } from './fixtures.tsx'

// The Markdown chunk is lazy: load it first, so no query races its arrival.
// The plan-review body is a lazy chunk too (the intent views).
beforeAll(() => Promise.all([preloadMarkdown(), preloadIntentViews()]))

const plan: AskUserQuestionItem = {
  id: 'plan',
  question: 'Approve the migration plan?',
  detail: [
    '## Steps',
    '',
    '| Step | Owner | Window | Rollback | Notes |',
    '| :--- | :---: | ---: | --- | --- |',
    '| Snapshot the primary database | Platform | 02:00–02:15 UTC | restore-from-snapshot | needs the maintenance banner |',
    '| Run `migrate --to=42` | Backend | 02:15–02:40 UTC | `migrate --to=41` | watch replication lag |',
    '',
    '- [x] Dry run on staging',
    '- [ ] Tell support',
  ].join('\n'),
  options: [{ label: 'Approve' }, { label: 'Keep planning' }],
  intent: { kind: 'plan-review', approve: 'Approve' },
}

function renderPlan() {
  render(
    <QuestionComposer
      request={makeRequest([plan])}
      onAnswer={async () => ({ accepted: true })}
      onCancel={async () => ({ accepted: true })}
      draftStorage={memoryStorage()}
    />,
  )
  return root()
}

describe('Markdown in a narrow card', () => {
  afterAll(async () => {
    await page.viewport(414, 896)
  })

  it('at 320 px a wide table scrolls in its own box; the card and the page do not', async () => {
    await page.viewport(320, 640)
    const card = renderPlan()
    await expect.poll(() => window.innerWidth).toBe(320)
    const table = await screen.findByRole('table')
    const box = table.parentElement as HTMLElement
    expect(box).toHaveAttribute('data-table-scroll')
    expect(box.scrollWidth).toBeGreaterThan(box.clientWidth)
    expect(getComputedStyle(box).overflowX).toBe('auto')
    const detail = card.querySelector('[data-part="detail"]') as HTMLElement
    expect(detail.scrollWidth).toBeLessThanOrEqual(detail.clientWidth + 1)
    expect(box.getBoundingClientRect().right).toBeLessThanOrEqual(
      detail.getBoundingClientRect().right + 0.5,
    )
    expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(320.5)
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  })

  it('cells wrap between words, never inside one, and keep a readable width', async () => {
    await page.viewport(320, 640)
    renderPlan()
    await screen.findByRole('table')
    const cells = [...document.querySelectorAll<HTMLElement>('th, td')]
    for (const cell of cells) {
      expect(cell.getBoundingClientRect().width, cell.textContent ?? '').toBeGreaterThanOrEqual(60)
      expect(cell.scrollWidth, cell.textContent ?? '').toBeLessThanOrEqual(cell.clientWidth + 1)
    }
    const snapshot = screen.getByRole('cell', { name: 'Snapshot the primary database' })
    expect(snapshot.getClientRects()).toHaveLength(1)
    expect(snapshot.getBoundingClientRect().height).toBeGreaterThan(
      Number.parseFloat(getComputedStyle(snapshot).lineHeight) * 1.5,
    )
  })

  it('task items show a disabled checkbox in the bullet’s place, inside the card', async () => {
    await page.viewport(320, 640)
    const card = renderPlan()
    const done = await screen.findByRole('checkbox', { name: 'Dry run on staging' })
    expect(done).toBeChecked()
    expect(done).toBeDisabled()
    const item = done.closest('li') as HTMLElement
    expect(getComputedStyle(item).listStyleType).toBe('none')
    const checkbox = done.getBoundingClientRect()
    expect(checkbox.width).toBeGreaterThan(0)
    expect(checkbox.left).toBeGreaterThanOrEqual(card.getBoundingClientRect().left)
    expect(checkbox.right).toBeLessThanOrEqual(item.getBoundingClientRect().left + 1)
  })
})
