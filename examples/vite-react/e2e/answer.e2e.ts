import { expect, type Page, test } from '@playwright/test'
import { EXPECTED_REACT, TOKEN } from './env'

const AGENT = { authorization: `Bearer ${TOKEN}` }
const COLOUR = {
  questions: [
    {
      id: 'colour',
      question: 'Which colour should the button be?',
      options: [{ label: 'Blue (Recommended)' }, { label: 'Green' }],
    },
  ],
}

/** Fails the test on any page error or console error. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`console.error: ${message.text()} (${message.location().url})`)
  })
  return errors
}

test('a question from the agent takes over the chat input and the answer reaches the tool', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)

  await test.step('I sign in and the chat connects', async () => {
    await page.goto('/login')
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('main')).toHaveAttribute('data-react-version', EXPECTED_REACT)
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
  })

  const message = page.getByRole('textbox', { name: 'Message', exact: true })
  await message.fill('A draft I am still writing')
  // The user leaves the input: a focused input with unsent text is never taken over.
  await message.blur()

  const asked = await request.post('/agent/ask', {
    headers: AGENT,
    data: { sessionId: 'chat-1', input: COLOUR },
  })
  expect(asked.status()).toBe(202)
  const { callId } = await asked.json()

  const composer = page.getByRole('region', { name: 'Question from the assistant' })
  await test.step('the question takes the chat input’s place', async () => {
    await expect(composer).toBeVisible()
    await expect(message).toBeHidden()
    await expect(
      composer.getByRole('heading', { name: 'Which colour should the button be?' }),
    ).toBeFocused()
  })

  await test.step('I pick Green and submit with the keyboard', async () => {
    const green = composer.getByRole('radio', { name: 'Green', exact: true })
    await page.keyboard.press('Tab')
    await expect(composer.getByRole('radio', { name: 'Blue', exact: true })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(green).toBeFocused()
    await page.keyboard.press('Space')
    await expect(green).toHaveAttribute('aria-checked', 'true')
    const submit = composer.getByRole('button', { name: 'Submit', exact: true })
    for (
      let presses = 0;
      presses < 5 && !(await submit.evaluate((el) => el === document.activeElement));
      presses++
    )
      await page.keyboard.press('Tab')
    await expect(submit).toBeFocused()
    await page.keyboard.press('Enter')
  })

  await test.step('the tool call resolves with Green and the chat input comes back', async () => {
    await expect
      .poll(async () =>
        (await request.get(`/agent/result?callId=${callId}`, { headers: AGENT })).json(),
      )
      .toEqual({
        status: 'answered',
        answer: { answers: [{ id: 'colour', selected: ['Green'] }] },
        text: expect.stringContaining('selected "Green"'),
      })
    await expect(composer).toBeHidden()
    await expect(message).toBeVisible()
    await expect(message).toHaveValue('A draft I am still writing')
  })

  expect(errors).toEqual([])
})
