import { expect, test } from './support/fixtures.ts'
import { openChat, type Person } from './support/person.ts'

async function askForAPlan(I: Person): Promise<void> {
  await I.say('/plan')
  await I.seeComposer()
  await expect(I.composer.getByRole('heading', { name: 'Approve this plan?' })).toBeVisible()
  await expect(
    I.composer.getByRole('heading', { name: 'Migrate sessions to Postgres' }),
  ).toBeVisible()
  const runbook = I.composer.getByRole('link', { name: 'runbook' })
  await expect(runbook).toHaveAttribute('href', 'https://example.com/runbook')
  await expect(runbook).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(I.composer.getByRole('button', { name: 'Chat about it' })).toBeVisible()
  await I.check('a plan awaits review')
}

test('a plan can be approved, declined, or talked about, and the agent answers each differently', async ({
  page,
}) => {
  const I = await openChat(page)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await askForAPlan(I)
  await expect(page.getByText('Plan awaiting review').first()).toBeVisible()
  await I.reviewPlan('Approve')
  await I.seeNoComposer()
  await I.seeAgentSay('Plan approved. Starting with step 1')
  await I.seeToolRow('Asked 1 question · answered 1/1')

  await askForAPlan(I)
  await I.reviewPlan('Keep planning')
  await I.seeNoComposer()
  await I.seeAgentSay("Understood, I'll keep planning and come back with a revised version.")
  await I.seeToolRow('Asked 1 question · answered 1/1')

  await askForAPlan(I)
  await I.reviewPlan('Chat about it')
  await I.seeNoComposer()
  await I.seeAgentSay("Sure, let's talk it through. What would you like to change in the plan?")
  await I.seeToolRow('Asked 1 question · cancelled')
  await expect(I.conversation.locator('.message[data-role="agent"]')).toHaveCount(6)
})
