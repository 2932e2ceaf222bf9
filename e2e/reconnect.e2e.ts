import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { PREFERENCES } from './support/questions.ts'
import { askSettled, dropSockets, startAsk } from './support/test-api.ts'

interface Watch {
  banner: string[]
  mostCards: number
}

test('when the host drops every socket the banner shows, and the same one card stays answerable', async ({
  page,
}) => {
  const I = await openChat(page)
  const askId = await startAsk(page.request, I.sessionId, PREFERENCES)
  await I.seeQuestion(1, 3)
  await I.answer('Red')
  await I.seeQuestion(2, 3)

  // Record every state the banner passes through, and the most composer cards ever on screen.
  await page.evaluate(() => {
    const watch: Watch = { banner: [], mostCards: 0 }
    Object.assign(window, { __watch: watch })
    const banner = document.querySelector('[data-scope="connection-banner"][data-part="root"]')
    const message = banner?.querySelector('[role="status"]')
    if (!banner || !message) throw new Error('no connection banner')
    const observe = () => {
      const state = `${banner.getAttribute('data-state')}:${message.textContent ?? ''}`
      if (watch.banner.at(-1) !== state) watch.banner.push(state)
      const cards = document.querySelectorAll(
        '[data-scope="question-composer"][data-part="root"]',
      ).length
      watch.mostCards = Math.max(watch.mostCards, cards)
    }
    observe()
    new MutationObserver(observe).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })
  })
  const watched = () => page.evaluate(() => (window as unknown as { __watch: Watch }).__watch)

  expect(await dropSockets(page.request)).toBeGreaterThan(0)

  await expect
    .poll(async () => (await watched()).banner)
    .toEqual(['open:', 'reconnecting:Reconnecting…', 'open:'])
  await I.seeConnected()
  await I.seeQuestion(2, 3)
  await expect(I.composer).toHaveCount(1)
  expect((await watched()).mostCards).toBe(1)

  // Still answerable, drafts intact.
  await I.toggle('Cats')
  await I.next()
  await I.seeQuestion(3, 3)
  await I.typeCustom('Back online')
  await I.submit()
  await I.seeNoComposer()
  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({
    answers: [
      { id: 'colour', selected: ['Red'] },
      { id: 'pets', selected: ['Cats'] },
      { id: 'note', selected: [], custom: 'Back online' },
    ],
  })
  expect((await watched()).mostCards).toBe(1)
})
