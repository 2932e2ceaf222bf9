import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'

test('a new project is set up through three questions answered in the chat', async ({ page }) => {
  const I = await openChat(page)
  await I.say('Start a new project')
  await I.seeAgentSay(/three decisions/)
  await I.seeToolRow('Waiting for your answer')

  await I.seeQuestion(1, 3, 'Which framework should the project use?')
  await expect(I.option('React')).toContainText('Recommended')
  await I.answer('Vue')

  // A single-select choice advances by itself.
  await I.seeQuestion(2, 3, 'Which tooling should I set up?')
  await I.toggle('TypeScript')
  await I.toggle('Unit tests')
  await I.typeCustom('Storybook')
  await I.next()

  // The last question is optionless: one larger free-text field.
  await I.seeQuestion(3, 3, 'What should the project be called?')
  await expect(I.composer.getByRole('radio')).toHaveCount(0)
  // Named by the question, so a screen reader hears it in the field.
  await expect(I.customField()).toHaveAccessibleName(
    'What should the project be called? Your answer',
  )
  await I.typeCustom('Orbit')
  await I.submit()

  await I.seeNoComposer()
  await I.seeAgentSay('Creating Orbit with Vue, set up with TypeScript, Unit tests, Storybook.')
  await I.seeToolRow('answered 3/3')

  // The row expands to the answers.
  await I.toolRows().last().getByText('answered 3/3').click()
  await expect(I.toolRows().last()).toContainText('TypeScript, Unit tests, Storybook')
  await I.check('the answered tool row is expanded')
})
