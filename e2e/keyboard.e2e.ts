import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { askSettled, readAsk, startAsk } from './support/test-api.ts'

test('Enter on the last question sends the batch once every question is answered, else goes to the open one; Shift+Enter adds a line', async ({
  page,
}) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP)
  await I.seeQuestion(1, 2, 'How large should the first release be?')
  await expect(I.part('hint')).toHaveText(
    'Enter for the next question · Shift+Enter for a new line',
  )

  // Straight to the last question, leaving the first one open.
  await I.composer.getByRole('button', { name: 'Question 2: open' }).click()
  await I.seeQuestion(2, 2, 'Describe the release in a few lines.')
  await I.customField().click()
  await page.keyboard.type('Small but complete.')
  await I.press('Shift+Enter')
  await page.keyboard.type('No beta.')
  await expect(I.customField()).toHaveValue('Small but complete.\nNo beta.')

  // The first question is still open: the hint and Enter take the user there; nothing is sent.
  await expect(I.part('hint')).toHaveText(
    'Enter for the next question · Shift+Enter for a new line',
  )
  await I.press('Enter')
  await I.seeQuestion(1, 2)
  expect((await readAsk(page.request, askId)).status).toBe('pending')

  await I.answer('Small')
  await I.seeQuestion(2, 2)
  await expect(I.customField()).toHaveValue('Small but complete.\nNo beta.')
  await I.customField().focus()
  // Every question answered: the hint names the send, and one Enter sends.
  await expect(I.part('hint')).toHaveText('Enter to submit · Shift+Enter for a new line')
  await I.press('Enter')

  await I.seeNoComposer()
  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({
    answers: [
      { id: 'size', selected: ['Small'] },
      { id: 'story', selected: [], custom: 'Small but complete.\nNo beta.' },
    ],
  })
})

test('the Enter that confirms an IME candidate submits nothing', async ({ page }) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, [
    { id: 'city', header: 'City', question: 'Which city hosts the launch?' },
  ])
  await I.seeQuestion(1, 1, 'Which city hosts the launch?')
  await I.customField().click()

  // Record every Enter keydown as the page sees it.
  await page.evaluate(() => {
    const seen: { isComposing: boolean; keyCode: number }[] = []
    Object.assign(window, { __enters: seen })
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter')
          seen.push({ isComposing: event.isComposing, keyCode: event.keyCode })
      },
      true,
    )
  })
  const enters = () =>
    page.evaluate(() => (window as unknown as { __enters: unknown[] }).__enters.slice())

  // A Japanese IME: "にほん" is composing; Enter confirms the candidate "日本".
  const cdp = await page.context().newCDPSession(page)
  async function composeAndConfirm(reading: string, candidate: string, keyCode: number) {
    await cdp.send('Input.imeSetComposition', {
      text: reading,
      selectionStart: reading.length,
      selectionEnd: reading.length,
    })
    // The confirming Enter: a raw keydown (no character) while the composition is open,
    // then the commit. Real IMEs report the key code 229; some report 13.
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'rawKeyDown',
      key: 'Enter',
      code: 'Enter',
      windowsVirtualKeyCode: keyCode,
    })
    await cdp.send('Input.insertText', { text: candidate })
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key: 'Enter',
      code: 'Enter',
      windowsVirtualKeyCode: 13,
    })
  }

  await composeAndConfirm('にほん', '日本', 229)
  await composeAndConfirm('とうきょう', '東京', 13)

  // Chromium marked both Enters as part of the composition.
  expect(await enters()).toEqual([
    { isComposing: true, keyCode: 229 },
    { isComposing: true, keyCode: 13 },
  ])
  await expect(I.customField()).toHaveValue('日本東京')
  await expect(I.composer).toHaveAttribute('data-state', 'answering')
  await expect(I.part('status')).toHaveText('')
  expect((await readAsk(page.request, askId)).status).toBe('pending')
  await I.check('IME candidates were confirmed')

  // A later, deliberate Enter sends the one answered question. (Another key first, so this
  // Enter can't be mistaken for the stray Enter Safari sends after compositionend.)
  await I.press('End')
  await I.press('Enter')
  await I.seeNoComposer()
  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({ answers: [{ id: 'city', selected: [], custom: '日本東京' }] })
})

test('a digit chooses an option as soon as the card appears, with focus still on its title', async ({
  page,
}) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, TWO_STEP)
  await I.seeQuestion(1, 2, 'How large should the first release be?')
  await expect(I.title()).toBeFocused()
  // Every option shows its keycap; 2 is "Large", and a single-select choice advances.
  await I.press('2')
  await I.seeQuestion(2, 2, 'Describe the release in a few lines.')
  await I.composer.getByRole('button', { name: 'Question 1: answered' }).click()
  await expect(I.option('Large')).toHaveAttribute('aria-checked', 'true')
  expect((await readAsk(page.request, askId)).status).toBe('pending')
})
