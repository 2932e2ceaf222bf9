import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { PREFERENCES } from './support/questions.ts'
import { startAsk } from './support/test-api.ts'

test.use({ colorScheme: 'dark' })

test('the dark theme follows the system, and the light one can be picked, both accessible', async ({
  page,
}) => {
  const I = await openChat(page)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await startAsk(page.request, I.sessionId, PREFERENCES)
  await I.seeQuestion(1, 3)
  await I.answer('Red')
  await I.seeQuestion(2, 3)
  await I.toggle('Fish')
  await I.next()
  await I.seeQuestion(3, 3)
  await expect(I.customField()).toBeFocused()
  await I.press('Enter')
  await I.seeStatus('Choose an option, type an answer, or skip this question.')

  const toggle = page.getByRole('button', { name: 'Dark theme' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await toggle.click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await I.check('the light theme picked on a dark system')
})
