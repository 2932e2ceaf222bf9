import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'

// A card must not move under a pointer about to press one of its options: two things
// used to move it there (a flow clicked an option during the move and the click was lost).

test('a card holds still under a moving pointer while it waits, and its deadline row keeps its place while its words load', async ({
  page,
}) => {
  // The deadline's words are their own chunk: it is held back until the flow lets it go.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/(countdown|queue-deadline)-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  const I = await openChat(page)
  await I.say('/subagents on')
  await I.seeAgentSay(/may now ask you directly/)
  await I.say('/team')
  // Unsent text in the chat input: the first card waits over it, whatever the timing.
  await I.chatInput.fill('a note')
  const card = page.getByRole('region', { name: 'Question from Planner › Docs writer' })
  const option = card.getByRole('radio', { name: 'The docs site' })
  await expect(option).toBeVisible()
  await expect(I.chatInput).toBeVisible()
  const loading = await card.boundingBox()

  // The words arrive: the row was already there, so the card keeps its height.
  release()
  const words = card.getByText(/^Waiting \d+ min/)
  await expect(words).toBeVisible()
  expect((await card.boundingBox())?.height).toBe(loading?.height)

  // The pointer works its way over the options, and the chat input is cleared: the card
  // would take over a second later, but it holds still while the pointer moves on it.
  const before = await option.boundingBox()
  if (!before) throw new Error('The option has no box.')
  await I.chatInput.fill('')
  // The countdown is the page's own clock: two changes of its words are over a second.
  let x = before.x + 20
  for (let change = 0; change < 2; change++) {
    const shown = (await words.textContent()) ?? ''
    while ((await words.textContent()) === shown) {
      x = x === before.x + 20 ? before.x + 60 : before.x + 20
      await page.mouse.move(x, before.y + before.height / 2, { steps: 4 })
    }
  }
  await expect(I.chatInput).toBeVisible()
  expect(await option.boundingBox()).toEqual(before)

  // The pointer rests: a second later the card takes the chat input's place.
  await expect(I.chatInput).toBeHidden()
  await option.click()
  await expect(option).toBeChecked()
})
