import { expectAccessible } from './support/axe.ts'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'

test('the /team inbox: one answered in place, one in its chat, one times out', async ({ page }) => {
  // The docs writer's deadline must outlast the steps before it on a loaded machine (15 s did not).
  test.setTimeout(120_000)
  const I = await openChat(page)
  await I.say('/team 45')
  // Asked together: the docs writer's, the only one with a deadline, comes first in the chat.
  await I.seeQuestion(1, 1, 'Where should the release notes go?')

  const inboxLink = page.getByRole('link', { name: /^Inbox/ })
  await expect(inboxLink).toContainText('3 waiting')
  await inboxLink.click()
  await expect(page).toHaveURL(/\/inbox$/)
  const inbox = page.getByRole('region', { name: 'Waiting for you' })
  const items = inbox.getByRole('listitem')
  await expect(items).toHaveCount(3)
  await expect(inbox.getByRole('status').first()).toHaveText('3 waiting')
  await expect(items.nth(0)).toContainText('Planner/team 45')
  await expect(items.nth(1)).toContainText('Planner › Test writer/team 45')
  await expect(items.nth(1)).toContainText('to set up the test suite for the release')
  await expect(items.nth(2)).toContainText('Planner › Docs writer')
  await page.screenshot({ path: 'test-results/inbox-three-waiting.png' })
  await expectAccessible(page, 'the inbox with three questions')

  // In place: the planner's question, without leaving the inbox.
  const planner = inbox.getByRole('listitem', { name: 'Which release should this go into?' })
  await planner.getByRole('button', { name: 'Answer here' }).click()
  await planner.getByRole('radio', { name: '2.0' }).click()
  await expectAccessible(page, 'a question answered in place')
  await page.screenshot({ path: 'test-results/inbox-answer-in-place.png' })
  await planner.getByRole('button', { name: 'Submit' }).click()
  await expect(items).toHaveCount(2)
  await expect(inboxLink).toContainText('2 waiting')
  await expect(inbox.getByRole('heading', { name: 'Waiting for you' })).toBeFocused()

  // By jumping: the test writer's question in its chat.
  const tests = inbox.getByRole('listitem', { name: 'Which test runner should the suite use?' })
  await tests.getByRole('link', { name: 'Open chat' }).click()
  await expect(page).toHaveURL(new RegExp(`/s/${I.sessionId}\\?q=[\\w-]+$`))
  await I.seeQuestion(1, 1, 'Which test runner should the suite use?')
  await expect(I.part('eyebrow')).toHaveText('Planner › Test writer · Tests')
  await I.answer('Jest')
  await I.submit()

  // The docs writer's deadline passes: it leaves the inbox, and the planner goes on without it.
  await expect(inboxLink).toContainText('0 waiting', { timeout: 60_000 })
  await I.seeAgentSay(
    'The release: 2.0. The test writer: Jest. The docs writer got no answer in time, so it went with CHANGELOG.md.',
  )
  await inboxLink.click()
  await expect(inbox.getByText('Nothing is waiting for you.')).toBeVisible()
  await expectAccessible(page, 'the empty inbox')
})
