import type { AskUserQuestionItem } from '@parley/seam'
import { render } from '@testing-library/react'
import type { CSSProperties } from 'react'
import { afterAll, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import '../src/styles.css'
import { QuestionComposer } from '../src/index.ts'
import { makeRequest, memoryStorage, root } from './fixtures.tsx'

const long: AskUserQuestionItem = {
  id: 'deploy',
  header: 'Deployment strategy for the public API gateway',
  question:
    'How should the new version of the public API gateway be rolled out, given that some clients pin old endpoints?',
  detail: 'The gateway serves **40 k** requests per second. See the `rollout` runbook.',
  options: [
    {
      label: 'Blue-green deployment with an instant cut-over of all traffic at once (Recommended)',
      description: 'Two identical environments; the router switches every request in one step.',
    },
    {
      label: 'Canary release: 5 % of traffic first, then 25 %, 50 % and finally everything',
      description: 'Stops automatically when the new version misbehaves.',
    },
    { label: 'Feature flag per account' },
    // Enough rows that the body must scroll at 900×380 even with the short-window spacing.
    {
      label: 'Rolling update, one instance at a time',
      description: 'Slow, but no spare capacity.',
    },
  ],
}
const notes: AskUserQuestionItem = { id: 'notes', header: 'Notes', question: 'Anything else?' }

/** The card fills a host that is exactly the viewport (a chat column). */
function renderSqueezed() {
  const host: CSSProperties & Record<'--parley-max-height', string> = {
    height: '100vh',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'flex-end',
    '--parley-max-height': '100%',
  }
  render(
    <div style={host}>
      <QuestionComposer
        request={makeRequest([long, notes, long].map((q, i) => ({ ...q, id: `${q.id}-${i}` })))}
        onAnswer={async () => ({ accepted: true })}
        onCancel={async () => ({ accepted: true })}
        draftStorage={memoryStorage()}
      />
    </div>,
  )
  return root()
}

const visible = (element: Element) => element.getClientRects().length > 0
/** In the flow: visible and not positioned out of it (the visually hidden announcer). */
const inFlow = (element: Element) =>
  visible(element) && getComputedStyle(element).position !== 'absolute'

function part(card: HTMLElement, name: string): HTMLElement {
  const element = card.querySelector<HTMLElement>(`[data-part="${name}"]`)
  if (!element) throw new Error(`no ${name}`)
  return element
}

/** Boxes of the visible elements, in order; each must start at or below where the previous ended. */
function expectStacked(elements: Element[], label: string) {
  const boxes = elements.filter(inFlow).map((element) => ({
    part: element.getAttribute('data-part'),
    box: element.getBoundingClientRect(),
  }))
  expect(boxes.length, label).toBeGreaterThan(1)
  for (let i = 1; i < boxes.length; i++) {
    const above = boxes[i - 1]
    const below = boxes[i]
    if (!above || !below) continue
    expect(below.box.top, `${label}: ${below.part} overlaps ${above.part}`).toBeGreaterThanOrEqual(
      above.box.bottom - 0.5,
    )
  }
}

/** No part pokes out of the card sideways, and nothing scrolls horizontally. */
function expectNoHorizontalOverflow(card: HTMLElement) {
  const bounds = card.getBoundingClientRect()
  expect(bounds.right).toBeLessThanOrEqual(window.innerWidth + 0.5)
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  for (const element of card.querySelectorAll('[data-part]')) {
    if (!visible(element) || element.closest('[data-part="announcer"]')) continue
    const box = element.getBoundingClientRect()
    const name = element.getAttribute('data-part')
    expect(box.left, `${name} starts left of the card`).toBeGreaterThanOrEqual(bounds.left - 0.5)
    expect(box.right, `${name} ends right of the card`).toBeLessThanOrEqual(bounds.right + 0.5)
  }
  for (const element of card.querySelectorAll<HTMLElement>('[data-part]:not([data-part="body"])')) {
    if (!visible(element) || getComputedStyle(element).overflowX !== 'visible') continue
    expect(
      element.scrollWidth,
      `${element.getAttribute('data-part')} overflows`,
    ).toBeLessThanOrEqual(element.clientWidth + 1)
  }
}

function expectRowsDoNotOverlap(card: HTMLElement) {
  expectStacked(Array.from(card.children), 'card rows')
  expectStacked(Array.from(part(card, 'question').children), 'question rows')
  expectStacked(Array.from(part(card, 'options').children), 'options')
  // The footer stays inside the card, below the scrolling body.
  const footer = part(card, 'footer').getBoundingClientRect()
  expect(footer.bottom).toBeLessThanOrEqual(card.getBoundingClientRect().bottom + 0.5)
}

describe('layout under pressure', () => {
  afterAll(async () => {
    await page.viewport(414, 896)
  })

  it('at 900×380 the card fits the height, rows never overlap, and the body scrolls', async () => {
    await page.viewport(900, 380)
    const card = renderSqueezed()
    await expect.poll(() => window.innerHeight).toBe(380)
    const box = card.getBoundingClientRect()
    expect(box.bottom).toBeLessThanOrEqual(380.5)
    expect(box.top).toBeGreaterThanOrEqual(-0.5)
    expectRowsDoNotOverlap(card)
    expectNoHorizontalOverflow(card)
    const body = part(card, 'body')
    expect(body.scrollHeight).toBeGreaterThan(body.clientHeight)
    expect(part(card, 'submit').getBoundingClientRect().bottom).toBeLessThanOrEqual(380.5)
  })

  it('at 320 px wide every part stays inside the card and rows stack', async () => {
    await page.viewport(320, 640)
    const card = renderSqueezed()
    await expect.poll(() => window.innerWidth).toBe(320)
    expectRowsDoNotOverlap(card)
    expectNoHorizontalOverflow(card)
    expectStacked(Array.from(part(card, 'footer').children), 'footer rows (narrow)')
  })
})
