/**
 * The demo as a cluster (`playwright.cluster.config.ts`): three nodes on one
 * PostgreSQL behind a round-robin proxy. Each tab is opened on a node's own
 * port, so which node serves it is certain; the test API is read through
 * the proxy, which answers from every node in turn.
 */
import type { APIRequestContext } from '@playwright/test'
import { nodeNames, nodeOrigins } from './support/cluster.ts'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import { TWO_STEP } from './support/questions.ts'
import { type AskState, askSettled, startAsk } from './support/test-api.ts'

const [one, two, three] = nodeOrigins as [string, string, string]

/** Reads the ask through the proxy once per node, and says which node answered each time. */
async function readOnEveryNode(request: APIRequestContext, askId: string) {
  const seen = new Map<string, AskState>()
  for (let i = 0; i < 6 && seen.size < nodeNames.length; i++) {
    const response = await request.get(`/api/test/asks/${askId}`)
    expect(response.status()).toBe(200)
    seen.set(response.headers()['x-parley-node'] ?? 'none', (await response.json()) as AskState)
  }
  return seen
}

test('a question asked on node 3 shows in tabs on nodes 1 and 2; one answers, the other retires it', async ({
  page,
  context,
}) => {
  const A = await openChat(page, { origin: one })
  // The same browser on another node: the cookie node 1 minted verifies there too.
  const B = await openChat(await context.newPage(), { origin: two, sessionId: A.sessionId })

  // The transcript an agent writes on node 1 streams to the tab on node 2.
  await A.say('hello')
  await B.seeAgentSay(/scripted demo agent/)

  const askId = await startAsk(page.request, A.sessionId, TWO_STEP, { origin: three })
  await A.seeQuestion(1, 2)
  await B.seeQuestion(1, 2)
  const pending = await readOnEveryNode(page.request, askId)
  expect([...pending.keys()].sort()).toEqual([...nodeNames].sort())
  for (const state of pending.values()) expect(state.status).toBe('pending')

  await B.answer('Large')
  await B.typeCustom('Answered on node 2')
  await B.submit()
  await B.seeNoComposer()
  // Node 2's tab says where and when node 1's tab answered (the label crosses nodes).
  await expect(A.part('ended-message')).toHaveText(
    /^Answered in another window at .+ \(Chrome on Linux\)\.$/,
  )

  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({
    answers: [
      { id: 'size', selected: ['Large'] },
      { id: 'story', selected: [], custom: 'Answered on node 2' },
    ],
  })
  for (const state of (await readOnEveryNode(page.request, askId)).values())
    expect(state).toEqual(ask)
})

test('an ask aborted through the proxy ends in the tabs of every node', async ({
  page,
  context,
}) => {
  const A = await openChat(page, { origin: two })
  const B = await openChat(await context.newPage(), { origin: three, sessionId: A.sessionId })
  const askId = await startAsk(page.request, A.sessionId, TWO_STEP, { origin: one })
  await A.seeQuestion(1, 2)
  await B.seeQuestion(1, 2)
  // Two of every three aborts land on a node that does not hold the ask.
  const response = await page.request.post(`/api/test/asks/${askId}/abort`, { data: {} })
  expect(response.status()).toBe(200)
  const ask = await askSettled(page.request, askId, 'rejected')
  expect(ask.error?.code).toBe('ASK_ABORTED')
  await expect(A.part('ended-message')).toHaveText('The assistant stopped waiting for an answer.')
  await expect(B.part('ended-message')).toHaveText('The assistant stopped waiting for an answer.')
})

test('"More time" from a tab on another node moves the deadline in every tab and for the agent', async ({
  page,
  context,
}) => {
  const A = await openChat(page, { origin: two })
  const B = await openChat(await context.newPage(), { origin: three, sessionId: A.sessionId })
  const askId = await startAsk(page.request, A.sessionId, TWO_STEP, {
    origin: one,
    // 90 s: room for two page loads on a loaded machine before the first look (40 s was not).
    timeoutMs: 90_000,
  })
  await A.seeQuestion(1, 2)
  await B.seeQuestion(1, 2)
  for (const tab of [A, B])
    await expect(tab.part('deadline-text')).toHaveText(/^Waiting (1 min( \d+ sec)?|\d+ sec) more$/)

  // Node 2's tab asks node 2; the ask waits on node 1.
  await A.composer.getByRole('button', { name: 'More time' }).click()
  for (const tab of [A, B])
    await expect(tab.part('deadline-text')).toHaveText(/^Waiting [5-7] min more$/)
  // The agent on node 1 observed it (what the asking side saw is kept on its node).
  const held = await page.request.get(`${one}/api/test/asks/${askId}`)
  const ask = (await held.json()) as AskState
  expect(ask.status).toBe('pending')
  expect(ask.deadlines).toHaveLength(1)
  expect(ask.deadlines[0]?.reason).toBe('user')
  expect((ask.deadlines[0]?.deadlineAt ?? 0) - (ask.deadlines[0]?.previousDeadlineAt ?? 0)).toBe(
    300_000,
  )

  // A reload on node 3 replays the moved deadline, read from the database.
  await B.page.reload()
  await B.seeQuestion(1, 2)
  await expect(B.part('deadline-text')).toHaveText(/^Waiting [5-7] min more$/)
})
