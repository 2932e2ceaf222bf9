import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { PREFERENCES } from './support/questions.ts'
import { askSettled, startAsk } from './support/test-api.ts'

test('after a reload mid-batch the question comes back with the drafts entered', async ({
  page,
}) => {
  let I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, PREFERENCES)
  await I.seeQuestion(1, 3)
  await I.answer('Green')
  await I.seeQuestion(2, 3)
  await I.toggle('Dogs')
  await I.toggle('Fish')
  await I.typeCustom('Parrots')

  await page.reload()
  I = await openChat(page, { sessionId: I.sessionId })
  await I.seeComposer()
  await expect(I.composer).toHaveCount(1)
  await I.seeQuestion(2, 3)
  await I.seeChecked('Dogs', true)
  await I.seeChecked('Fish', true)
  await expect(I.checkbox('Cats')).toHaveAttribute('aria-checked', 'false')
  await expect(I.customField()).toHaveValue('Parrots')
  await expect(I.part('marker').nth(0)).toHaveAttribute('data-state', 'answered')

  await I.next()
  await I.seeQuestion(3, 3)
  await I.skip()
  await I.submit()
  await I.seeNoComposer()
  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({
    answers: [
      { id: 'colour', selected: ['Green'] },
      { id: 'pets', selected: ['Dogs', 'Fish'], custom: 'Parrots' },
      { id: 'note', selected: [] },
    ],
  })
})
