import { isUserQuestionError } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryPendingStore, type PendingStore } from '../src/index.ts'
import {
  answerBody,
  openTab,
  post,
  QUESTIONS,
  readyTab,
  startHost,
  sync,
  type TestHost,
} from './helpers.ts'

let running: TestHost | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

describe('registering an ask', () => {
  it('registers the question before any tab sees it, so an immediate answer is accepted', async () => {
    const order: string[] = []
    const inner = createMemoryPendingStore()
    const store: PendingStore = {
      ...inner,
      add(entry) {
        order.push('registered')
        inner.add(entry)
      },
    }
    running = await startHost({ store })
    const tab = await readyTab(running.base)
    const receipt = new Promise((resolve) => {
      tab.socket.on('message', (data) => {
        const frame = JSON.parse(String(data))
        if (frame.type !== 'question/requested') return
        order.push('delivered')
        resolve(post(running?.base ?? '', answerBody(frame.rpcId, 's1')))
      })
    })
    const asked = running.ask('s1')
    expect(await receipt).toEqual({ status: 200, json: { accepted: true } })
    await expect(asked).resolves.toEqual({
      answers: [
        { id: 'color', selected: ['Blue'] },
        { id: 'extras', selected: ['Cheese'], custom: 'Basil' },
        { id: 'note', selected: [], custom: 'Thanks' },
      ],
    })
    expect(order).toEqual(['registered', 'delivered'])
  })

  it('sends nothing when the question cannot be registered', async () => {
    const store: PendingStore = {
      ...createMemoryPendingStore(),
      add() {
        throw new Error('store down')
      },
    }
    running = await startHost({ store })
    const tab = await readyTab(running.base)
    await expect(running.ask('s1')).rejects.toThrow('store down')
    await sync(running.host, 's1', [tab])
    expect(tab.of('question/requested')).toEqual([])
  })

  it('rejects an ask without a session with ASK_MISSING_SESSION', async () => {
    running = await startHost()
    const error = await running.service.ask({ questions: QUESTIONS }).catch((e: unknown) => e)
    expect(isUserQuestionError(error, 'ASK_MISSING_SESSION')).toBe(true)
    expect(running.host.pending()).toEqual([])
  })

  it('routes an ask through sessionOf when the request names no session', async () => {
    running = await startHost({ sessionOf: (request) => `s${request.callId}` })
    const tab = await readyTab(running.base, { sessions: ['s2'] })
    void running.service.ask({ questions: QUESTIONS, callId: '2' }).catch(() => {})
    const [frame] = await tab.count('question/requested')
    expect(frame).toMatchObject({ sessionId: 's2', callId: '2', questions: QUESTIONS })
    expect(running.registered[0]?.sessionId).toBe('s2')
  })

  it('re-checks the abort signal at registration', async () => {
    running = await startHost()
    const tab = await readyTab(running.base)
    const controller = new AbortController()
    controller.abort(new Error('turn ended'))
    // Straight to the provider: the seam's own pre-check is not what is tested here.
    const error = await running.host.provider
      .ask({ questions: QUESTIONS, sessionId: 's1', signal: controller.signal })
      .catch((e: unknown) => e)
    expect(isUserQuestionError(error, 'ASK_ABORTED')).toBe(true)
    await sync(running.host, 's1', [tab])
    expect(tab.of('question/requested')).toEqual([])
    expect(running.host.pending()).toEqual([])
  })

  it('refuses new asks after dispose with ASK_ABORTED', async () => {
    running = await startHost()
    running.host.dispose()
    const error = await running.service
      .ask({ questions: QUESTIONS, sessionId: 's1' })
      .catch((e: unknown) => e)
    expect(isUserQuestionError(error, 'ASK_ABORTED')).toBe(true)
    const tab = openTab(running.base, { user: 'alice' })
    await expect(tab.opened).rejects.toThrow('503')
  })
})
