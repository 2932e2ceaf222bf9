import { expectAccessible } from './support/axe.ts'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { readAsk, startAsk } from './support/test-api.ts'

// Deadlines wherever a question is listed: the chat meets the request that
// runs out first, the card on screen stays, the chip names a waiting request
// that runs out sooner, and the inbox times every row and every card it opens.

test('the question that runs out first is met first, named on the chip while it waits, and timed and given more time in the inbox', async ({
  page,
}) => {
  // The docs writer's 90 s must outlast the steps before the inbox on a loaded machine.
  test.setTimeout(120_000)
  const I = await openChat(page)
  await I.say('/team 90')

  // Three asked together: the docs writer's, the only one with a deadline, comes first.
  await I.seeQuestion(1, 1, 'Where should the release notes go?')
  await expect(I.part('eyebrow')).toHaveText('Planner › Docs writer · Docs')
  await expect(I.part('request-position')).toHaveText('Request 1 of 3')
  // At most 89 s left: at least a second after the team asked, so what comes next was asked later.
  await expect(I.part('deadline-text')).toHaveText(
    /^Waiting (1 min( (5|10|15|20|25) sec)?|\d+ sec) more$/,
  )

  // A question asked later that runs out sooner waits behind the card on screen, and the chip says so.
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP, { timeoutMs: 60_000 })
  await expect(I.part('request-position')).toHaveText(
    /^Request 1 of 4 · (1 min|\d+ sec) left on request 2$/,
  )
  await expect(I.title()).toHaveText('Where should the release notes go?')
  await I.check('the chip names a waiting question that runs out first')
  await I.composer.screenshot({ path: 'test-results/queue-deadline-chip.png' })

  // The inbox says how long each timed question has left.
  await page.getByRole('link', { name: /^Inbox/ }).click()
  const inbox = page.getByRole('region', { name: 'Waiting for you' })
  await expect(inbox.getByRole('listitem')).toHaveCount(4)
  const later = inbox.getByRole('listitem', { name: 'How large should the first release be?' })
  const docs = inbox.getByRole('listitem', { name: 'Where should the release notes go?' })
  const planner = inbox.getByRole('listitem', { name: 'Which release should this go into?' })
  await expect(later).toHaveAccessibleDescription(/(1 min|\d+ sec) left$/)
  await expect(docs).toHaveAccessibleDescription(/(1 min( \d+ sec)?|\d+ sec) left$/)
  await expect(planner).not.toHaveAccessibleDescription(/left$/)
  await expectAccessible(page, 'inbox rows with the time left')

  // Its card, answered here, counts down and gets more time from the host.
  await later.getByRole('button', { name: 'Answer here' }).click()
  await expect(later.getByText(/^Waiting (1 min|\d+ sec) more$/)).toBeVisible()
  await later.getByRole('button', { name: 'More time' }).click()
  await expect(later.getByText(/^Waiting [5-6] min more$/)).toBeVisible()
  await expect(later).toHaveAccessibleDescription(/[5-6] min left$/)
  await expect
    .poll(async () => (await readAsk(page.request, askId)).deadlines.map((move) => move.reason))
    .toEqual(['user'])
  expect((await readAsk(page.request, askId)).status).toBe('pending')
  await expectAccessible(page, 'an inbox card with its countdown, after More time')
  await page.screenshot({ path: 'test-results/queue-deadline-inbox.png' })
})
