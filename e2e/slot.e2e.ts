import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { askSettled, startAsk } from './support/test-api.ts'

test('the chat input gives way to a question and comes back with its draft', async ({ page }) => {
  const I = await openChat(page)
  await I.chatInput.fill('A message I have not sent yet')
  // The user leaves the input (unsent text in a focused input would keep it: typing.e2e.ts).
  await I.chatInput.blur()

  const askId = await startAsk(page.request, I.sessionId, [
    {
      id: 'go',
      header: 'Confirm',
      question: 'Deploy now?',
      options: [{ label: 'Yes' }, { label: 'No' }],
    },
  ])
  await I.seeQuestion(1, 1, 'Deploy now?')
  await expect(I.chatInput).toBeHidden()
  // Focus moves to the question's heading, never to <body>.
  await expect(I.title()).toBeFocused()

  await I.answer('No')
  await I.submit()
  await I.seeNoComposer()
  await expect(I.chatInput).toHaveValue('A message I have not sent yet')
  expect((await askSettled(page.request, askId, 'answered')).answer).toEqual({
    answers: [{ id: 'go', selected: ['No'] }],
  })
})

test('questions that arrive together wait their turn', async ({ page }) => {
  const I = await openChat(page)
  const first = await startAsk(page.request, I.sessionId, [
    { id: 'go', question: 'Deploy now?', options: [{ label: 'Yes' }, { label: 'No' }] },
  ])
  await I.seeQuestion(1, 1, 'Deploy now?')
  const second = await startAsk(page.request, I.sessionId, TWO_STEP)
  await expect(I.part('request-position')).toHaveText('Request 1 of 2')
  await I.check('two requests are queued')

  await I.answer('Yes')
  await I.submit()
  await I.seeQuestion(1, 2, 'How large should the first release be?')
  await expect(I.part('request-position')).toHaveCount(0)
  await I.dismiss()
  await I.seeNoComposer()

  expect((await askSettled(page.request, first, 'answered')).answer).toEqual({
    answers: [{ id: 'go', selected: ['Yes'] }],
  })
  expect((await askSettled(page.request, second, 'rejected')).error?.code).toBe('ASK_CANCELLED')
})
