import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryPendingStore, type PendingStore } from '../src/index.ts'
import {
  answerBody,
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

  it.each([
    ['before', true],
    ['after', false],
  ])(
    'delivers a question asked during the replay (%s the snapshot) exactly once, around mux/ready',
    async (_when, before) => {
      let during: (() => void) | null = null
      const inner = createMemoryPendingStore()
      const store: PendingStore = {
        ...inner,
        list() {
          const fire = during
          during = null
          if (before) fire?.()
          const entries = inner.list()
          if (!before) fire?.()
          return entries
        },
      }
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
})
