import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { askSettled, readAsk, startAsk } from './support/test-api.ts'

test('a question that arrives while the user types waits over the chat input; Enter gives it the text', async ({
  page,
}) => {
  const I = await openChat(page)
  await I.chatInput.click()
  await page.keyboard.type('Small, and')
  const before = await I.chatInput.boundingBox()

  const askId = await startAsk(page.request, I.sessionId, TWO_STEP)
  await I.seeComposer()
  // Long past the typing pause: the unsent text keeps the input, focus and all.
  await page.waitForTimeout(1_500)
  await expect(I.chatInput).toBeVisible()
  await expect(I.chatInput).toBeFocused()
  const after = await I.chatInput.boundingBox()
  expect(after?.y).toBe(before?.y)
  await page.keyboard.type(' no beta')
  await expect(I.chatInput).toHaveValue('Small, and no beta')
  await I.check('a question waiting over a chat input with unsent text')

  // Enter does not send the message past the question (which would stop the agent):
  // the text becomes the question's own answer, for the user to confirm.
  await I.press('Enter')
  await expect(I.chatInput).toBeHidden()
  await expect(I.customField()).toHaveValue('Small, and no beta')
  await expect(I.customField()).toBeFocused()
  expect((await readAsk(page.request, askId)).status).toBe('pending')

  await I.press('Enter')
  await I.seeQuestion(2, 2)
  await I.typeCustom('Described.')
  await I.submit()
  await I.seeNoComposer()
  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer?.answers[0]).toEqual({ id: 'size', selected: [], custom: 'Small, and no beta' })
})
