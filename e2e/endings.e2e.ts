import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { abortAsk, askSettled, startAsk } from './support/test-api.ts'

// The agent stops waiting while the user is still answering: the card stays,
// says why, and keeps what the user typed.

test('a timeout while the user types keeps the card and the drafts, and says so', async ({
  page,
}) => {
  const I = await openChat(page)
  // Long enough to reach question 2 on a loaded machine; the wait below allows for it.
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP, { timeoutMs: 10_000 })
  await I.seeQuestion(1, 2)
  await I.answer('Small')
  await I.seeQuestion(2, 2)
  await I.customField().click()
  await page.keyboard.type('Half a thought about the release')

  await expect(I.part('ended-message')).toHaveText(
    /^Timed out after \d+ seconds? — your answers were not sent\.$/,
    { timeout: 15_000 },
  )
  expect((await askSettled(page.request, askId, 'rejected')).error?.code).toBe('ASK_TIMED_OUT')
  await expect(I.part('ended-drafts')).toContainText('Small')
  await expect(I.part('ended-drafts')).toContainText('Half a thought about the release')
  // Focus was in the card: it is on Close now, not on <body>.
  await expect(I.composer.getByRole('button', { name: 'Close' })).toBeFocused()
  await I.check('a timed-out card')
  await I.page.screenshot({ path: 'test-results/ended-timed-out.png' })

  await I.press('Enter')
  await I.seeNoComposer()
  await expect(I.chatInput).toBeFocused()
})

test('an abort keeps the card, which the drafts can be sent from as a message', async ({
  page,
}) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP)
  await I.seeQuestion(1, 2)
  await I.answer('Large')
  await abortAsk(page.request, askId)
  await expect(I.part('ended-message')).toHaveText('The assistant stopped waiting for an answer.')
  await expect(I.part('ended-drafts')).toContainText('Large')
  await I.composer.getByRole('button', { name: 'Send as a message' }).click()
  await I.seeNoComposer()
  await expect(
    I.conversation.getByText(/How large should the first release be\?\s*Large/),
  ).toBeVisible()
})
