import type { Page, Response } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { askSettled, startAsk } from './support/test-api.ts'

/** Collects the receipts of every answer a page posts. */
function receiptsOf(page: Page): Promise<unknown>[] {
  const receipts: Promise<unknown>[] = []
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname === '/api/respond') receipts.push(response.json())
  })
  return receipts
}

test('answering in one tab settles the card in the other, which says so and keeps its drafts', async ({
  page,
  context,
}) => {
  const A = await openChat(page)
  const B = await openChat(await context.newPage(), { sessionId: A.sessionId })
  const askId = await startAsk(page.request, A.sessionId, TWO_STEP)
  await A.seeQuestion(1, 2)
  await B.seeQuestion(1, 2)

  await B.answer('Large')
  await B.seeQuestion(2, 2)

  await A.answer('Small')
  await A.typeCustom('Answered in tab A')
  await A.submit()
  await A.seeNoComposer()
  // B did not choose this ending: its card stays, says where and when it ended, keeps B's draft.
  await expect(B.part('ended-message')).toHaveText(
    /^Answered in another window at \d{1,2}:\d{2}\s?[AP]M \(Chrome on Linux\)\.$/,
  )
  await expect(B.part('ended-drafts')).toContainText('Large')
  await B.check('a card answered in another tab')
  await B.composer.getByRole('button', { name: 'Close' }).click()
  await B.seeNoComposer()
  await expect(B.chatInput).toBeFocused()

  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({
    answers: [
      { id: 'size', selected: ['Small'] },
      { id: 'story', selected: [], custom: 'Answered in tab A' },
    ],
  })
})

test('a card answered in another tab shows the answer that counted, and its own text as an unsent draft', async ({
  page,
  context,
}) => {
  const first = await openChat(page)
  const second = await openChat(await context.newPage(), { sessionId: first.sessionId })
  const askId = await startAsk(page.request, first.sessionId, TWO_STEP)
  await first.seeQuestion(1, 2)
  await second.seeQuestion(1, 2)

  // The first tab starts a draft and leaves it unsent.
  await first.answer('Large')
  await first.seeQuestion(2, 2)
  await first.typeCustom('A first thought, not sent')
  // The second tab answers.
  await second.answer('Small')
  await second.seeQuestion(2, 2)
  await second.typeCustom('The release notes, from the second tab')
  await second.submit()
  await second.seeNoComposer()

  // The first tab shows the second tab's answer as the answer, and its own text apart from it.
  const counted = first.composer.getByRole('figure', { name: 'The answer that was sent' })
  await expect(counted).toContainText('How large should the first release be?')
  await expect(counted).toContainText('Small')
  await expect(counted).toContainText('The release notes, from the second tab')
  await expect(counted).not.toContainText('Large')
  await expect(counted).not.toContainText('A first thought, not sent')
  const draft = first.composer.getByRole('figure', { name: 'Your unsent draft' })
  await expect(draft).toContainText('Large')
  await expect(draft).toContainText('A first thought, not sent')
  await expect(draft).not.toContainText('Small')
  await first.check('a card answered in another tab, with the answer that counted')

  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({
    answers: [
      { id: 'size', selected: ['Small'] },
      { id: 'story', selected: [], custom: 'The release notes, from the second tab' },
    ],
  })
})

test('a card answered in another tab is never accepted twice', async ({ page, context }) => {
  const A = await openChat(page)

  // Tab B's downlink can be held back, so its card stays up after tab A answers.
  const pageB = await context.newPage()
  let holding = false
  const held: (string | Buffer)[] = []
  let deliver: (message: string | Buffer) => void = () => {}
  await pageB.routeWebSocket(/\/api\/mux/, (socket) => {
    const server = socket.connectToServer()
    deliver = (message) => socket.send(message)
    server.onMessage((message) => {
      if (holding) held.push(message)
      else socket.send(message)
    })
    socket.onMessage((message) => server.send(message))
  })
  const B = await openChat(pageB, { sessionId: A.sessionId })
  const receiptsA = receiptsOf(page)
  const receiptsB = receiptsOf(pageB)

  const askId = await startAsk(page.request, A.sessionId, TWO_STEP)
  await A.seeQuestion(1, 2)
  await B.seeQuestion(1, 2)

  holding = true
  await A.answer('Small')
  await A.typeCustom('From tab A')
  await A.submit()
  await A.seeNoComposer()
  await askSettled(page.request, askId, 'answered')

  // B has not heard yet: its card is still up. Its answer is refused as not pending:
  // the card stays, with B's drafts, and says the question is gone.
  await B.answer('Large')
  await B.typeCustom('From tab B')
  await B.submit()
  await expect.poll(() => receiptsB.length).toBe(1)
  await expect(B.part('ended-message')).toHaveText(
    'This question is no longer waiting for an answer.',
  )
  await expect(B.part('ended-drafts')).toContainText('From tab B')

  // The held resolution arrives late: now B is told its answer was not used. No second card.
  holding = false
  for (const message of held.splice(0)) deliver(message)
  await B.seeConnected()
  await expect(B.part('ended-message')).toHaveText(
    'Your answer was not used: this question was answered in another tab first.',
  )
  await expect(B.composer).toHaveCount(1)

  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({
    answers: [
      { id: 'size', selected: ['Small'] },
      { id: 'story', selected: [], custom: 'From tab A' },
    ],
  })
  expect(await Promise.all(receiptsA)).toEqual([{ accepted: true }])
  expect(await Promise.all(receiptsB)).toEqual([{ accepted: false, reason: 'not-pending' }])
})
