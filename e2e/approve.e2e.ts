import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'

const QUESTION = 'Allow the assistant to run this command?'

test('a tool approval by keyboard alone: the command shown as code, Allow once by its digit and Enter, a deny with a typed reason, an edit of the command', async ({
  page,
}) => {
  const I = await openChat(page)
  await I.say('/approve')
  await I.seeAgentSay(/run the test suite/)
  await I.seeQuestion(1, 1, QUESTION)
  // What would run, as code, before any choice; each decision a button, no radios, no Submit.
  await expect(I.composer.locator('pre code')).toHaveText('npm test -- --coverage')
  await expect(I.decision('Always allow')).toHaveAccessibleDescription(
    'Always allow npm test in this project',
  )
  await expect(I.composer.getByRole('radio')).toHaveCount(0)
  await expect(I.composer.getByRole('button', { name: 'Submit' })).toHaveCount(0)
  await I.check('an approval card')

  // The digit picks the decision and focus follows it; Enter sends it.
  await I.title().focus()
  await page.keyboard.press('1')
  await expect(I.decision('Allow once')).toBeFocused()
  await page.keyboard.press('Enter')
  await I.seeNoComposer()
  await I.seeAgentSay('Running npm test -- --coverage once.')

  await I.say('/approve')
  await I.seeQuestion(1, 1, QUESTION)
  // Deny opens its reason, focused; Enter sends the deny with it.
  await I.title().focus()
  await page.keyboard.press('4')
  await expect(I.decision('Deny')).toBeFocused()
  await page.keyboard.press('Enter')
  const reason = I.composer.getByRole('textbox', { name: `${QUESTION} Reason (optional)` })
  await expect(reason).toBeFocused()
  await page.keyboard.type('Run only the unit tests')
  await expect(I.part('hint')).toHaveText('Enter to submit · Shift+Enter for a new line')
  await I.check('the deny with its reason')
  await page.keyboard.press('Enter')
  await I.seeNoComposer()
  await I.seeAgentSay('Not running it. Instead: Run only the unit tests')

  await I.say('/approve')
  await I.seeQuestion(1, 1, QUESTION)
  // Edit opens a form of the command's arguments, focus in the first field; Enter sends it.
  await I.title().focus()
  await page.keyboard.press('3')
  await page.keyboard.press('Enter')
  const command = I.composer.getByRole('textbox', { name: 'Command (required)' })
  await expect(command).toBeFocused()
  await expect(command).toHaveValue('npm test -- --coverage')
  await I.check('the arguments editor')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('npm test -- --run')
  await page.keyboard.press('Enter')
  await I.seeNoComposer()
  await I.seeAgentSay('Running npm test -- --run once, as you edited it.')
})
