import {
  clickNotification,
  comeBack,
  leave,
  notificationsOf,
  recordNotifications,
} from './support/away.ts'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { PREFERENCES, TWO_STEP } from './support/questions.ts'
import { abortAsk, askSettled, readAsk, startAsk } from './support/test-api.ts'

// Several flows open a second browser context: give them room on a loaded machine.
test.describe.configure({ timeout: 60_000 })

// Reaching the person while a question waits and they are elsewhere.

const BADGED_ICON = 'link[rel~="icon"][data-parley-badge]'

test('while questions wait and the page is in the background, the title and the favicon count them; both come back after', async ({
  page,
}) => {
  const I = await openChat(page)
  await expect(page).toHaveTitle('New chat · Parley')
  await leave(page)
  const first = await startAsk(page.request, I.sessionId, TWO_STEP)
  await expect(page).toHaveTitle('(1) New chat · Parley')
  const second = await startAsk(page.request, I.sessionId, PREFERENCES)
  await expect(page).toHaveTitle('(2) New chat · Parley')
  await expect(page.locator(BADGED_ICON)).toHaveAttribute('data-parley-badge', '2')
  await expect(page.locator(BADGED_ICON)).toHaveAttribute('href', /^data:image\/png;base64,/)

  // Back on the page: no badge while the person is looking.
  await comeBack(page)
  await expect(page).toHaveTitle('New chat · Parley')
  await expect(page.locator(BADGED_ICON)).toHaveCount(0)
  await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', /\/favicon\.svg$/)

  // Away again, and the questions go: the title and icon are restored while away.
  await leave(page)
  await expect(page).toHaveTitle('(2) New chat · Parley')
  await abortAsk(page.request, first)
  await expect(page).toHaveTitle('(1) New chat · Parley')
  await abortAsk(page.request, second)
  await expect(page).toHaveTitle('New chat · Parley')
  await expect(page.locator(BADGED_ICON)).toHaveCount(0)
  await comeBack(page)
  await expect(I.part('ended-message').first()).toHaveText(
    'The assistant stopped waiting for an answer.',
  )
})

test('a notification for a question asked in the background says who asks and what, and its click opens that exact question', async ({
  page,
  context,
}) => {
  await recordNotifications(context)
  const I = await openChat(page)
  await leave(page)
  await startAsk(page.request, I.sessionId, PREFERENCES)
  const second = await startAsk(page.request, I.sessionId, TWO_STEP)
  await expect.poll(() => notificationsOf(page)).toHaveLength(2)
  const rpcId = (await readAsk(page.request, second)).rpcId
  expect(await notificationsOf(page)).toEqual([
    {
      title: 'The demo agent asks',
      body: 'Which accent colour should the app use? (+2 more)',
      tag: expect.stringMatching(/^parley:/),
    },
    {
      title: 'The demo agent asks',
      body: 'How large should the first release be? (+1 more)',
      tag: `parley:${rpcId}`,
    },
  ])

  await clickNotification(page, 1)
  await comeBack(page) // the system brings the tab to the front
  await expect(page).toHaveURL(new RegExp(`/s/${I.sessionId}\\?q=${rpcId}$`))
  await I.seeQuestion(1, 2, 'How large should the first release be?')
  await expect(I.part('request-position')).toHaveText('Request 1 of 2')
  await I.answer('Small')
  await I.seeQuestion(2, 2)
  await I.skip()
  await I.submit()
  expect((await askSettled(page.request, second, 'answered')).answer?.answers[0]).toEqual({
    id: 'size',
    selected: ['Small'],
  })
  // The other question is there, and the notification of the answered one is gone.
  await I.seeQuestion(1, 3, 'Which accent colour should the app use?')
})

test('a question’s address opens that question on another browser of the same person', async ({
  page,
  context,
  browser,
}) => {
  const A = await openChat(page)
  await startAsk(page.request, A.sessionId, PREFERENCES)
  const askId = await startAsk(page.request, A.sessionId, TWO_STEP)
  await A.seeQuestion(1, 3)
  const rpcId = (await readAsk(page.request, askId)).rpcId ?? ''

  // Another device: a new browser context with the same principal (its cookie).
  const phone = await browser.newContext({ storageState: await context.storageState() })
  try {
    const B = await openChat(await phone.newPage(), { sessionId: A.sessionId, rpcId })
    await B.seeQuestion(1, 2, 'How large should the first release be?')
    await B.answer('Large')
    await B.seeQuestion(2, 2)
    await B.skip()
    await B.submit()
    await askSettled(page.request, askId, 'answered')
    // The first browser was on the other question, which now waits alone.
    await A.seeQuestion(1, 3, 'Which accent colour should the app use?')
    await expect(A.part('request-position')).toHaveCount(0)
  } finally {
    await phone.close()
  }
})

