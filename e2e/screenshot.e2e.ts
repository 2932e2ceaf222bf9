/**
 * The README's screenshot: the demo mid-way through the "new project" batch.
 * `UPDATE_SCREENSHOT=1 npx playwright test e2e/screenshot.e2e.ts` writes
 * docs/screenshot.png; other runs attach the image to the report only, so a
 * test run never dirties the working tree.
 */
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' })

async function chat(request: APIRequestContext, title: string, message: string) {
  const created = await request.post('/api/sessions', { data: { title } })
  expect(created.status()).toBe(201)
  const { sessionId } = (await created.json()) as { sessionId: string }
  const sent = await request.post(`/api/sessions/${sessionId}/messages`, {
    data: { text: message },
  })
  expect(sent.status()).toBe(202)
  return sessionId
}

test('the demo, answering the new-project questions', async ({ page }, testInfo) => {
  // Loading the page mints the principal cookie the API calls below carry (the API never mints);
  // page.request shares the browser context's cookies and does not run the app.
  expect((await page.request.get('/')).status()).toBe(200)
  // Two earlier chats for the sidebar: one idle, one with a plan awaiting review.
  await chat(page.request, 'Release notes for 2.4', 'What can you do?')
  await chat(page.request, 'Postgres migration', '/plan')
  const current = await chat(page.request, 'Scaffold the web app', 'What can you do?')

  const I = await openChat(page, { sessionId: current })
  await I.seeAgentSay('I am a scripted demo agent.')
  await I.say('Start a new project')
  await I.seeQuestion(1, 3)
  await I.answer('React')
  await I.seeQuestion(2, 3, 'Which tooling should I set up?')
  await I.toggle('TypeScript')
  await I.toggle('Unit tests')
  await I.typeCustom('Storybook')
  await expect(page.getByText('Plan awaiting review').first()).toBeVisible()
  // No hover highlight on the last option clicked.
  await page.mouse.move(1, 790)
  await I.check('the screenshot state')

  const file = process.env.UPDATE_SCREENSHOT
    ? path.resolve('docs/screenshot.png')
    : testInfo.outputPath('screenshot.png')
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' })
  await testInfo.attach('screenshot', { path: file, contentType: 'image/png' })
})
