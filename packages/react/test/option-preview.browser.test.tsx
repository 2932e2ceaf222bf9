import type { AskUserQuestionItem } from '@parley/seam'
import { render } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import '../src/styles.css'
import { preloadIntentViews } from '../src/composer/intent-body.tsx'
import { preloadMarkdown, QuestionComposer } from '../src/index.ts'
import { makeRequest, memoryStorage, root } from './fixtures.tsx'

beforeAll(() => Promise.all([preloadMarkdown(), preloadIntentViews()]))

const layout: AskUserQuestionItem = {
  id: 'layout',
  question: 'Which layout should the dashboard use?',
  options: [
    {
      label: 'Grid',
      description: 'Cards in rows',
      preview: '```\n┌────┐┌────┐┌────┐\n│ A  ││ B  ││ C  │\n└────┘└────┘└────┘\n```',
    },
    {
      label: 'List',
      preview:
        '### One row per item\n\n- Name, owner and status\n- Sorted by last change\n- Twenty rows a page\n- Filters above',
    },
    { label: 'Kanban', preview: 'Columns by **status**.' },
    { label: 'Surprise me' },
  ],
}

interface LayoutShift extends PerformanceEntry {
  value: number
}

/** Sums every layout shift (with or without recent input) while `run` runs. */
async function shiftsDuring(run: () => Promise<void>): Promise<number> {
  let total = 0
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) total += entry.value
  })
  observer.observe({ type: 'layout-shift' })
  await run()
  // Two frames: any shift the last focus move caused is reported by then.
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  for (const entry of observer.takeRecords() as LayoutShift[]) total += entry.value
  observer.disconnect()
  return total
}

function renderAt(width: number) {
  render(
    <div style={{ width }}>
      <QuestionComposer
        request={makeRequest([layout])}
        onAnswer={async () => ({ accepted: true })}
        onCancel={async () => ({ accepted: true })}
        draftStorage={memoryStorage()}
      />
    </div>,
  )
  return root()
}

const box = (card: HTMLElement, part: string) => {
  const element = card.querySelector(`[data-part="${part}"]`)
  if (!element) throw new Error(`no ${part}`)
  return element.getBoundingClientRect()
}

const openPreview = (card: HTMLElement) =>
  card.querySelector<HTMLElement>('[data-part="option-preview"][data-state="open"]')

describe('option previews in Chromium', () => {
  afterAll(async () => {
    await page.viewport(414, 896)
  })

  it('sit beside the options on a wide card', async () => {
    await page.viewport(1000, 800)
    const card = renderAt(760)
    await expect.poll(() => openPreview(card)?.textContent).toContain('│ A  │')
    const options = box(card, 'options')
    const previews = box(card, 'option-previews')
    expect(previews.left).toBeGreaterThanOrEqual(options.right - 0.5)
    expect(previews.top).toBeLessThan(options.bottom)
  })

  it('sit below the options on a narrow card', async () => {
    await page.viewport(414, 896)
    const card = renderAt(360)
    await expect.poll(() => openPreview(card)?.textContent).toContain('│ A  │')
    expect(box(card, 'option-previews').top).toBeGreaterThanOrEqual(
      box(card, 'options').bottom - 0.5,
    )
  })

  it.each([
    ['wide', 760],
    ['narrow', 360],
  ])('move nothing as focus goes from option to option (%s card)', async (_, width) => {
    await page.viewport(1000, 900)
    const card = renderAt(width)
    await expect.poll(() => openPreview(card)?.textContent).toContain('│ A  │')
    const before = {
      card: card.getBoundingClientRect(),
      footer: box(card, 'footer'),
      previews: box(card, 'option-previews'),
    }
    const first = card.querySelector<HTMLElement>('[data-part="option"]')
    first?.focus()
    const shifted = await shiftsDuring(async () => {
      for (const expected of ['One row per item', 'status', '', '│ A  │']) {
        await userEvent.keyboard('{ArrowDown}')
        if (expected) await expect.poll(() => openPreview(card)?.textContent).toContain(expected)
        else await expect.poll(() => openPreview(card)?.textContent ?? '').toBe('')
        expect(box(card, 'footer')).toEqual(before.footer)
        expect(box(card, 'option-previews')).toEqual(before.previews)
        expect(card.getBoundingClientRect()).toEqual(before.card)
      }
    })
    expect(shifted).toBe(0)
  })

  it('show the open preview and only it', async () => {
    await page.viewport(1000, 800)
    const card = renderAt(760)
    await expect.poll(() => openPreview(card)).not.toBeNull()
    const shown = Array.from(card.querySelectorAll<HTMLElement>('[data-part="option-preview"]'))
      .filter((element) => getComputedStyle(element).visibility === 'visible')
      .map((element) => element.dataset.state)
    expect(shown).toEqual(['open'])
  })
})
