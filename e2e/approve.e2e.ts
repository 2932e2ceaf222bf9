import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'

test('a tool approval by keyboard alone: the command shown as code, Allow once by its digit and Enter, then a deny with a typed reason', async ({
  page,
}) => {
  const I = await openChat(page)
  await I.say('/approve')
  await I.seeAgentSay(/run the test suite/)
  await I.seeQuestion(1, 1, 'Allow the assistant to run this command?')
  // What would run, as code, before any choice.
  await expect(I.composer.locator('pre code')).toHaveText('npm test -- --coverage')
  await expect(I.option('Always allow')).toHaveAccessibleDescription(
    /Always allow npm test in this project/,
  )
  await I.check('an approval card')

  // The digit picks the decision; Enter on the last question sends it.
  await I.option('Allow once').focus()
  await page.keyboard.press('1')
  await expect(I.option('Allow once')).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Enter')
  await I.seeNoComposer()
  await I.seeAgentSay('Running npm test -- --coverage once.')

  await I.say('/approve')
  await I.seeQuestion(1, 1, 'Allow the assistant to run this command?')
  // Straight into the card, even while it still waits over the chat input: nothing typed is lost.
  await I.customField().focus()
  await page.keyboard.type('Run only the unit tests')
  await expect(I.customField()).toHaveValue('Run only the unit tests')
  await expect(I.part('hint')).toHaveText('Enter to submit · Shift+Enter for a new line')
  await page.keyboard.press('Enter')
  await I.seeNoComposer()
  await I.seeAgentSay('Not running it. Instead: Run only the unit tests')
})
