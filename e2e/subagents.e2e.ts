import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'

test('a subagent is refused unless the chat routes it, and the eyebrow says who asks', async ({
  page,
}) => {
  const I = await openChat(page)

  // Without the host's opt-in a delegated caller gets DELEGATED_CALLER: only the planner asks.
  await I.say('/subagents off')
  await I.seeAgentSay(/may no longer ask you directly/)
  await I.say('/team')
  await I.seeQuestion(1, 1, 'Which release should this go into?')
  await expect(I.part('eyebrow')).toHaveText('Planner · Release')
  const refused = I.toolRows().filter({ hasText: 'DELEGATED_CALLER' })
  await expect(refused).toHaveCount(2)
  await expect(refused.first()).toContainText('Planner › Test writer asked 1 question · failed')
  await I.answer('2.0')
  await I.submit()
  await I.seeAgentSay(
    'The release: 2.0. The test writer may not ask you directly here, so I chose Vitest for it. The docs writer may not ask you directly here, so I chose CHANGELOG.md for it.',
  )

  // Opted in: all three ask, each card in its asker's name; the docs writer's, the only one
  // with a deadline, first, then the others in the order they asked.
  await I.say('/subagents on')
  await I.seeAgentSay(/may now ask you directly/)
  await I.say('/team')
  await I.seeQuestion(1, 1, 'Where should the release notes go?')
  await expect(I.part('request-position')).toHaveText('Request 1 of 3')
  await expect(I.part('eyebrow')).toHaveText('Planner › Docs writer · Docs')
  // The card's region says who asks, not always "the assistant".
  await expect(
    page.getByRole('region', { name: 'Question from Planner › Docs writer' }),
  ).toBeVisible()
  await I.answer('The docs site')
  await I.submit()
  await I.seeQuestion(1, 1, 'Which release should this go into?')
  await expect(I.part('request-position')).toHaveText('Request 1 of 2')
  await I.answer('1.4')
  await I.submit()
  await I.seeQuestion(1, 1, 'Which test runner should the suite use?')
  await expect(I.part('eyebrow')).toHaveText('Planner › Test writer · Tests')
  await I.composer.screenshot({ path: 'test-results/subagent-eyebrow.png' })
  await I.answer('Jest')
  await I.submit()
  await I.seeAgentSay('The release: 1.4. The test writer: Jest. The docs writer: The docs site.')
  await I.seeToolRow('Planner › Docs writer asked 1 question · answered 1/1')
})
