import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { askSettled, readAsk, startAsk } from './support/test-api.ts'

// Each flow waits for real deadlines (seconds long) on a shared, loaded machine.
test.describe.configure({ timeout: 60_000 })

// A deadline the host owns: every tab counts down the same one, the person can
// ask for more time, typing can extend it (a host policy, here per ask), and
// when it passes nothing is decided for them and nothing they wrote is lost.

test('every tab counts down the same deadline, and "More time" moves it for all of them and for the agent', async ({
  page,
  context,
}) => {
  const A = await openChat(page)
  const B = await openChat(await context.newPage(), { sessionId: A.sessionId })
  // 90 s: room for two page loads on a loaded machine before the first look (40 s was not).
  const askId = await startAsk(page.request, A.sessionId, TWO_STEP, { timeoutMs: 90_000 })
  await A.seeQuestion(1, 2)
  await B.seeQuestion(1, 2)
  for (const tab of [A, B])
    await expect(tab.part('deadline-text')).toHaveText(/^Waiting (1 min( \d+ sec)?|\d+ sec) more$/)
  await A.check('a card with a deadline')
  await A.page.screenshot({ path: 'test-results/deadline-countdown.png' })

  await A.composer.getByRole('button', { name: 'More time' }).click()
  // 90 s + 5 min: both tabs say so, and the agent observed it.
  for (const tab of [A, B])
    await expect(tab.part('deadline-text')).toHaveText(/^Waiting [5-7] min more$/)
  await expect(A.part('deadline-announcer')).toHaveText(/^More time: waiting [5-7] min more$/)
  const ask = await readAsk(page.request, askId)
  expect(ask.status).toBe('pending')
  expect(ask.deadlines).toHaveLength(1)
  expect(ask.deadlines[0]?.reason).toBe('user')
  expect((ask.deadlines[0]?.deadlineAt ?? 0) - (ask.deadlines[0]?.previousDeadlineAt ?? 0)).toBe(
    300_000,
  )
  await B.check('the other tab after the extension')

  // The extension holds across a reload (the replay carries the moved deadline).
  await B.page.reload()
  await B.seeQuestion(1, 2)
  await expect(B.part('deadline-text')).toHaveText(/^Waiting [5-7] min more$/)
})

test('choosing and typing extend the deadline when the host extends on activity', async ({
  page,
}) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP, {
    timeoutMs: 12_000,
    autoExtend: true,
  })
  await I.seeQuestion(1, 2)
  await I.answer('Small')
  await I.seeQuestion(2, 2)
  await I.customField().click()
  await page.keyboard.type('Still thinking about it')
  // Within the last 30 s, a choice or a keystroke moves the deadline to a minute after it.
  await expect(I.part('deadline-text')).toHaveText(/^Waiting (1 min( \d+ sec)?|[3-5]\d sec) more$/)
  await expect
    .poll(async () => (await readAsk(page.request, askId)).deadlines.map((d) => d.reason))
    .toEqual(['activity'])
  await I.check('a deadline extended while typing')
  expect((await readAsk(page.request, askId)).status).toBe('pending')
})

test('when the deadline passes nothing is decided: the ask times out, the drafts stay, and they can be sent as a message', async ({
  page,
}) => {
  const I = await openChat(page)
  // No activity policy for this ask: typing does not extend it.
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP, { timeoutMs: 12_000 })
  await I.seeQuestion(1, 2)
  await I.answer('Large')
  await I.seeQuestion(2, 2)
  await I.customField().click()
  await page.keyboard.type('A late thought')

  await expect(I.part('ended-message')).toHaveText(
    /^Timed out after \d+ seconds — your answers were not sent\.$/,
    { timeout: 20_000 },
  )
  const ask = await askSettled(page.request, askId, 'rejected')
  expect(ask.error?.code).toBe('ASK_TIMED_OUT')
  expect(ask.answer).toBeUndefined()
  expect(ask.deadlines).toEqual([])
  await expect(I.part('ended-drafts')).toContainText('Large')
  await expect(I.part('ended-drafts')).toContainText('A late thought')
  await expect(I.part('deadline')).toHaveCount(0)
  await I.check('a timed-out card with its drafts')
  await I.page.screenshot({ path: 'test-results/deadline-timed-out.png' })

  await I.composer.getByRole('button', { name: 'Send as a message' }).click()
  await I.seeNoComposer()
  await expect(I.conversation.getByText(/A late thought/)).toBeVisible()
})

test('/deadline: the agent asks with a short deadline, hears about "More time", and acts on the answer', async ({
  page,
}) => {
  const I = await openChat(page)
  await I.say('/deadline')
  await I.seeQuestion(1, 2, 'Ship the release tonight?')
  await expect(I.part('deadline-text')).toHaveText(/^Waiting (1 min( \d+ sec)?|2 min) more$/)
  await I.composer.getByRole('button', { name: 'More time' }).click()
  await I.seeAgentSay("You asked for more time: I'll wait 5 more minutes.")
  await expect(I.part('deadline-text')).toHaveText(/^Waiting (6|7) min more$/)
  await I.answer('Ship it')
  await I.seeQuestion(2, 2)
  await I.skip()
  await I.submit()
  await I.seeAgentSay('Release: Ship it.')
})
