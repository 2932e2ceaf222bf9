import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { abortAsk, askSettled, startAsk } from './support/test-api.ts'

// The agent stops waiting while the user is still answering: the card stays,
// says why, and keeps what the user typed.

test('typing through a timeout keeps every typed character in the ended card and none in the chat input', async ({
  page,
}) => {
  // The deadline must pass after the typing: 20 s is room for a loaded machine to get there.
  test.slow()
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP, { timeoutMs: 20_000 })
  await I.seeQuestion(1, 2)
  await I.answer('Small')
  await I.seeQuestion(2, 2)
  await I.customField().click()
  await page.keyboard.type('Half a thought')
  await expect(I.customField()).toHaveValue('Half a thought')

  await expect(I.part('ended-message')).toHaveText(
    /^Timed out after \d+ seconds? — your answers were not sent\.$/,
    { timeout: 30_000 },
  )
  expect((await askSettled(page.request, askId, 'rejected')).error?.code).toBe('ASK_TIMED_OUT')
  // The user goes on typing, a space first: nothing presses Close, nothing reaches the chat.
  await page.keyboard.type(' about the release')
  await I.press('Enter')
  await expect(I.customField()).toBeFocused()
  await expect(I.customField()).toHaveValue('Half a thought')
  await expect(I.customField()).toHaveAttribute('readonly', '')
  await expect(I.part('ended-drafts')).toContainText('Small')
  await expect(I.part('ended-drafts')).toContainText('Half a thought')
  await expect(I.chatInput).toHaveValue('')
  await I.check('a timed-out card, its question held')
  await I.page.screenshot({ path: 'test-results/ended-timed-out.png' })

  // Escape goes to Close; Enter there closes, and focus goes home to the chat input.
  await I.press('Escape')
  await expect(I.composer.getByRole('button', { name: 'Close' })).toBeFocused()
  await I.press('Enter')
  await I.seeNoComposer()
  await expect(I.chatInput).toBeFocused()
  await expect(I.chatInput).toHaveValue('')
})

test('typing through an abort: what was typed stays in the card, the rest never reaches the chat input', async ({
  page,
}) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP)
  await I.seeQuestion(1, 2)
  await I.answer('Small')
  await I.seeQuestion(2, 2)
  await I.customField().click()
  await page.keyboard.type('Half a')
  // The agent stops while the user is mid-sentence.
  const aborted = abortAsk(page.request, askId)
  await page.keyboard.type(' thought about the release, then more')
  await aborted
  await expect(I.part('ended-message')).toHaveText('The assistant stopped waiting for an answer.')
  await I.press('Space')
  await expect(I.customField()).toBeFocused()
  const kept = await I.customField().inputValue()
  expect(kept.startsWith('Half a')).toBe(true)
  expect('Half a thought about the release, then more'.startsWith(kept)).toBe(true)
  await expect(I.part('ended-drafts')).toContainText(kept)
  await expect(I.chatInput).toHaveValue('')
  await expect(I.composer).toHaveCount(1)
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
