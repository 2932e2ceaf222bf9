import { devices } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import type { TestQuestion } from './support/test-api.ts'
import { startAsk } from './support/test-api.ts'

// A phone: the chats are behind the menu button, so a question in another chat shows there.
const { defaultBrowserType: _browser, ...phone } = devices['iPhone 13']
test.use({ ...phone, viewport: { width: 390, height: 844 } })

const LOGO: TestQuestion[] = [
  {
    id: 'shape',
    header: 'Logo',
    question: 'Which shape should the logo take?',
    options: [{ label: 'Circle' }, { label: 'Square' }],
  },
]
const HERE: TestQuestion[] = [
  {
    id: 'name',
    header: 'Name',
    question: 'What should the release be called?',
    options: [{ label: 'Aurora' }, { label: 'Borealis' }],
  },
]

test('on a phone a question in another chat shows on the menu button, in its name, and is announced once', async ({
  page,
}) => {
  const first = await openChat(page)
  const created = await page.request.post('/api/sessions', { data: { title: 'Logo ideas' } })
  expect(created.status()).toBe(201)
  const other = ((await created.json()) as { sessionId: string }).sessionId
  // Back in the first chat, with the other one in the list.
  const I = await openChat(page, { sessionId: first.sessionId })
  const menu = page.locator('.sidebar-toggle')
  const announcer = page.locator('p.sr-only[role="status"]')
  await expect(menu).toHaveAccessibleName('Show chats')

  await startAsk(page.request, other, LOGO)
  await expect(page.getByRole('button', { name: 'Show chats, 1 question waiting' })).toBeVisible()
  await expect(menu.locator('.menu-badge')).toHaveText('1')
  await expect(announcer).toHaveText('1 question waiting in Logo ideas')
  await I.check('a question waits in another chat')
  await page.screenshot({ path: 'test-results/phone-waiting-elsewhere.png' })

  // A question in the chat on screen is the card itself: not counted, not announced.
  await startAsk(page.request, I.sessionId, HERE)
  await I.seeQuestion(1, 1, 'What should the release be called?')
  await expect(menu).toHaveAccessibleName('Show chats, 1 question waiting')
  await expect(announcer).toHaveText('1 question waiting in Logo ideas')
  await expect(announcer.locator('span')).toHaveCount(1)

  // In the other chat, the one left behind is what waits elsewhere.
  await menu.tap()
  await page.getByRole('link', { name: /^Logo ideas/ }).tap()
  await expect(I.title()).toHaveText('Which shape should the logo take?')
  await expect(menu).toHaveAccessibleName('Show chats, 1 question waiting')
  await I.answer('Circle')
  await I.submit()
  await expect(menu).toHaveAccessibleName('Show chats, 1 question waiting')
  await I.check('back in a chat with one question waiting elsewhere')
})
