import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { startAsk } from './support/test-api.ts'

// A detail longer than its box says so: a fade and "Show more", reached and pressed by keyboard.

const STEPS = Array.from(
  { length: 30 },
  (_, i) => `${i + 1}. Step ${i + 1}: move the service, check it, then go on.`,
).join('\n')

test('a long detail fades out with "Show more", which the keyboard opens and a screen reader hears as expanded', async ({
  page,
}) => {
  const I = await openChat(page)
  await startAsk(page.request, I.sessionId, [
    {
      id: 'go',
      header: 'Migration',
      question: 'Run the migration like this?',
      detail: `## The steps\n\n${STEPS}`,
      options: [{ label: 'Yes' }, { label: 'No' }],
    },
  ])
  await I.seeQuestion(1, 1, 'Run the migration like this?')
  const detail = I.part('detail')
  const more = I.composer.getByRole('button', { name: 'Show more' })
  await expect(more).toHaveAttribute('aria-expanded', 'false')
  await expect(detail).toHaveAttribute('data-clipped', '')
  const clipped = (await detail.boundingBox())?.height ?? 0
  await I.check('a clipped detail')
  await I.composer.screenshot({ path: 'test-results/detail-clipped.png' })

  await more.focus()
  await I.press('Enter')
  const less = I.composer.getByRole('button', { name: 'Show less' })
  await expect(less).toHaveAttribute('aria-expanded', 'true')
  await expect(less).toBeFocused()
  await expect(detail).toContainText('Step 30')
  await expect
    .poll(async () => (await detail.boundingBox())?.height ?? 0)
    .toBeGreaterThan(clipped * 2)
  await I.check('the detail opened')
  await I.press('Enter')
  await expect(more).toHaveAttribute('aria-expanded', 'false')
  await I.seeQuestion(1, 1, 'Run the migration like this?')
})
