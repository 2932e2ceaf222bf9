import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { PREFERENCES } from './support/questions.ts'
import { askSettled, readAsk, startAsk } from './support/test-api.ts'

test('a skipped question is answered as an empty selection', async ({ page }) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, PREFERENCES)

  await I.seeQuestion(1, 3, 'Which accent colour should the app use?')
  await I.answer('Blue')

  await I.seeQuestion(2, 3, 'Which pets should the examples mention?')
  await I.skip()

  await I.seeQuestion(3, 3, 'Anything else to tell the team?')
  await expect(I.part('marker').nth(0)).toHaveAttribute('data-state', 'answered')
  await expect(I.part('marker').nth(1)).toHaveAttribute('data-state', 'skipped')
  await expect(I.part('marker').nth(1)).toHaveAccessibleName('Question 2: skipped')
  await I.typeCustom('Ship it on Friday')
  await I.submit()

  await I.seeNoComposer()
  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({
    answers: [
      // The original label, recommended suffix included.
      { id: 'colour', selected: ['Blue (Recommended)'] },
      { id: 'pets', selected: [] },
      { id: 'note', selected: [], custom: 'Ship it on Friday' },
    ],
  })
})

test('skipping a question keeps the drafts of the others', async ({ page }) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, PREFERENCES)

  await I.seeQuestion(1, 3)
  await I.answer('Red')
  await I.seeQuestion(2, 3)
  await I.toggle('Cats')
  // Back to the first question and skip it: the pets draft survives.
  await I.composer.getByRole('button', { name: 'Question 1: answered' }).click()
  await I.seeQuestion(1, 3)
  await I.skip()
  await I.seeQuestion(2, 3)
  await I.seeChecked('Cats', true)
  await I.next()
  await I.seeQuestion(3, 3)
  // Skipping the last question sends nothing: focus moves to Submit, which sends.
  await I.skip()
  await expect(I.part('marker').nth(2)).toHaveAttribute('data-state', 'skipped')
  await expect(I.composer.getByRole('button', { name: 'Submit' })).toBeFocused()
  expect((await readAsk(page.request, askId)).status).toBe('pending')
  await I.submit()

  await I.seeNoComposer()
  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({
    answers: [
      { id: 'colour', selected: [] },
      { id: 'pets', selected: ['Cats'] },
      { id: 'note', selected: [] },
    ],
  })
  expect((await readAsk(page.request, askId)).rpcId).toEqual(expect.any(String))
})

test('Skip on the last question says so and sends nothing; Submit then sends', async ({ page }) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, PREFERENCES)
  await I.seeQuestion(1, 3)
  await I.answer('Blue')
  await I.seeQuestion(2, 3)
  await I.skip()
  await I.seeQuestion(3, 3)
  await I.skip()
  await I.seeStatus('Skipped. Submit sends your answers.')
  await expect(I.composer.getByRole('button', { name: 'Submit' })).toBeFocused()
  expect((await readAsk(page.request, askId)).status).toBe('pending')
  await I.press('Enter')
  await I.seeNoComposer()
  expect((await askSettled(page.request, askId, 'answered')).answer?.answers).toHaveLength(3)
})
