import { devices, type Locator } from '@playwright/test'
import { comeBack, leave } from './support/away.ts'
import { expect, test } from './support/fixtures.ts'
import { openChat, type Person } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { askSettled, dropSockets, startAsk } from './support/test-api.ts'

// A phone: 390×844, touch, a coarse pointer. Everything here is tapped.
const { defaultBrowserType: _browser, ...phone } = devices['iPhone 13']
test.use({ ...phone, viewport: { width: 390, height: 844 } })

async function expectTall(control: Locator, min = 44): Promise<void> {
  const box = await control.boundingBox()
  expect(box?.height ?? 0, 'a touch target').toBeGreaterThanOrEqual(min)
}

/** Every option of the question on screen is at least 44 px tall. */
async function expectTallOptions(I: Person): Promise<void> {
  const options = I.part('option')
  const count = await options.count()
  for (let i = 0; i < count; i++) await expectTall(options.nth(i))
}

/**
 * Says an on-screen keyboard now covers the bottom `height` px: the visual
 * viewport shrinks (what a phone's browser reports) and fires `resize`.
 */
async function showKeyboard(I: Person, height: number): Promise<number> {
  return I.page.evaluate((covered) => {
    const view = window.visualViewport as VisualViewport
    const visible = window.innerHeight - covered
    Object.defineProperty(view, 'height', { configurable: true, get: () => visible })
    view.dispatchEvent(new Event('resize'))
    return visible
  }, height)
}

test('on a phone the whole ten-question batch is answered with taps alone, on targets of 44 px, above the keyboard', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const I = await openChat(page)
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 })
  await page.getByRole('button', { name: '/many' }).tap()
  await I.seeQuestion(1, 10, 'Where should the service run?')
  await page.screenshot({ path: 'test-results/phone-question.png' })

  const single = ['eu-west', 'Small', '1', 'Postgres', 'Redis']
  for (const [at, label] of single.entries()) {
    await I.seeQuestion(at + 1, 10)
    await expectTallOptions(I)
    await I.composer.getByRole('radio', { name: new RegExp(`^${label}`) }).tap()
  }
  await I.seeQuestion(6, 10, 'Which sign-in methods?')
  await expectTallOptions(I)
  await I.composer.getByRole('checkbox', { name: /^Passkeys/ }).tap()
  await expectTall(I.composer.getByRole('button', { name: 'Next', exact: true }))
  await I.composer.getByRole('button', { name: 'Next', exact: true }).tap()
  await I.seeQuestion(7, 10)
  await I.composer.getByRole('radio', { name: /^stdout/ }).tap()
  await I.seeQuestion(8, 10, 'Who gets paged on incidents?')
  await expectTall(I.composer.getByRole('button', { name: 'Skip', exact: true }))
  await I.composer.getByRole('button', { name: 'Skip', exact: true }).tap()
  await I.seeQuestion(9, 10)
  await I.composer.getByRole('radio', { name: /^Daily/ }).tap()
  await I.seeQuestion(10, 10, 'Anything else I should know?')

  // The on-screen keyboard opens over the bottom of the page: the card moves above it.
  await I.customField().tap()
  const visible = await showKeyboard(I, 336)
  await expect
    .poll(async () => {
      const field = await I.customField().boundingBox()
      const submit = await I.composer.getByRole('button', { name: 'Submit' }).boundingBox()
      return Math.max(
        (field?.y ?? 0) + (field?.height ?? 0),
        (submit?.y ?? 0) + (submit?.height ?? 0),
      )
    })
    .toBeLessThanOrEqual(visible)
  await page.screenshot({ path: 'test-results/phone-keyboard.png' })
  await showKeyboard(I, 0)

  await I.composer.getByRole('button', { name: 'Skip', exact: true }).tap()
  await expectTall(I.composer.getByRole('button', { name: 'Submit' }))
  await I.composer.getByRole('button', { name: 'Submit' }).tap()
  await I.seeAgentSay("Thanks, 8 of 10 answered. I'll use defaults for the rest.")
})

test('a question asked while the phone tab was suspended in the background is there when it comes back', async ({
  page,
}) => {
  const I = await openChat(page)
  const cdp = await page.context().newCDPSession(page)
  await leave(page)
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' })
  // The phone's browser froze the tab and its socket went; the agent asks meanwhile.
  await dropSockets(page.request)
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP)
  await cdp.send('Page.setWebLifecycleState', { state: 'active' })
  await comeBack(page)
  await I.seeQuestion(1, 2, 'How large should the first release be?')
  await I.composer.getByRole('radio', { name: /^Small/ }).tap()
  await I.seeQuestion(2, 2)
  await I.composer.getByRole('button', { name: 'Skip', exact: true }).tap()
  await I.composer.getByRole('button', { name: 'Submit' }).tap()
  expect((await askSettled(page.request, askId, 'answered')).answer?.answers[0]).toEqual({
    id: 'size',
    selected: ['Small'],
  })
})
