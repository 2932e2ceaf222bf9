import { isUserQuestionError } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import {
  answerBody,
  cancelBody,
  manualTimers,
  post,
  readyTab,
  startHost,
  sync,
  type Tab,
  type TestHost,
} from './helpers.ts'

let running: TestHost
afterEach(() => running.close())

interface Tabs {
  everything: Tab
  onlyS1: Tab
  onlyS2: Tab
  bob: Tab
}

async function openTabs(): Promise<Tabs> {
  return {
    everything: await readyTab(running.base),
    onlyS1: await readyTab(running.base, { sessions: ['s1'] }),
    onlyS2: await readyTab(running.base, { sessions: ['s2'] }),
    bob: await readyTab(running.base, { user: 'bob' }),
  }
}

/** The outcome reached both s1 streams, and no other stream. */
async function expectBroadcastToS1Only(
  tabs: Tabs,
  rpcId: string,
  outcome: string,
  by?: { label: string; at: number },
  answer?: unknown,
) {
  const resolved = {
    type: 'question/resolved',
    rpcId,
    sessionId: 's1',
    outcome,
    ...(by && { by }),
    ...(answer !== undefined && { answer }),
  }
  expect(await tabs.everything.count('question/resolved')).toEqual([resolved])
  expect(await tabs.onlyS1.count('question/resolved')).toEqual([resolved])
  await sync(running.host, 's2', [tabs.onlyS2])
  await sync(running.host, 'b1', [tabs.bob])
  expect(tabs.onlyS2.of('question/resolved')).toEqual([])
  expect(tabs.bob.of('question/resolved')).toEqual([])
  expect(running.host.pending()).toEqual([])
}

const AT = 1_700_000_000_000
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

const rpcIdOf = () => running.registered[0]?.rpcId ?? ''

describe('how an ask settles, and who hears about it', () => {
  it('answered: the ask resolves with the normalized answer, and the tabs learn which browser answered when', async () => {
    running = await startHost({ now: () => AT })
    const tabs = await openTabs()
    const asked = running.ask('s1')
    const answered = await post(running.base, answerBody(rpcIdOf(), 's1'), { userAgent: CHROME })
    expect(answered.json).toEqual({ accepted: true })
    await expect(asked).resolves.toMatchObject({ answers: expect.any(Array) })
    await expectBroadcastToS1Only(
      tabs,
      rpcIdOf(),
      'answered',
      { label: 'Chrome on Linux', at: AT },
      await asked,
    )
  })

  it('answered: the tabs of the session are told the answer that counted, as the agent got it', async () => {
    running = await startHost({ now: () => AT })
    const tabs = await openTabs()
    const asked = running.ask('s1')
    await post(running.base, answerBody(rpcIdOf(), 's1'), { userAgent: CHROME })
    const [frame] = await tabs.onlyS1.count('question/resolved')
    expect(frame?.answer).toEqual(await asked)
    expect(frame?.answer).toMatchObject({
      answers: [
        { id: 'color', selected: ['Blue'] },
        { id: 'extras', selected: ['Cheese'], custom: 'Basil' },
        { id: 'note', selected: [], custom: 'Thanks' },
      ],
    })
  })

  it('cancelled: the ask rejects with ASK_CANCELLED, and the tabs learn where it was dismissed', async () => {
    running = await startHost({ now: () => AT })
    const tabs = await openTabs()
    const asked = running.ask('s1')
    const cancelled = await post(running.base, cancelBody(rpcIdOf(), 's1'), { userAgent: SAFARI })
    expect(cancelled.json).toEqual({ accepted: true })
    const error = await asked.catch((e: unknown) => e)
    expect(isUserQuestionError(error, 'ASK_CANCELLED')).toBe(true)
    await expectBroadcastToS1Only(tabs, rpcIdOf(), 'cancelled', {
      label: 'Safari on iPhone',
      at: AT,
    })
  })

  it('a client whose User-Agent names no browser is an empty label, never its text', async () => {
    running = await startHost({ now: () => AT })
    const tabs = await openTabs()
    const asked = running.ask('s1')
    await post(running.base, answerBody(rpcIdOf(), 's1'), { userAgent: 'build-bot/7 (id 4711)' })
    await expectBroadcastToS1Only(tabs, rpcIdOf(), 'answered', { label: '', at: AT }, await asked)
  })

  it('aborted by the signal: ASK_ABORTED', async () => {
    running = await startHost()
    const tabs = await openTabs()
    const controller = new AbortController()
    const asked = running.ask('s1', { signal: controller.signal })
    await tabs.onlyS1.count('question/requested')
    controller.abort()
    const error = await asked.catch((e: unknown) => e)
    expect(isUserQuestionError(error, 'ASK_ABORTED')).toBe(true)
    await expectBroadcastToS1Only(tabs, rpcIdOf(), 'aborted')
    expect(await post(running.base, answerBody(rpcIdOf(), 's1'))).toMatchObject({
      json: { reason: 'not-pending' },
    })
  })

  it('aborted by dispose: every pending ask rejects with ASK_ABORTED', async () => {
    running = await startHost()
    const tabs = await openTabs()
    const first = running.ask('s1')
    const second = running.ask('s2')
    const [a, b] = running.registered.map((info) => info.rpcId)
    await tabs.everything.count('question/requested', 2)
    running.host.dispose()
    for (const asked of [first, second]) {
      const error = await asked.catch((e: unknown) => e)
      expect(isUserQuestionError(error, 'ASK_ABORTED')).toBe(true)
    }
    await tabs.everything.closed
    // The host goes away with its agents' asks: the tabs hear that the server is gone.
    const gone = { type: 'question/resolved', outcome: 'aborted', reason: 'server-gone' }
    expect(tabs.everything.of('question/resolved')).toEqual([
      { ...gone, rpcId: a, sessionId: 's1' },
      { ...gone, rpcId: b, sessionId: 's2' },
    ])
    expect(tabs.onlyS1.of('question/resolved').map((f) => f.rpcId)).toEqual([a])
    expect(tabs.onlyS2.of('question/resolved').map((f) => f.rpcId)).toEqual([b])
    expect((await tabs.bob.closed).code).toBe(1001)
    expect(tabs.bob.of('question/resolved')).toEqual([])
  })

  it('timed out: ASK_TIMED_OUT, and no answer is picked for the user', async () => {
    const clock = manualTimers()
    running = await startHost({ timers: clock.timers })
    const tabs = await openTabs()
    const asked = running.ask('s1', { timeoutMs: 60_000 })
    await tabs.onlyS1.count('question/requested')
    clock.fire(60_000)
    const error = await asked.catch((e: unknown) => e)
    expect(isUserQuestionError(error, 'ASK_TIMED_OUT')).toBe(true)
    await expectBroadcastToS1Only(tabs, rpcIdOf(), 'timed-out')
  })

  it('an answer before the deadline clears the timer', async () => {
    const clock = manualTimers()
    running = await startHost({ timers: clock.timers })
    const asked = running.ask('s1', { timeoutMs: 1000 })
    expect(clock.pending.size).toBe(1)
    await post(running.base, answerBody(rpcIdOf(), 's1'))
    await asked
    expect(clock.pending.size).toBe(0)
  })
})
