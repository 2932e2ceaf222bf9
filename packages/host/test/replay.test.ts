import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryPendingStore, type PendingStore } from '../src/index.ts'
import {
  answerBody,
  eventReader,
  type Frame,
  openTab,
  post,
  readyTab,
  startHost,
  type TestHost,
} from './helpers.ts'

let running: TestHost | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

const questionsOf = (frames: Frame[]) => frames.filter((f) => f.type === 'question/requested')

describe('replay on every mux open', () => {
  it("starts every connection with the host's clock and instance, before the replay and on every reopen", async () => {
    const clock = { at: 1_700_000_000_000 }
    running = await startHost({ now: () => clock.at })
    running.ask('s1')
    const first = await readyTab(running.base)
    expect(first.wire.map((frame) => frame.type)).toEqual([
      'mux/hello',
      'question/requested',
      'mux/ready',
    ])
    const instance = first.wire[0]?.instance
    expect(first.wire[0]).toEqual({ type: 'mux/hello', now: 1_700_000_000_000, instance })
    expect(instance).toMatch(/^[0-9a-f-]{36}$/)
    clock.at += 90_000
    const again = await readyTab(running.base)
    expect(again.clocks).toEqual([1_700_000_090_000])
    expect(again.wire[0]?.instance).toBe(instance)
    // Another process, another instance: a tab that reconnects there knows what it held is lost.
    const other = await startHost()
    const elsewhere = await readyTab(other.base)
    expect(elsewhere.wire[0]?.instance).not.toBe(instance)
    await other.close()
    const sse = await fetch(`http://${running.base}/api/mux`, {
      headers: { accept: 'text/event-stream', 'x-user': 'alice' },
    })
    const events = eventReader(sse)
    await events.until((frames) => frames.some((frame) => frame.type === 'mux/ready'))
    expect(events.clocks).toEqual([1_700_000_090_000])
    await events.cancel()
  })

  it('replays each pending question with its rpcId and payload, in arrival order, then mux/ready', async () => {
    running = await startHost()
    const live = await readyTab(running.base)
    running.ask('s1')
    running.ask('s2')
    running.ask('s1', { callId: 'call-3' })
    const sent = await live.count('question/requested', 3)
    expect(sent.map((f) => f.sessionId)).toEqual(['s1', 's2', 's1'])

    for (let reopen = 0; reopen < 3; reopen++) {
      const tab = await readyTab(running.base)
      expect(tab.frames).toEqual([...sent, { type: 'mux/ready' }])
      tab.close()
      await tab.closed
    }
  })

  it('replays only the named sessions to a narrowed mux', async () => {
    running = await startHost()
    running.ask('s1')
    running.ask('s2')
    running.ask('b1')
    const tab = await readyTab(running.base, { sessions: ['s2'] })
    expect(tab.frames.map((f) => [f.type, f.sessionId])).toEqual([
      ['question/requested', 's2'],
      ['mux/ready', undefined],
    ])
    const both = await readyTab(running.base, { sessions: ['s1', 's2'] })
    expect(questionsOf(both.frames).map((f) => f.sessionId)).toEqual(['s1', 's2'])
  })

  it('never replays a settled question', async () => {
    running = await startHost()
    const answered = running.ask('s1')
    running.ask('s1')
    const controller = new AbortController()
    running.ask('s2', { signal: controller.signal })
    const [first, second] = running.registered.map((info) => info.rpcId)
    expect(await post(running.base, answerBody(first ?? '', 's1'))).toMatchObject({
      json: { accepted: true },
    })
    await answered
    controller.abort()
    const tab = await readyTab(running.base)
    expect(questionsOf(tab.frames).map((f) => f.rpcId)).toEqual([second])
  })

  it('delivers a question asked while the mux is being admitted exactly once', async () => {
    let admit = () => {}
    const gate = new Promise<void>((resolve) => {
      admit = resolve
    })
    running = await startHost({
      authenticate: async (request) => {
        await gate
        return request.headers.get('x-user')
      },
    })
    const tab = openTab(running.base, { user: 'alice' })
    // The upgrade request is in flight; ask while authenticate waits.
    await new Promise<void>((resolve) => running?.server.once('upgrade', () => resolve()))
    running.ask('s1')
    admit()
    await tab.ready()
    running.ask('s1')
    await tab.count('question/requested', 2)
    const ids = questionsOf(tab.frames).map((f) => f.rpcId)
    expect(new Set(ids).size).toBe(2)
  })

  /** The memory store, with `during` fired by whichever method the replay reads. */
  function storeFiring(before: boolean, indexed: boolean, hook: () => (() => void) | null) {
    const inner = createMemoryPendingStore()
    const around = <T>(read: () => T): T => {
      const fire = hook()
      if (before) fire?.()
      const entries = read()
      if (!before) fire?.()
      return entries
    }
    const store: PendingStore = {
      add: inner.add,
      get: inner.get,
      claim: inner.claim,
      list: () => around(() => inner.list()),
    }
    if (indexed)
      store.listSessions = (includes) => around(() => inner.listSessions?.(includes) ?? [])
    return store
  }

  it.each([
    ['before', true, 'indexed', true],
    ['after', false, 'indexed', true],
    ['before', true, 'list-only', false],
    ['after', false, 'list-only', false],
  ])(
    'delivers a question asked during the replay (%s the snapshot, %s store) exactly once, around mux/ready',
    async (_when, before, _kind, indexed) => {
      let during: (() => void) | null = null
      const store = storeFiring(before, indexed, () => {
        const fire = during
        during = null
        return fire
      })
      running = await startHost({ store })
      running.ask('s1')
      during = () => running?.ask('s2')
      const tab = await readyTab(running.base)
      running.ask('s1')
      await tab.count('question/requested', 3)
      const ids = questionsOf(tab.frames).map((f) => f.rpcId)
      expect(ids).toEqual(running.registered.map((info) => info.rpcId))
      expect(tab.frames.filter((f) => f.type === 'mux/ready')).toHaveLength(1)
    },
  )

  it('replays in global arrival order from a store without a session index', async () => {
    const inner = createMemoryPendingStore()
    const store: PendingStore = {
      add: inner.add,
      get: inner.get,
      claim: inner.claim,
      list: inner.list,
    }
    running = await startHost({ store })
    for (const session of ['s2', 's1', 'b1', 's2', 's1']) running.ask(session)
    const tab = await readyTab(running.base)
    expect(questionsOf(tab.frames).map((f) => f.sessionId)).toEqual(['s2', 's1', 's2', 's1'])
  })
})
