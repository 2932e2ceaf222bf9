import type { Locator } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import type { TestQuestion } from './support/test-api.ts'
import { startAsk } from './support/test-api.ts'

// Cards dismissed in another tab, with nothing entered here and nothing to
// show: each says which question it was, and takes one line, so they never
// pile up over the chat.

const REGION: TestQuestion[] = [
  {
    id: 'region',
    header: 'Region',
    question: 'Where should the service run?',
    options: [{ label: 'eu-west' }, { label: 'us-east' }],
  },
]
const SIZE: TestQuestion[] = [
  {
    id: 'size',
    header: 'Size',
    question: 'How large should the first release be?',
    options: [{ label: 'Small' }, { label: 'Large' }],
  },
]

/** The vertical middle of an element on the page. */
async function middle(locator: Locator): Promise<number> {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  return box.y + box.height / 2
}

test('cards dismissed in another tab name their question and fold to one line each when nothing was entered', async ({
  page,
  context,
}) => {
  const A = await openChat(page)
  const B = await openChat(await context.newPage(), { sessionId: A.sessionId })
  await startAsk(page.request, A.sessionId, REGION)
  await A.seeQuestion(1, 1, 'Where should the service run?')
  await B.seeQuestion(1, 1, 'Where should the service run?')
  await startAsk(page.request, A.sessionId, SIZE)
  await expect(B.part('request-position')).toHaveText('Request 1 of 2')

  // Untouched, each × dismisses at once.
  await A.dismiss()
  await A.seeQuestion(1, 1, 'How large should the first release be?')
  await A.dismiss()
  await A.seeNoComposer()

  const ended = B.page.locator(
    '[data-scope="question-composer"][data-part="root"][data-ended="cancelled-elsewhere"]',
  )
  await expect(ended).toHaveCount(2)
  for (const [index, title] of [
    'Where should the service run?',
    'How large should the first release be?',
  ].entries()) {
    const card = ended.nth(index)
    await expect(card.getByRole('heading', { name: title })).toBeVisible()
    await expect(card).toHaveAccessibleName(title)
    await expect(card.locator('[data-part="ended-message"]')).toHaveText(
      /^Dismissed in another window/,
    )
    // Nothing to keep: no eyebrow, no "You had not entered anything yet", one row.
    await expect(card.locator('[data-part="header"]')).toBeHidden()
    await expect(card.locator('[data-part="ended-empty"]')).toBeHidden()
    const close = card.getByRole('button', { name: 'Close' })
    const row = await middle(close)
    expect(Math.abs((await middle(card.getByRole('heading'))) - row)).toBeLessThan(8)
    expect(
      Math.abs((await middle(card.locator('[data-part="ended-message"]'))) - row),
    ).toBeLessThan(8)
    const cardBox = await card.boundingBox()
    const closeBox = await close.boundingBox()
    expect(cardBox?.height ?? 0).toBeLessThan((closeBox?.height ?? 0) * 2)
  }
  await B.check('two ended cards, one line each')
  await B.page.screenshot({ path: 'test-results/ended-one-line.png' })

  await ended.first().getByRole('button', { name: 'Close' }).click()
  await expect(ended).toHaveCount(1)
  await ended.first().getByRole('button', { name: 'Close' }).click()
  await B.seeNoComposer()
  await expect(B.chatInput).toBeFocused()
})
