import { E2E_ADMIN_TOKEN } from './support/admin-token.ts'
import { proxyPort } from './support/cluster.ts'
import { expect, test } from './support/fixtures.ts'
import { openAdmin } from './support/operator.ts'
import { openChat } from './support/person.ts'

test('an approval answered in the chat is found in /admin by keyboard alone and opened as the person saw it', async ({
  page,
}) => {
  const I = await openChat(page)
  await I.say('/approve')
  await I.seeQuestion(1, 1, 'Allow the assistant to run this command?')
  await I.title().focus()
  await page.keyboard.press('1')
  await expect(I.decision('Allow once')).toBeFocused()
  await page.keyboard.press('Enter')
  await I.seeNoComposer()
  await I.seeAgentSay('Running npm test -- --coverage once.')

  const O = await openAdmin(page)
  await O.seeTokenForm()
  await O.enterToken()
  // The token stays in this tab's sessionStorage, never in a cookie.
  expect(await page.evaluate(() => sessionStorage.getItem('parley-admin-token'))).toBe(
    E2E_ADMIN_TOKEN,
  )
  expect((await page.context().cookies()).map((cookie) => cookie.value)).not.toContain(
    E2E_ADMIN_TOKEN,
  )

  await O.filterBySession(I.sessionId)
  await O.seeRow('Allow the assistant to run this command?', 'Answered')
  await expect(O.rows()).toHaveCount(1)
  await O.filterByOutcome('Cancelled')
  await expect(O.rows()).toHaveCount(0)
  await expect(page.getByText('No question on record matches.')).toBeVisible()
  await O.filterByOutcome('Answered')
  await O.seeRow('Allow the assistant to run this command?', 'Answered')

  await O.openQuestion('Allow the assistant to run this command?')
  await expect(page).toHaveURL(/\/admin\?q=/)
  await expect(O.fact('Outcome')).toHaveText('Answered')
  await expect(O.fact('Session')).toHaveText(I.sessionId)
  await expect(O.fact('By')).toHaveText(/Chrome on Linux/)
  // The downlink is what the recording node saw (docs/observability.md): through the cluster's
  // round-robin proxy the tab may be on another node, and the record then names its node alone.
  const clustered = new URL(test.info().project.use.baseURL ?? '').port === String(proxyPort)
  await expect(O.fact('Where')).toHaveText(clustered ? /^node-\d/ : /websocket/)
  const shown = page.getByRole('article', { name: 'Allow the assistant to run this command?' })
  await expect(shown.getByText('Approval of the tool')).toContainText('Bash')
  await expect(shown.locator('pre code')).toContainText('npm test -- --coverage')
  await expect(shown.getByRole('list', { name: 'Options shown' }).getByRole('listitem')).toHaveText(
    ['Allow once (chosen)', /^Always allow/, /^Edit/, /^Deny/],
  )
  await expect(O.fact('Decision', shown)).toHaveText('Allowed once')
  await O.check('the approval opened')
  await page.screenshot({ path: 'reports/admin-record.png', fullPage: true })

  // Back to the list, still by keyboard; the theme follows the demo's.
  await O.tabTo(page.getByRole('link', { name: 'All questions' }), 'All questions')
  await page.keyboard.press('Enter')
  // The filters stand.
  await expect(O.table).toHaveAccessibleName(
    `Questions, newest first: answered, in session ${I.sessionId}`,
  )
  await O.seeRow('Allow the assistant to run this command?', 'Answered')
  await O.tabTo(page.getByRole('button', { name: 'Dark theme' }), 'the theme toggle')
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await O.check('the list in the dark theme')
  await page.screenshot({ path: 'reports/admin-list-dark.png', fullPage: true })
})
