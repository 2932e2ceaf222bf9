import { devices } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { askSettled, readAsk, startAsk } from './support/test-api.ts'

// A phone: a coarse pointer and a keyboard without Shift+Enter.
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7']
test.use(phone)

test('on a touch keyboard Return adds a new line and only the buttons go on', async ({ page }) => {
  const I = await openChat(page)
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP)
  await I.seeQuestion(1, 2)
  await I.composer.getByRole('radio', { name: /^Small/ }).tap()
  await I.seeQuestion(2, 2)
  await expect(I.part('hint')).toHaveText('Return adds a new line · use the buttons below to go on')
  await I.customField().tap()
  await page.keyboard.type('First line')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Second line')
  await expect(I.customField()).toHaveValue('First line\nSecond line')
  expect((await readAsk(page.request, askId)).status).toBe('pending')
  await I.check('the card on a phone')

  await I.composer.getByRole('button', { name: 'Submit' }).tap()
  await I.seeNoComposer()
  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer?.answers[1]).toEqual({
    id: 'story',
    selected: [],
    custom: 'First line\nSecond line',
  })
})
