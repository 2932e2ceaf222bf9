import type { AskUserQuestionAmendment } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import type { QuestionHostOptions } from '../src/index.ts'
import {
  answerBody,
  type Frame,
  manualTimers,
  post,
  readyTab,
  startHost,
  type TestHost,
  VALID_ANSWER,
} from './helpers.ts'

let running: TestHost | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

const WINDOW = 60_000
const NOW = 1_700_000_000_000
const RED = {
  answers: [
    { id: 'color', selected: ['Red'] },
    { id: 'extras', selected: ['Cheese'], custom: 'Basil' },
    { id: 'note', selected: [], custom: 'Thanks' },
  ],
}

async function amend(
  base: string,
  body: unknown,
  user = 'alice',
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`http://${base}/api/amend`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

/** A host with a hand-fired clock, an answered ask that listens for amendments, and a tab on s1. */
async function answered(overrides: Partial<QuestionHostOptions<string>> = {}) {
  const clock = manualTimers()
  running = await startHost({
    timers: clock.timers,
    now: () => NOW,
    amendWindowMs: WINDOW,
    ...overrides,
  })
  const heard: AskUserQuestionAmendment[] = []
  const turn = new AbortController()
  const tab = await readyTab(running.base)
  const asked = running.ask('s1', {
    onAmend: (amendment) => heard.push(amendment),
    signal: turn.signal,
  })
  const [requested] = await tab.count('question/requested')
  const rpcId = String(requested?.rpcId)
  expect((await post(running.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
  await asked
  return { clock, heard, turn, tab, rpcId, base: running.base }
}

const answerFrames = (frames: Frame[]) => frames.filter((frame) => frame.type === 'question/answer')

describe('an answer the ask lets the user change', () => {
  it('is broadcast after its resolution as revision 0, open until the window ends', async () => {
    const { tab, rpcId } = await answered()
    await tab.count('question/answer')
    const types = tab.frames.map((frame) => frame.type)
    expect(types.indexOf('question/resolved')).toBeLessThan(types.indexOf('question/answer'))
    expect(answerFrames(tab.frames)).toEqual([
      {
        type: 'question/answer',
        rpcId,
        sessionId: 's1',
        questions: expect.any(Array),
        answer: VALID_ANSWER,
        revision: 0,
        until: NOW + WINDOW,
      },
    ])
  })

  it('takes one change: the receipt, the broadcast revision and the asker hearing it', async () => {
    const { tab, rpcId, heard, base } = await answered()
    const receipt = await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: RED })
    expect(receipt).toEqual({ status: 200, json: { accepted: true, revision: 1 } })
    const [, changed] = await tab.count('question/answer', 2)
    expect(changed).toMatchObject({ rpcId, revision: 1, answer: RED, until: NOW + WINDOW })
    expect(heard).toEqual([
      { rpcId, revision: 1, changed: ['color'], answer: RED, previous: VALID_ANSWER },
    ])
  })

  it('lets the first of two changes based on the same revision win', async () => {
    const { rpcId, heard, base } = await answered()
    const blue = {
      answers: VALID_ANSWER.answers.map((item) =>
        item.id === 'note' ? { ...item, custom: 'Later' } : item,
      ),
    }
    const receipts = await Promise.all([
      amend(base, { rpcId, sessionId: 's1', revision: 0, answer: RED }),
      amend(base, { rpcId, sessionId: 's1', revision: 0, answer: blue }),
    ])
    const accepted = receipts.filter((receipt) => receipt.json.accepted === true)
    expect(accepted).toHaveLength(1)
    expect(receipts.map((receipt) => receipt.json.code).filter(Boolean)).toEqual([
      'AMEND_SUPERSEDED',
    ])
    expect(heard).toHaveLength(1)
  })

  it('takes a second change based on the revision the first made', async () => {
    const { rpcId, heard, base } = await answered()
    await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: RED })
    const again = await amend(base, { rpcId, sessionId: 's1', revision: 1, answer: VALID_ANSWER })
    expect(again.json).toEqual({ accepted: true, revision: 2 })
    expect(heard.map((amendment) => [amendment.revision, amendment.changed])).toEqual([
      [1, ['color']],
      [2, ['color']],
    ])
  })

  it('refuses a change that breaks the questions, and one that changes nothing', async () => {
    const { rpcId, heard, base } = await answered()
    const bad = { answers: [{ id: 'color', selected: ['Green'] }] }
    const broken = await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: bad })
    expect(broken.json).toMatchObject({ accepted: false, reason: 'bad-response' })
    const same = await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: VALID_ANSWER })
    expect(same.json).toMatchObject({
      accepted: false,
      reason: 'bad-response',
      issues: [{ rule: 'no-change' }],
    })
    expect(heard).toEqual([])
    // Still open: a real change goes through.
    expect((await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: RED })).json).toEqual({
      accepted: true,
      revision: 1,
    })
  })

  it('closes when the window ends, and then refuses with AMEND_WINDOW_CLOSED', async () => {
    const { clock, tab, rpcId, heard, base } = await answered()
    clock.fire(WINDOW)
    const [, closed] = await tab.count('question/answer', 2)
    expect(closed).toMatchObject({ rpcId, revision: 0, closed: 'window' })
    const late = await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: RED })
    expect(late.json).toEqual({
      accepted: false,
      reason: 'refused',
      code: 'AMEND_WINDOW_CLOSED',
      message: 'The time to change this answer has passed.',
    })
    expect(heard).toEqual([])
  })

  it('closes once the agent moved on (its signal aborted): AMEND_MOVED_ON', async () => {
    const { turn, tab, rpcId, base } = await answered()
    turn.abort()
    const [, closed] = await tab.count('question/answer', 2)
    expect(closed).toMatchObject({ closed: 'moved-on' })
    expect(
      (await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: RED })).json,
    ).toMatchObject({
      reason: 'refused',
      code: 'AMEND_MOVED_ON',
    })
  })

  it('closes when the session is aborted', async () => {
    const { tab, rpcId, base } = await answered()
    running?.host.abortSession('s1')
    await tab.count('question/answer', 2)
    expect(
      (await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: RED })).json,
    ).toMatchObject({
      code: 'AMEND_MOVED_ON',
    })
  })
})

