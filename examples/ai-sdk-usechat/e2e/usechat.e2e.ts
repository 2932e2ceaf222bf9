import { formatToolResult } from '@parley/tool'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

/** The questions the scripted model asks (server/model.ts), as the model wrote them. */
const QUESTIONS = [
  { id: 'db', question: 'Which database should the project use?' },
  { id: 'features', question: 'Which features should it start with?' },
  { id: 'name', question: 'What should the project be called?' },
]

type ToolOutput = { type: string; value: unknown }
type PromptMessage = {
  role: string
  content: string | { type: string; toolName?: string; output?: ToolOutput }[]
}

/** A person at the chat: what they do and what they see. */
function person(page: Page, request: APIRequestContext) {
  const composer = page.getByRole('region', { name: 'Question from the assistant' })
  const message = page.getByRole('textbox', { name: 'Message', exact: true })
  const transcript = page.getByRole('list', { name: 'Transcript' })
  return {
    composer,
    message,
    transcript,
    async open() {
      await page.goto('/')
      await expect(message).toBeVisible()
    },
    async say(text: string) {
      await message.fill(text)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
    },
    async seeQuestion(text: string) {
      await expect(composer.getByRole('heading', { name: text })).toBeVisible()
    },
    async choose(label: string | RegExp) {
      await composer.getByRole('radio', { name: label }).click()
    },
    async tick(label: string) {
      await composer.getByRole('checkbox', { name: label }).click()
    },
    async write(text: string) {
      await composer.getByRole('textbox', { name: /Other answer|Your answer/ }).fill(text)
    },
    async press(name: 'Next' | 'Skip' | 'Submit' | 'Dismiss question' | 'Discard') {
      await composer.getByRole('button', { name, exact: true }).click()
    },
    /** The tool results the model was sent on its last step, read from the test route. */
    async lastToolResults(): Promise<ToolOutput[]> {
      const chatId = await page.getByRole('main').getAttribute('data-chat-id')
      const response = await request.get(`/api/prompts?chat=${chatId}`)
      const { prompts } = (await response.json()) as { prompts: PromptMessage[][] }
      const last = prompts.at(-1) ?? []
      return last
        .filter((entry) => entry.role === 'tool' && Array.isArray(entry.content))
        .flatMap((entry) => (Array.isArray(entry.content) ? entry.content : []))
        .filter((part) => part.type === 'tool-result' && part.toolName === 'ask_user_question')
        .flatMap((part) => (part.output ? [part.output] : []))
    },
  }
}

/** Fails the test on any page error or console error. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(`console.error: ${entry.text()}`)
  })
  return errors
}

test('I answer two questions, skip one, and the model reads formatToolResult’s text', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const I = person(page, request)
  await I.open()
  await I.say('Set up a new project for me.')

  await test.step('the question takes the chat input’s place', async () => {
    await I.seeQuestion('Which database should the project use?')
    await expect(I.message).toBeHidden()
  })

  await test.step('I pick Postgres, skip the features and name the project', async () => {
    await I.choose(/Postgres/)
    await I.seeQuestion('Which features should it start with?')
    await I.press('Skip')
    await I.seeQuestion('What should the project be called?')
    await I.write('parley-demo')
    await I.press('Submit')
  })

  const text = formatToolResult(
    {
      answers: [
        { id: 'db', selected: ['Postgres (Recommended)'] },
        { id: 'features', selected: [] },
        { id: 'name', selected: [], custom: 'parley-demo' },
      ],
    },
    QUESTIONS,
  )
  await test.step('the chat input comes back and the model replies with what it read', async () => {
    await expect(I.transcript).toContainText('Here is what I read:')
    await expect(I.transcript).toContainText('skipped (no answer given; do not assume one)')
    await expect(I.composer).toBeHidden()
    await expect(I.message).toBeVisible()
    expect(await I.lastToolResults()).toEqual([{ type: 'text', value: text }])
  })
  expect(errors).toEqual([])
})

test('a reload in the middle of the batch keeps my answers so far', async ({ page, request }) => {
  const errors = watchErrors(page)
  const I = person(page, request)
  await I.open()
  await I.say('Set up a new project for me.')
  await I.choose(/SQLite/)
  await I.tick('Billing')
  await I.write('Exports')

  await page.reload()
  await test.step('the same question is back with my choices', async () => {
    await I.seeQuestion('Which features should it start with?')
    await expect(I.composer.getByRole('checkbox', { name: 'Billing' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await expect(I.composer.getByRole('textbox', { name: /Other answer/ })).toHaveValue('Exports')
  })

  await I.press('Next')
  await I.write('parley-demo')
  await I.press('Submit')
  await expect(I.transcript).toContainText('Here is what I read:')
  const [result] = await I.lastToolResults()
  expect(result).toEqual({
    type: 'text',
    value: formatToolResult(
      {
        answers: [
          { id: 'db', selected: ['SQLite'] },
          { id: 'features', selected: ['Billing'], custom: 'Exports' },
          { id: 'name', selected: [], custom: 'parley-demo' },
        ],
      },
      QUESTIONS,
    ),
  })
  expect(errors).toEqual([])
})

test('I dismiss the questions, and the model reads that a cancel is not consent', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const I = person(page, request)
  await I.open()
  await I.say('Set up a new project for me.')
  await I.choose(/Postgres/)
  await I.press('Dismiss question')
  await I.press('Discard')

  await expect(I.transcript).toContainText('You dismissed the questions')
  await expect(I.transcript).toContainText('Dismissed')
  await expect(I.message).toBeVisible()
  expect(await I.lastToolResults()).toEqual([
    {
      type: 'error-text',
      value:
        'The user cancelled the question (ASK_CANCELLED). A cancel is not consent: do not assume any answer and do not proceed as if approved.',
    },
  ])
  expect(errors).toEqual([])
})

test('bad input from the model goes back to it as INVALID_INPUT, and it asks again', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const I = person(page, request)
  await I.open()
  await I.say('Send a broken question first.')

  await I.seeQuestion('Which database should the project use?')
  await expect(I.transcript).toContainText('Sent back to the assistant to fix')
  const [repair] = await I.lastToolResults()
  expect(repair?.type).toBe('error-text')
  expect(repair?.value).toContain('(INVALID_INPUT)')
  expect(repair?.value).toContain('questions.0.multiSelect: unknown key')
  expect(errors).toEqual([])
})

test('a needsApproval tool: the card shows the call; Allow once runs it, and the model reads its output', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const I = person(page, request)
  await I.open()
  await I.say('Clean the build folder.')
  await I.seeQuestion('Allow clean_build?')
  await expect(I.composer.getByRole('cell', { name: 'dist' })).toBeVisible()
  await I.composer.getByRole('button', { name: 'Allow once', exact: true }).click()
  await expect(I.transcript).toContainText('Removed dist.')
  await expect(I.composer).toBeHidden()
  await expect(I.message).toBeVisible()
  expect(errors).toEqual([])
})

test('a needsApproval tool denied with a reason: it never runs, and the model reads the reason', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const I = person(page, request)
  await I.open()
  await I.say('Clean the build folder.')
  await I.seeQuestion('Allow clean_build?')
  await I.composer.getByRole('button', { name: 'Deny', exact: true }).click()
  const reason = I.composer.getByRole('textbox', { name: /Reason \(optional\)/ })
  await expect(reason).toBeFocused()
  await reason.fill('The release still needs dist')
  await page.keyboard.press('Enter')
  await expect(I.transcript).toContainText(
    'I did not clean it. You said: The release still needs dist',
  )
  await expect(I.composer).toBeHidden()
  expect(errors).toEqual([])
})
