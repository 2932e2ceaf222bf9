import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createDemoServer } from '../apps/host/src/server.ts'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { PREFERENCES } from './support/questions.ts'
import { startAsk } from './support/test-api.ts'

const webRoot = path.resolve('apps/web/dist')
// The same secret before and after, as a deployment keeps it: the browser stays itself.
const secret = 'restart-e2e-secret-of-32-characters!'

async function listen(port = 0) {
  const demo = createDemoServer({ webRoot, secret, testApi: true })
  await new Promise<void>((resolve) => demo.server.listen(port, '127.0.0.1', resolve))
  return { demo, port: (demo.server.address() as AddressInfo).port }
}

test('a restart of the in-memory host keeps the open card, what was typed in it, and the conversation on screen, and says the server restarted', async ({
  page,
  pageProblems,
}) => {
  const first = await listen()
  const origin = `http://127.0.0.1:${first.port}`
  let second: Awaited<ReturnType<typeof listen>> | undefined
  try {
    const I = await openChat(page, { origin, axe: false })
    await startAsk(page.request, I.sessionId, PREFERENCES, { origin })
    await I.seeQuestion(1, 3)
    await I.answer('Green')
    await I.seeQuestion(2, 3)
    await I.toggle('Dogs')
    await I.typeCustom('Parrots, if they are quiet')

    // The process stops (its agents' asks end) and another starts on the same address.
    await first.demo.close()
    second = await listen(first.port)

    const card = I.composer
    await expect(
      card.getByText(
        'The server stopped or restarted, so this question ended and no answer can reach the assistant. Nothing was sent.',
      ),
    ).toBeVisible()
    // Nothing the person typed is gone: the ended card lists it, to copy or send as a message.
    await expect(card.getByText('Green')).toBeVisible()
    await expect(card.getByText(/Parrots, if they are quiet/).first()).toBeVisible()
    await expect(card.getByRole('button', { name: 'Copy' })).toBeVisible()
    await expect(page.getByText('This chat does not exist')).toHaveCount(0)

    // The chat is gone from the new process: the page reads it again after the reconnect and
    // says so over the conversation instead of replacing it, and the card stays.
    await expect(
      page.getByRole('status').filter({ hasText: 'The server no longer has this chat' }),
    ).toBeVisible()
    await expect(I.conversation).toBeVisible()
    // The one error this flow expects: Chromium logs the 404 of reading the chat again. Only it.
    const expected = (problem: string) =>
      /^console\.error: Failed to load resource: .* 404 .*\/api\/sessions\//.test(problem)
    expect(pageProblems.filter((problem) => !expected(problem))).toEqual([])
    pageProblems.splice(0, pageProblems.length)
    await expect(card.getByText(/Parrots, if they are quiet/).first()).toBeVisible()
    await expect(page.getByText('This chat does not exist')).toHaveCount(0)
  } finally {
    await second?.demo.close()
    await first.demo.close().catch(() => {})
  }
})