describe('a tab that opens later', () => {
  it('gets the open standing answers in its replay, before mux/ready', async () => {
    const { rpcId, base } = await answered()
    await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: RED })
    const later = await readyTab(base)
    // How it ended comes first (the host's recent endings), then its standing answer.
    expect(later.frames.map((frame) => [frame.type, frame.revision])).toEqual([
      ['question/resolved', undefined],
      ['question/answer', 1],
      ['mux/ready', undefined],
    ])
    const elsewhere = await readyTab(base, { user: 'bob' })
    expect(elsewhere.frames).toEqual([{ type: 'mux/ready' }])
  })

  it('gets no closed one', async () => {
    const { clock, tab, base } = await answered()
    clock.fire(WINDOW)
    await tab.count('question/answer', 2)
    const later = await readyTab(base)
    // Its ending still replays (recent endings); its closed standing answer does not.
    expect(later.frames.map((frame) => frame.type)).toEqual(['question/resolved', 'mux/ready'])
  })
})

describe('answers that cannot be changed', () => {
  it('an ask without onAmend gets no standing answer, and a change is AMEND_UNKNOWN', async () => {
    running = await startHost({ amendWindowMs: WINDOW })
    const tab = await readyTab(running.base)
    const asked = running.ask('s1')
    const [requested] = await tab.count('question/requested')
    const rpcId = String(requested?.rpcId)
    await post(running.base, answerBody(rpcId, 's1'))
    await asked
    const refused = await amend(running.base, { rpcId, sessionId: 's1', revision: 0, answer: RED })
    expect(refused.json).toMatchObject({ reason: 'refused', code: 'AMEND_UNKNOWN' })
    await tab.count('question/resolved')
    expect(answerFrames(tab.frames)).toEqual([])
  })

  it('a window of 0 (here chosen per ask) turns changes off', async () => {
    const { tab, rpcId, base } = await answered({ amendWindowMs: () => 0 })
    await tab.count('question/resolved')
    expect(answerFrames(tab.frames)).toEqual([])
    expect(
      (await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: RED })).json,
    ).toMatchObject({
      code: 'AMEND_UNKNOWN',
    })
  })

  it('someone else cannot change it: their session 403s, another id looks unknown', async () => {
    const { rpcId, heard, base } = await answered()
    const foreign = await amend(base, { rpcId, sessionId: 's1', revision: 0, answer: RED }, 'bob')
    expect(foreign).toEqual({
      status: 403,
      json: { error: 'Session not accessible.', code: 'SESSION_NOT_ACCESSIBLE' },
    })
    const posing = await amend(base, { rpcId, sessionId: 'b1', revision: 0, answer: RED }, 'bob')
    expect(posing.json).toMatchObject({ reason: 'refused', code: 'AMEND_UNKNOWN' })
    const ownOther = await amend(base, { rpcId, sessionId: 's2', revision: 0, answer: RED })
    expect(ownOther.json).toMatchObject({
      reason: 'bad-response',
      issues: [{ rule: 'session-mismatch' }],
    })
    expect(heard).toEqual([])
  })

  it('the route has the respond route fences', async () => {
    running = await startHost()
    const get = await fetch(`http://${running.base}/api/amend`, { headers: { 'x-user': 'alice' } })
    expect(get.status).toBe(405)
    const text = await fetch(`http://${running.base}/api/amend`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-user': 'alice' },
      body: '{}',
    })
    expect(text.status).toBe(415)
    const nobody = await fetch(`http://${running.base}/api/amend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(nobody.status).toBe(401)
    const shape = await amend(running.base, { rpcId: 'x', sessionId: 's1' })
    expect(shape.json).toMatchObject({ accepted: false, reason: 'bad-response' })
  })
})