test('the address of a question that ended opens the chat with a notice saying how', async ({
  page,
  context,
  browser,
}) => {
  const A = await openChat(page)
  await A.say('Start a new project')
  await A.seeQuestion(1, 3)
  const link = A.conversation.getByRole('link', { name: 'Link to this question' })
  const href = (await link.getAttribute('href')) ?? ''
  expect(href).toMatch(new RegExp(`^/s/${A.sessionId}\\?q=[\\w-]+$`))
  await A.dismiss()
  await A.seeToolRow('cancelled')

  const other = await browser.newContext({ storageState: await context.storageState() })
  try {
    const page2 = await other.newPage()
    const rpcId = new URL(href, 'http://demo.invalid').searchParams.get('q') ?? ''
    const B = await openChat(page2, { sessionId: A.sessionId, rpcId })
    const notice = page2.locator('[data-scope="question-link"]')
    // The host's recent endings reach a tab that opens later: where and when it was dismissed.
    await expect(notice.locator('[data-part="text"]')).toHaveText(
      /^This question was dismissed in another window at \d{1,2}:\d{2}( [AP]M)? \(.+\)\.$/,
    )
    await expect(B.composer).toHaveCount(0)
    await B.check('the notice of an ended question')
    await page2.screenshot({ path: 'test-results/reach-ended-link.png' })
    await notice.getByRole('button', { name: 'Close' }).click()
    await expect(notice).toHaveCount(0)
    await expect(page2).toHaveURL(new RegExp(`/s/${A.sessionId}$`))
  } finally {
    await other.close()
  }
})

test('the offer to turn on notifications shows only after a question, never on load, and "Not now" is remembered', async ({
  page,
}) => {
  const I = await openChat(page)
  const offer = page.getByRole('region', { name: 'Notifications' })
  await expect(offer).toHaveCount(0)
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP)
  await I.seeQuestion(1, 2)
  await expect(offer).toHaveCount(0)
  await abortAsk(page.request, askId)
  await expect(offer).toBeVisible()
  await expect(offer).toContainText(
    'Get a notification when the assistant asks you something while this tab is in the background?',
  )
  await I.check('the notification offer')
  await page.screenshot({ path: 'test-results/reach-offer.png' })
  await offer.getByRole('button', { name: 'Not now' }).click()
  await expect(offer).toHaveCount(0)

  await page.reload()
  await I.seeConnected()
  const again = await startAsk(page.request, I.sessionId, TWO_STEP)
  await I.seeQuestion(1, 2)
  await abortAsk(page.request, again)
  await expect(I.part('ended-message')).toBeVisible()
  await expect(offer).toHaveCount(0)
})

test('the address of a question answered elsewhere says when, where and what was answered', async ({
  page,
  context,
  browser,
}) => {
  const A = await openChat(page)
  const askId = await startAsk(page.request, A.sessionId, TWO_STEP)
  await A.seeQuestion(1, 2, 'How large should the first release be?')
  const rpcId = (await readAsk(page.request, askId)).rpcId ?? ''
  await A.answer('Large')
  await A.seeQuestion(2, 2)
  await A.skip()
  await A.submit()
  await askSettled(page.request, askId, 'answered')

  const other = await browser.newContext({ storageState: await context.storageState() })
  try {
    const page2 = await other.newPage()
    const B = await openChat(page2, { sessionId: A.sessionId, rpcId })
    const notice = page2.locator('[data-scope="question-link"]')
    await expect(notice.locator('[data-part="text"]')).toHaveText(
      /^This question was answered in another window at \d{1,2}:\d{2}( [AP]M)? \(.+\)\.$/,
    )
    const answer = notice.getByRole('figure', { name: 'The answer that was sent' })
    await expect(answer.getByRole('listitem')).toHaveText(['Large', 'Skipped'])
    await expect(B.composer).toHaveCount(0)
    await B.check('the notice of a question answered elsewhere')
  } finally {
    await other.close()
  }
})
