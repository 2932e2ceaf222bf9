import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { PREFERENCES } from './support/questions.ts'
import { abortAsk, askSettled, startAsk } from './support/test-api.ts'

test('dismissing a question with answers asks first, and the agent hears a cancel', async ({
  page,
}) => {
  const I = await openChat(page)
  await I.say('Start a new project')
  await I.seeQuestion(1, 3)
  await I.answer('Svelte')
  await I.seeQuestion(2, 3)

  // Escape never cancels.
  await I.press('Escape')
  await I.seeQuestion(2, 3)

  await I.dismiss()
  await expect(I.composer.getByText('Discard your answers?')).toBeVisible()
  await I.check('the discard confirmation is shown')
  // Escape closes the confirmation and keeps the answers.
  await I.press('Escape')
  await expect(I.composer.getByText('Discard your answers?')).toHaveCount(0)
  await I.composer.getByRole('button', { name: 'Question 1: answered' }).click()
  await I.seeChecked('Svelte')

  await I.dismiss()
  await I.confirmDiscard()
  await I.seeNoComposer()
  await I.seeAgentSay("You dismissed the question, so I won't create the project.")
  await I.seeToolRow('Asked 3 questions · cancelled')
})

test('dismissing an untouched question cancels it at once with ASK_CANCELLED', async ({ page }) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, PREFERENCES)
  await I.seeQuestion(1, 3)
  await I.dismiss()
  await I.seeNoComposer()
  const ask = await askSettled(page.request, askId, 'rejected')
  expect(ask.error?.code).toBe('ASK_CANCELLED')
})

test('an ask aborted by the agent settles the card, which says so and keeps the drafts until closed', async ({
  page,
}) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, PREFERENCES)
  await I.seeQuestion(1, 3)
  await I.answer('Green')
  await I.seeQuestion(2, 3)

  await abortAsk(page.request, askId)
  await expect(I.part('ended-message')).toHaveText('The assistant stopped waiting for an answer.')
  await expect(I.part('ended-drafts')).toContainText('Green')
  const ask = await askSettled(page.request, askId, 'rejected')
  expect(ask.error?.code).toBe('ASK_ABORTED')
  await I.composer.getByRole('button', { name: 'Close' }).click()
  await I.seeNoComposer()
})

test('the user’s own Stop is their choice: a card with nothing typed closes itself', async ({
  page,
}) => {
  const I = await openChat(page)
  await I.say('Start a new project')
  await I.seeQuestion(1, 3)
  await I.stopTheAgent()
  // Nothing was typed, so nothing is kept: no card to close, no blame on the assistant.
  await I.seeNoComposer()
  await I.seeToolRow('Asked 3 questions · interrupted')
  await I.seeAgentSay(
    "I was interrupted before you answered, so I stopped and didn't create the project.",
  )
})

test('the user’s own Stop keeps what they had entered, and says they stopped it', async ({
  page,
}) => {
  const I = await openChat(page)
  await I.say('Start a new project')
  await I.seeQuestion(1, 3)
  await I.customField().fill('A tool for my team')
  await I.stopTheAgent()
  await expect(I.part('ended-message')).toHaveText('You stopped the assistant. Nothing was sent.')
  await expect(I.part('ended-drafts')).toContainText('A tool for my team')
  await I.composer.getByRole('button', { name: 'Close' }).click()
  await I.seeNoComposer()
})
