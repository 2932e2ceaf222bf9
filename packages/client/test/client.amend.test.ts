import type { AskUserQuestionAmendment } from '@parley/seam'
import type { QuestionAnswerFrame } from '@parley/seam/wire'
import { parseAmendReceipt } from '@parley/seam/wire'
import { afterEach, describe, expect, it } from 'vitest'
import { amendAnswer } from '../src/amend.ts'
import { createQuestionClient, type QuestionClient, QuestionClientError } from '../src/index.ts'
import { createSessionStore } from '../src/session-store.ts'
import {
  clientOptions,
  QUESTIONS,
  startHost,
  type TestHost,
  until,
  VALID_ANSWER,
} from './loopback.ts'

let running: TestHost | undefined
let client: QuestionClient | undefined
afterEach(async () => {
  client?.close()
  await running?.close()
  running = undefined
})

const RED = {
  answers: VALID_ANSWER.answers.map((item) =>
    item.id === 'color' ? { id: 'color', selected: ['Red'] } : item,
  ),
}

const frame = (
  revision: number,
  extra: Partial<QuestionAnswerFrame> = {},
): QuestionAnswerFrame => ({
  type: 'question/answer',
  rpcId: 'rpc-1',
  sessionId: 's1',
  questions: QUESTIONS,
  answer: VALID_ANSWER,
  revision,
  until: 1,
  ...extra,
})

describe('the client keeps the standing answers', () => {
  it('keeps the highest revision; the same revision only closes it; closed is final', () => {
    const sessions = createSessionStore()
    const answerOf = () => sessions.store.getState().answers['rpc-1']
    sessions.answer(frame(1))
    sessions.answer(frame(0))
    expect(answerOf()?.revision).toBe(1)
    const held = answerOf()
    sessions.answer(frame(1))
    expect(answerOf()).toBe(held)
    sessions.answer(frame(1, { closed: 'window' }))
    expect(answerOf()?.closed).toBe('window')
    sessions.answer(frame(2))
    expect(answerOf()).toMatchObject({ revision: 1, closed: 'window' })
  })

  it('keeps the last 50, oldest out first, and ids like __proto__ as plain ids', () => {
    const sessions = createSessionStore()
    sessions.answer(frame(0, { rpcId: '__proto__' }))
    for (let n = 0; n < 50; n++) sessions.answer(frame(0, { rpcId: `rpc-${n}` }))
    const { answers } = sessions.store.getState()
    expect(Object.keys(answers)).toHaveLength(50)
    expect(Object.hasOwn(answers, '__proto__')).toBe(false)
    expect(Object.getPrototypeOf(answers)).toBe(Object.prototype)
  })
})

describe('changing an answer through the real host', () => {
  it('the standing answer arrives, amendAnswer changes it, and every tab sees the new revision', async () => {
    running = await startHost({ amendWindowMs: 60_000 })
    const heard: AskUserQuestionAmendment[] = []
    const c = createQuestionClient(clientOptions(running.base))
    client = c
    const asked = running.ask('s1', { onAmend: (amendment) => heard.push(amendment) })
    const [question] = await until(c.subscribe, () => {
      const questions = c.getSessionQuestions('s1')
      return questions.length === 1 && questions
    })
    await c.respond(question?.rpcId ?? '', 's1', VALID_ANSWER)
    await asked
    const rpcId = question?.rpcId ?? ''
    const standing = await until(c.subscribe, () => c.getState().answers[rpcId])
    expect(standing).toMatchObject({ rpcId, sessionId: 's1', revision: 0, answer: VALID_ANSWER })
    const receipt = await amendAnswer(c, { rpcId, sessionId: 's1', revision: 0, answer: RED })
    expect(receipt).toEqual({ accepted: true, revision: 1 })
    await until(c.subscribe, () => c.getState().answers[rpcId]?.revision === 1)
    expect(heard.map((amendment) => amendment.changed)).toEqual([['color']])
    const stale = await amendAnswer(c, {
      rpcId,
      sessionId: 's1',
      revision: 0,
      answer: VALID_ANSWER,
    })
    expect(stale).toMatchObject({ accepted: false, reason: 'refused', code: 'AMEND_SUPERSEDED' })
  })

  it('a reply that is no receipt rejects with RESPOND_BAD_RECEIPT; a refused POST with RESPOND_HTTP', async () => {
    running = await startHost()
    const body = { rpcId: 'r', sessionId: 's1', revision: 0, answer: VALID_ANSWER }
    const fetch = async () => new Response(JSON.stringify({ accepted: 'maybe' }))
    const bogus = createQuestionClient(clientOptions(running.base, 'alice', { fetch }))
    await expect(amendAnswer(bogus, body)).rejects.toMatchObject({ code: 'RESPOND_BAD_RECEIPT' })
    bogus.close()
    const c = createQuestionClient(clientOptions(running.base, 'mallory'))
    client = c
    const error = await amendAnswer(c, body).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(QuestionClientError)
    expect(error).toMatchObject({ code: 'RESPOND_HTTP', status: 403 })
  })

  it('post goes to the path under the base URL and resolves with the JSON reply', async () => {
    running = await startHost()
    const c = createQuestionClient(clientOptions(running.base))
    client = c
    expect(
      await c.post(
        '/api/amend',
        { rpcId: 'nope', sessionId: 's1', revision: 0, answer: VALID_ANSWER },
        parseAmendReceipt,
      ),
    ).toEqual({
      accepted: false,
      reason: 'refused',
      code: 'AMEND_UNKNOWN',
      message: 'There is no answer to change here.',
    })
  })
})
