import { expect, test } from './support/fixtures.ts'
import { openChat, type Person } from './support/person.ts'
import { askSettled, readAsk, startAsk } from './support/test-api.ts'

/** The summary card of an answer the agent lets you change. */
function answeredCard(I: Person) {
  return I.page.locator('[data-scope="answered"][data-part="root"]')
}

test('a changed answer is taken once across two tabs, and the agent adapts its next step', async ({
  page,
  context,
}) => {
  const A = await openChat(page)
  const B = await openChat(await context.newPage(), { sessionId: A.sessionId })
  await A.say('Start a new project')
  await A.seeQuestion(1, 3)
  await A.answer('React')
  await A.toggle('TypeScript')
  await A.next()
  await A.typeCustom('Orbit')
  await A.submit()
  await A.seeAgentSay(
    "Creating Orbit with React, set up with TypeScript. I'll report back when the scaffold is ready.",
  )

  // Both tabs show the answer as a compact summary with Change, B after a reload too.
  await expect(answeredCard(B)).toHaveCount(1)
  await B.page.reload()
  await B.seeConnected()
  for (const I of [A, B]) {
    await expect(answeredCard(I)).toContainText('Which framework should the project use?React')
    await expect(I.page.getByRole('button', { name: 'Change' })).toBeVisible()
  }
  await answeredCard(A).screenshot({ path: 'test-results/answered-summary.png' })
  await A.check('the answered summary')

  // Both change it from the same answer; B sends first and wins.
  await B.page.getByRole('button', { name: 'Change' }).click()
  await A.page.getByRole('button', { name: 'Change' }).click()
  await A.seeChecked('React')
  await A.page.screenshot({ path: 'test-results/answered-change-open.png' })
  await A.check('the card reopened with the sent answer')
  await B.answer('Vue')
  await B.next()
  await B.submit()
  await expect(answeredCard(B).getByRole('status')).toHaveText(
    'Changed. The assistant has your new answer.',
  )
  await A.answer('Svelte')
  await A.next()
  await A.submit()
  await expect(answeredCard(A).getByRole('status')).toHaveText(
    'It was changed in another tab first; this is the answer now.',
  )
  await expect(answeredCard(A)).toContainText('Which framework should the project use?Vue')
  await answeredCard(A).screenshot({ path: 'test-results/answered-superseded.png' })
  await A.check('a change another tab beat')

  await A.seeAgentSay(
    "You changed the framework, so I'm redoing the scaffold: now creating Orbit with Vue, set up with TypeScript.",
  )
  await expect(A.conversation.getByText(/redoing the scaffold/)).toHaveCount(1)

  // The next message moves the agent on: the answer can no longer be changed.
  await A.say('/help')
  await expect(answeredCard(A)).toHaveCount(0)
  await expect(answeredCard(B)).toHaveCount(0)
})

test('a change sent after the window is refused, and the card says so', async ({
  page,
  context,
}) => {
  const A = await openChat(page)
  const B = await openChat(await context.newPage(), { sessionId: A.sessionId })
  const askId = await startAsk(
    page.request,
    A.sessionId,
    [{ id: 'size', question: 'Which size?', options: [{ label: 'Small' }, { label: 'Large' }] }],
    // Room to press Change before the window closes on a loaded machine (4 s was not).
    { amendWindowMs: 8_000 },
  )
  await A.seeQuestion(1, 1, 'Which size?')
  await A.answer('Small')
  await A.submit()
  await askSettled(page.request, askId, 'answered')
  await A.page.getByRole('button', { name: 'Change' }).click()
  await A.answer('Large')
  // Tab B's summary goes when the host closes the window.
  await expect(answeredCard(B)).toHaveCount(1)
  await expect(answeredCard(B)).toHaveCount(0, { timeout: 20_000 })
  await A.submit()
  await expect(answeredCard(A).getByRole('status')).toHaveText(
    'The time to change this answer has passed.',
  )
  await expect(A.page.getByRole('button', { name: 'Change' })).toHaveCount(0)
  await answeredCard(A).screenshot({ path: 'test-results/answered-window-closed.png' })
  await A.check('a change refused after the window')
  expect((await readAsk(page.request, askId)).amendments).toEqual([])
  await answeredCard(A).getByRole('button', { name: 'Close' }).click()
  await expect(answeredCard(A)).toHaveCount(0)
})
