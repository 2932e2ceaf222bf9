import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { askSettled, readAsk, startAsk } from './support/test-api.ts'

// The card Change opens is a change of an answer already sent: it says so,
// looks apart from a new question, and its × stops the change and nothing more.

test('the Change card says it changes a sent answer, and its × keeps the sent answer', async ({
  page,
}) => {
  const I = await openChat(page)
  const askId = await startAsk(
    page.request,
    I.sessionId,
    [{ id: 'size', question: 'Which size?', options: [{ label: 'Small' }, { label: 'Large' }] }],
    { amendWindowMs: 60_000 },
  )
  await I.seeQuestion(1, 1, 'Which size?')
  await I.answer('Small')
  await I.submit()
  await askSettled(page.request, askId, 'answered')

  await page.getByRole('button', { name: 'Change' }).click()
  const editing = page.getByRole('region', { name: 'Changing your answer' })
  await expect(editing).toBeVisible()
  await expect(editing.getByText('Changing your answer', { exact: true })).toBeVisible()
  await expect(editing).toHaveAttribute('data-state', 'editing')
  await I.seeChecked('Small')
  await I.check('changing a sent answer')
  await editing.screenshot({ path: 'test-results/answered-changing.png' })

  // The × is honest about what it does: it stops the change, the sent answer stays.
  await expect(I.composer.getByRole('button', { name: 'Dismiss question' })).toHaveCount(0)
  await I.answer('Large')
  await I.composer.getByRole('button', { name: 'Stop changing' }).click()
  await expect(
    I.composer.getByText('Stop changing? Your sent answer stays as it is.'),
  ).toBeVisible()
  await expect(I.composer.getByText('Discard your answers?')).toHaveCount(0)
  await expect(I.composer.getByRole('button', { name: 'Keep changing' })).toBeFocused()
  await I.check('asked whether to stop changing')
  await I.composer.getByRole('button', { name: 'Keep sent answer' }).click()

  const summary = page.locator('[data-scope="answered"][data-part="root"]')
  await expect(summary).toHaveAttribute('data-state', 'open')
  await expect(summary).toContainText('Which size?Small')
  await expect(page.getByRole('button', { name: 'Change' })).toBeFocused()
  expect((await readAsk(page.request, askId)).amendments).toEqual([])
})
