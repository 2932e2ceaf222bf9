import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'

test('a batch of ten questions is answered with the keyboard alone', async ({ page }) => {
  // Ten questions, each checked by axe: three times the default budget.
  test.slow()
  const I = await openChat(page)
  await I.chatInput.focus()
  await page.keyboard.type('/many')
  await I.press('Enter')

  // The takeover puts focus on the question's heading, never on <body>.
  await I.seeQuestion(1, 10, 'Where should the service run?')
  await expect(I.title()).toBeFocused()
  await I.press('Tab')
  await expect(I.option('eu-west')).toBeFocused()
  // Digits choose within the options; a single-select choice advances.
  await I.press('2')

  await I.seeQuestion(2, 10, 'How large should each instance be?')
  // Focus lands in the options of the new question; arrows move it, Space chooses.
  await expect(I.option('Small')).toBeFocused()
  await I.press('ArrowDown')
  await I.press('ArrowDown')
  await expect(I.option('Large')).toBeFocused()
  await I.press('Space')

  await I.seeQuestion(3, 10, 'How many replicas to start with?')
  await I.press('End')
  await expect(I.option('3')).toBeFocused()
  await I.press('Enter')

  await I.seeQuestion(4, 10, 'Which database engine?')
  await I.press('1')

  await I.seeQuestion(5, 10, 'Add a cache layer?')
  await I.tabTo('Skip')
  await I.press('Enter')

  await I.seeQuestion(6, 10, 'Which sign-in methods?')
  await I.press('1')
  await expect(I.checkbox('Email link')).toHaveAttribute('aria-checked', 'true')
  await I.press('ArrowDown')
  await I.press('ArrowDown')
  await expect(I.checkbox('GitHub')).toBeFocused()
  await I.press('Space')
  await expect(I.checkbox('GitHub')).toHaveAttribute('aria-checked', 'true')
  // A multi-select keeps its own answer next to the checked ones.
  await I.press('Tab')
  await expect(I.customField()).toBeFocused()
  await page.keyboard.type('SSO later')
  await I.check('a multi-select with checked options and its own answer')
  await I.press('Enter')

  await I.seeQuestion(7, 10, 'Where should logs go?')
  await I.press('2')

  await I.seeQuestion(8, 10, 'Who gets paged on incidents?')
  await expect(I.customField()).toBeFocused()
  await page.keyboard.type('The on-call rotation')
  await I.press('Enter')

  await I.seeQuestion(9, 10, 'How often should backups run?')
  await I.press('ArrowUp')
  await expect(I.option('Weekly')).toBeFocused()
  await I.press('Space')

  await I.seeQuestion(10, 10, 'Anything else I should know?')
  await page.keyboard.type('Nothing else.')
  await I.press('Shift+Enter')
  await page.keyboard.type('Thanks!')
  // Enter on the last question, with every other one answered or skipped, sends the batch.
  await I.press('Enter')

  await I.seeNoComposer()
  await I.seeAgentSay("Thanks, 9 of 10 answered. I'll use defaults for the rest.")
  await I.seeToolRow('Asked 10 questions · answered 9/10')
  await I.toolRows().last().locator('summary').click()
  const answers = I.toolRows().last()
  await expect(answers.locator('dd')).toHaveText([
    'us-east',
    'Large',
    '3',
    'Postgres',
    'Skipped',
    'Email link, GitHub, SSO later',
    'A log service',
    'The on-call rotation',
    'Weekly',
    'Nothing else.\nThanks!',
  ])
  await I.check('the ten answers are listed')
})
