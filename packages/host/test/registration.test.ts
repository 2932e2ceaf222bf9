import { type AskUserQuestionRequest, isUserQuestionError } from '@parley/seam'
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
  VALID_ANSWER,
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

  it.each([
    ['a session id over 200 characters', { sessionId: 'x'.repeat(201) }],
    ['two questions with one id', { questions: [QUESTIONS[0], QUESTIONS[0]] }],
    ['a question that is not an object', { questions: ['Which color?'] }],
  ])('refuses an ask no tab would show (%s) with INVALID_QUESTION', async (_case, change) => {
    running = await startHost()
    const tab = await readyTab(running.base)
    // Straight to the provider: the host must not rely on the seam having checked the request.
    const request = { questions: QUESTIONS, sessionId: 's1', ...change } as AskUserQuestionRequest
    const error = await running.host.provider.ask(request).catch((e: unknown) => e)
    expect(isUserQuestionError(error, 'INVALID_QUESTION')).toBe(true)
    await sync(running.host, 's1', [tab])
    expect(tab.of('question/requested')).toEqual([])
    expect(running.host.pending()).toEqual([])
  })

  it('shows and checks the question as asked, whatever the caller changes afterwards', async () => {
    running = await startHost()
    const questions = structuredClone(QUESTIONS)
    const asked = running.host.provider.ask({ questions, sessionId: 's1' })
    const [first] = questions
    if (first?.options?.[1]) first.options[1].label = 'Changed' // was 'Blue', the answer's pick
    const rpcId = running.host.pending()[0]?.rpcId ?? ''
    const tab = await readyTab(running.base)
    expect(tab.of('question/requested')[0]).toMatchObject({ rpcId, questions: QUESTIONS })
    expect(await post(running.base, answerBody(rpcId, 's1'))).toMatchObject({
      json: { accepted: true },
    })
    await expect(asked).resolves.toEqual(VALID_ANSWER)
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
