/**
 * WCAG 1.4.10 (reflow) on the demo: a 1280×720 window zoomed to 200 % is a
 * 640×360 CSS-pixel viewport, and to 400 % a 320×180 one.
 */
import { expect, test } from './support/fixtures.ts'
import { expectInViewport, expectNoHorizontalScroll } from './support/layout.ts'
import { openChat, type Person } from './support/person.ts'
import type { TestQuestion } from './support/test-api.ts'
import { startAsk } from './support/test-api.ts'

const FIVE: TestQuestion[] = [
  {
    id: 'region',
    header: 'Region',
    question: 'Where should the service run?',
    options: [
      { label: 'eu-west', description: 'Ireland; closest to most of our users.' },
      { label: 'eu-central', description: 'Frankfurt.' },
      { label: 'us-east', description: 'Virginia; the cheapest.' },
      { label: 'us-west', description: 'Oregon.' },
      { label: 'ap-southeast', description: 'Singapore.' },
    ],
  },
  { id: 'notes', header: 'Notes', question: 'Anything the on-call team should know?' },
]

const LABELS = ['eu-west', 'eu-central', 'us-east', 'us-west', 'ap-southeast']

/** The options shown in full: inside the card's scrolling body and inside the viewport. */
async function optionsInFull(I: Person): Promise<string[]> {
  const body = await I.part('body').boundingBox()
  const viewport = I.page.viewportSize()
  if (!body || !viewport) throw new Error('no body or viewport')
  const shown: string[] = []
  for (const label of LABELS) {
    const box = await I.option(label).boundingBox()
    if (!box) continue
    const top = Math.max(body.y, 0)
    const bottom = Math.min(body.y + body.height, viewport.height)
    if (box.y >= top - 0.5 && box.y + box.height <= bottom + 0.5) shown.push(label)
  }
  return shown
}

test('at 200 % zoom (640×360) three options of five show in full, the rest scroll inside the card, and the footer stays on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 640, height: 360 })
  const I = await openChat(page)
  await startAsk(page.request, I.sessionId, FIVE)
  await I.seeQuestion(1, 2, 'Where should the service run?')
  await expectNoHorizontalScroll(page)
  await expectInViewport(page, { header: I.part('header'), footer: I.part('footer') })
  expect(await optionsInFull(I)).toEqual(['eu-west', 'eu-central', 'us-east'])

  // The last options scroll into view inside the card; the card itself never grows past the window.
  await I.option('ap-southeast').scrollIntoViewIfNeeded()
  expect(await optionsInFull(I)).toContain('ap-southeast')
  await expectInViewport(page, {
    header: I.part('header'),
    footer: I.part('footer'),
    composer: I.composer,
  })
  await I.check('the options scrolled inside the card at 200 %')

  await I.answer('ap-southeast')
  await I.seeQuestion(2, 2, 'Anything the on-call team should know?')
  await expectNoHorizontalScroll(page)
  await expectInViewport(page, { footer: I.part('footer'), field: I.customField() })
})

test('at 400 % zoom (320×180) nothing scrolls sideways and every control of the card can be reached', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 180 })
  const I = await openChat(page)
  await startAsk(page.request, I.sessionId, FIVE)
  await I.seeQuestion(1, 2, 'Where should the service run?')
  await expectNoHorizontalScroll(page)
  // The card fits the window; what does not fit scrolls inside it, one way only.
  await expectInViewport(page, { composer: I.composer })
  const sideways = await I.composer.evaluate((card) => card.scrollWidth - card.clientWidth)
  expect(sideways, 'the card scrolls sideways').toBeLessThanOrEqual(0)

  // With the keyboard: Skip is reached and shown.
  await I.title().focus()
  await I.tabTo('Skip')
  await expect(I.part('skip')).toBeInViewport({ ratio: 1 })
  await I.check('Skip reached with the keyboard at 400 %')

  // With a pointer: scrolling the card brings the footer into view, and its buttons work.
  await I.title().focus()
  await I.composer.hover()
  await page.mouse.wheel(0, 1000)
  await expect(I.composer.getByRole('button', { name: 'Next', exact: true })).toBeInViewport({
    ratio: 1,
  })
  const skip = I.composer.getByRole('button', { name: 'Skip', exact: true })
  await expect(skip).toBeInViewport({ ratio: 1 })
  await skip.click()
  await I.seeQuestion(2, 2, 'Anything the on-call team should know?')
  await expectNoHorizontalScroll(page)
  await expectInViewport(page, { composer: I.composer })
})
