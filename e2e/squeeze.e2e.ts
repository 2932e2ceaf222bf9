import { expect, test } from './support/fixtures.ts'
import { expectInViewport, expectNoHorizontalScroll, expectNoOverlap } from './support/layout.ts'
import { openChat, type Person } from './support/person.ts'
import type { TestQuestion } from './support/test-api.ts'
import { startAsk } from './support/test-api.ts'

const CROWDED: TestQuestion[] = [
  {
    id: 'scope',
    header: 'Release scope',
    question:
      'Which parts of the release should the migration cover before the code freeze begins?',
    detail:
      'The **freeze** starts on Friday at noon. Anything not listed moves to the next release train; see the [release notes](https://example.com/notes).',
    multiSelect: true,
    options: [
      {
        label: 'Public API',
        description:
          'Endpoints and their contract tests, including the deprecated v1 routes that still see real traffic.',
      },
      {
        label: 'Web app (Recommended)',
        description: 'The dashboard and the settings pages, behind the existing feature flag.',
      },
      { label: 'Mobile apps', description: 'Both stores; review takes about two days.' },
      { label: 'Documentation and the migration guide for self-hosted installations' },
    ],
  },
  { id: 'owner', header: 'Owner', question: 'Who owns the rollout, and who is their backup?' },
]

/** The composer's rows, grouped as siblings: no two in a group may overlap. */
async function expectRowsApart(I: Person): Promise<void> {
  await test.step('no rows overlap', async () => {
    await expectNoOverlap({
      'app header': I.page.getByRole('banner'),
      composer: I.composer,
    })
    await expectNoOverlap({
      header: I.part('header'),
      confirm: I.part('confirm'),
      body: I.part('body'),
      status: I.part('status'),
      footer: I.part('footer'),
    })
    await expectNoOverlap({
      eyebrow: I.part('eyebrow'),
      'header actions': I.part('header-actions'),
    })
    await expectNoOverlap({
      title: I.part('title'),
      detail: I.part('detail'),
      options: I.part('options'),
      'custom answer': I.part('custom-answer'),
    })
    await expectNoOverlap({ option: I.part('option') })
    await expectNoOverlap({
      navigation: I.part('navigation'),
      actions: I.part('actions'),
    })
    await expectNoOverlap({
      pager: I.part('pager'),
      progress: I.part('progress'),
      skip: I.part('skip'),
      submit: I.part('submit'),
    })
  })
}

test('squeezed to 900×380, the composer rows never overlap and its controls stay on screen', async ({
  page,
}) => {
  // Six states, each with axe and about forty element boxes read over the protocol: 12.6 s
  // alone, but 66 s on a retry that records a trace (a DOM snapshot per call), so three times
  // the budget.
  test.slow()
  await page.setViewportSize({ width: 900, height: 380 })
  const I = await openChat(page)
  await startAsk(page.request, I.sessionId, CROWDED)
  await I.seeQuestion(1, 2)
  await expectRowsApart(I)
  await expectInViewport(page, { header: I.part('header'), footer: I.part('footer') })

  await I.toggle('Public API')
  await I.typeCustom('Also the CLI')
  await expectRowsApart(I)

  // The discard confirmation adds a row.
  await I.dismiss()
  await expect(I.part('confirm')).toBeVisible()
  await I.check('the discard confirmation is squeezed')
  await expectRowsApart(I)
  await expectInViewport(page, { confirm: I.part('confirm'), footer: I.part('footer') })
  await I.composer.getByRole('button', { name: 'Keep answering' }).click()

  await I.next()
  await I.seeQuestion(2, 2)
  await expectRowsApart(I)
  await expectInViewport(page, { header: I.part('header'), footer: I.part('footer') })

  // Validation feedback adds the status row.
  await I.press('Enter')
  await I.seeStatus('Choose an option, type an answer, or skip this question.')
  await expectRowsApart(I)
  await expectInViewport(page, { status: I.part('status'), footer: I.part('footer') })
})

test('at 320 px wide nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  const I = await openChat(page)
  await expectNoHorizontalScroll(page)

  await startAsk(page.request, I.sessionId, CROWDED)
  await I.seeQuestion(1, 2)
  await expectNoHorizontalScroll(page)
  await expectRowsApart(I)
  const card = await I.composer.boundingBox()
  expect(card && card.x >= 0 && card.x + card.width <= 320, JSON.stringify(card)).toBe(true)

  await I.toggle('Web app')
  await I.typeCustom('A long custom answer that has to wrap inside the narrow field')
  await expectNoHorizontalScroll(page)
  await expectRowsApart(I)

  await I.next()
  await I.seeQuestion(2, 2)
  await expectNoHorizontalScroll(page)
  await expectRowsApart(I)
})
