import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'

test('options with previews: the focused option shows its sketch beside the options, read as its description, and the layout never moves', async ({
  page,
}) => {
  const I = await openChat(page)
  await I.say('/preview')
  await I.seeAgentSay(/pick its layout/)
  await I.seeQuestion(1, 1, 'Which layout should the dashboard use?')
  const sidebar = I.option('Sidebar')
  const topBar = I.option('Top bar')
  // Each radio is described by its own preview (a screen reader hears the sketch).
  await expect(sidebar).toHaveAccessibleDescription(/Navigation on the left.*Nav\s+│ Revenue/s)
  const sketchOf = async (option: typeof sidebar) =>
    page.locator(`[id="${await option.getAttribute('id')}-preview"]`)
  await expect(await sketchOf(sidebar)).toBeVisible()
  await expect(await sketchOf(topBar)).toBeHidden()
  // The card's size, not its place: the page may still scroll the card into view.
  const sizeOf = async () => {
    const box = await I.composer.boundingBox()
    return box && { width: box.width, height: box.height }
  }
  const before = await sizeOf()

  await sidebar.focus()
  await page.keyboard.press('ArrowDown')
  await expect(topBar).toBeFocused()
  await expect(await sketchOf(topBar)).toBeVisible()
  await expect(await sketchOf(topBar)).toContainText('Home · Team · Settings')
  await expect(await sketchOf(sidebar)).toBeHidden()
  // The area is reserved: the card keeps its box while focus moves.
  expect(await sizeOf()).toEqual(before)
  await I.check('a preview shown beside the options')

  // Enter on an option of the last question, with nothing left unanswered, sends the batch.
  await page.keyboard.press('Enter')
  await I.seeNoComposer()
  await I.seeAgentSay('Layout: Top bar.')
})
