import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { startAsk } from './support/test-api.ts'

// A browser set to Japanese gets the kit in Japanese; the switch changes it and is remembered.
test.use({ locale: 'ja-JP' })

test('a Japanese browser gets Japanese cards, and the language switch changes them', async ({
  page,
}) => {
  const I = await openChat(page)
  const language = page.getByRole('combobox', { name: 'Language of the questions' })
  await expect(language).toHaveValue('ja')
  await startAsk(page.request, I.sessionId, TWO_STEP)
  await expect(I.composer).toHaveAttribute('lang', 'ja')
  await expect(I.composer.getByRole('button', { name: 'スキップ' })).toBeVisible()
  await I.check('a Japanese card')

  await language.selectOption('English')
  await expect(I.composer.getByRole('button', { name: 'Skip', exact: true })).toBeVisible()
  await page.reload()
  await I.seeConnected()
  await expect(language).toHaveValue('en')
  await expect(I.composer.getByRole('button', { name: 'Skip', exact: true })).toBeVisible()
})
