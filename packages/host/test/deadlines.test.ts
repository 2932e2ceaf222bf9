import { type AskDeadlineChange, isUserQuestionError } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import { createQuestionHost } from '../src/index.ts'
import type { QuestionHostOptions } from '../src/node/index.ts'
import {
  manualTimers,
  post,
  QUESTIONS,
  readyTab,
  startHost,
  sync,
  type TestHost,
} from './helpers.ts'

const T0 = 1_700_000_000_000
let running: TestHost | undefined
afterEach(() => running?.close())

/** A host on a clock the test moves (`clock.at`) and timers it fires by hand. */
async function hostOnClock(overrides: Partial<QuestionHostOptions<string>> = {}) {
  const timers = manualTimers()
  const clock = { at: T0 }
  running = await startHost({ now: () => clock.at, timers: timers.timers, ...overrides })
  return { running, timers, clock }
}

function extend(base: string, body: unknown, options: { user?: string | null } = {}) {
  return post(base, body, { ...options, path: '/api/extend' })
}

describe('a deadline every tab sees', () => {
  it('a question with timeoutMs carries deadlineAt = requestedAt + timeoutMs; one without has none', async () => {
    const { running } = await hostOnClock()
    const tab = await readyTab(running.base)
    running.ask('s1', { timeoutMs: 60_000 })
    running.ask('s1')
    const [timed, open] = await tab.count('question/requested', 2)
    expect(timed).toMatchObject({ requestedAt: T0, deadlineAt: T0 + 60_000 })
    expect(open).not.toHaveProperty('deadlineAt')
  })

  it('"more time" moves it by the step for every tab and the agent, and the ask times out at the new deadline only', async () => {
    const { running, timers, clock } = await hostOnClock()
    const tabs = [await readyTab(running.base), await readyTab(running.base, { sessions: ['s1'] })]
    const changes: AskDeadlineChange[] = []
    const asked = running.ask('s1', { timeoutMs: 60_000, onDeadline: (c) => changes.push(c) })
    const rpcId = running.registered[0]?.rpcId ?? ''
    clock.at = T0 + 10_000
    const receipt = await extend(running.base, { rpcId, sessionId: 's1', reason: 'user' })
    expect(receipt).toEqual({ status: 200, json: { extended: true, deadlineAt: T0 + 360_000 } })
    const moved = { type: 'question/deadline', rpcId, sessionId: 's1', deadlineAt: T0 + 360_000 }
    for (const tab of tabs)
      expect(await tab.count('question/deadline')).toEqual([{ ...moved, reason: 'user' }])
    expect(changes).toEqual([
      { deadlineAt: T0 + 360_000, previousDeadlineAt: T0 + 60_000, reason: 'user' },
    ])
    // The first deadline's timer is gone: only the new one (350 s from now) is armed.
    timers.fire(60_000)
    expect(running.host.pending()).toHaveLength(1)
    timers.fire(350_000)
    const error = await asked.catch((caught: unknown) => caught)
    expect(isUserQuestionError(error, 'ASK_TIMED_OUT')).toBe(true)
  })

  it('stops at the host maximum, counted from when the ask was made, then says at-limit', async () => {
    const { running } = await hostOnClock({
      deadlinePolicy: { stepMs: 300_000, maxTotalMs: 500_000 },
    })
    running.ask('s1', { timeoutMs: 60_000 })
    const body = { rpcId: running.registered[0]?.rpcId, sessionId: 's1', reason: 'user' }
    expect((await extend(running.base, body)).json).toEqual({
      extended: true,
      deadlineAt: T0 + 360_000,
    })
    expect((await extend(running.base, body)).json).toEqual({
      extended: true,
      deadlineAt: T0 + 500_000,
    })
    expect((await extend(running.base, body)).json).toEqual({
      extended: false,
      reason: 'at-limit',
      deadlineAt: T0 + 500_000,
    })
  })

  it('never shortens an ask whose own timeout is past the maximum, and never extends it', async () => {
    const { running } = await hostOnClock({ deadlinePolicy: { maxTotalMs: 60_000 } })
    running.ask('s1', { timeoutMs: 600_000 })
    const body = { rpcId: running.registered[0]?.rpcId, sessionId: 's1', reason: 'user' }
    expect((await extend(running.base, body)).json).toEqual({
      extended: false,
      reason: 'at-limit',
      deadlineAt: T0 + 600_000,
    })
  })

  it('activity extends nothing by default (activity-off)', async () => {
    const { running } = await hostOnClock()
    running.ask('s1', { timeoutMs: 10_000 })
    const body = { rpcId: running.registered[0]?.rpcId, sessionId: 's1', reason: 'activity' }
    expect((await extend(running.base, body)).json).toEqual({
      extended: false,
      reason: 'activity-off',
      deadlineAt: T0 + 10_000,
    })
  })

  it('with extendOnActivity, typing near the deadline moves it to a window after now; earlier it is not due', async () => {
    const { running, clock } = await hostOnClock({
      deadlinePolicy: (request) => ({ extendOnActivity: request.agent === 'patient' }),
    })
    const tab = await readyTab(running.base)
    const changes: AskDeadlineChange[] = []
    running.ask('s1', { timeoutMs: 120_000, agent: 'patient', onDeadline: (c) => changes.push(c) })
    const body = { rpcId: running.registered[0]?.rpcId, sessionId: 's1', reason: 'activity' }
    expect((await extend(running.base, body)).json).toEqual({
      extended: false,
      reason: 'not-due',
      deadlineAt: T0 + 120_000,
    })
    clock.at = T0 + 100_000
    expect((await extend(running.base, body)).json).toEqual({
      extended: true,
      deadlineAt: T0 + 160_000,
    })
    expect(await tab.count('question/deadline')).toMatchObject([{ reason: 'activity' }])
    expect(changes).toEqual([
      { deadlineAt: T0 + 160_000, previousDeadlineAt: T0 + 120_000, reason: 'activity' },
    ])
    // The policy is per ask: another agent's ask does not extend on activity.
    running.ask('s1', { timeoutMs: 10_000 })
    const other = { rpcId: running.registered[1]?.rpcId, sessionId: 's1', reason: 'activity' }
    expect((await extend(running.base, other)).json).toMatchObject({ reason: 'activity-off' })
  })

  it('a tab that connects after an extension replays the question and then its current deadline', async () => {
    const { running, clock } = await hostOnClock()
    running.ask('s1', { timeoutMs: 60_000 })
    const rpcId = running.registered[0]?.rpcId ?? ''
    clock.at = T0 + 1_000
    await extend(running.base, { rpcId, sessionId: 's1', reason: 'user' })
    const late = await readyTab(running.base)
    expect(late.frames.map((frame) => [frame.type, frame.deadlineAt])).toEqual([
      ['question/requested', T0 + 60_000],
      ['question/deadline', T0 + 360_000],
      ['mux/ready', undefined],
    ])
  })

  it('an onDeadline that throws is reported; the extension stands', async () => {
    const errors: string[] = []
    const { running } = await hostOnClock({ onError: (_, where) => errors.push(where) })
    const tab = await readyTab(running.base)
    running.ask('s1', {
      timeoutMs: 60_000,
      onDeadline: () => {
        throw new Error('observer broke')
      },
    })
    const body = { rpcId: running.registered[0]?.rpcId, sessionId: 's1', reason: 'user' }
    expect((await extend(running.base, body)).json).toMatchObject({ extended: true })
    await tab.count('question/deadline')
    expect(errors).toEqual(['onDeadline'])
  })
})

describe('the extend route refuses as the respond route does', () => {
  it('an unknown question, another session, or a settled one is not-pending; one without a deadline is no-deadline', async () => {
    const { running } = await hostOnClock()
    running.ask('s1', { timeoutMs: 60_000 })
    running.ask('s2')
    const [timed, open] = running.registered.map((info) => info.rpcId)
    const notPending = { status: 200, json: { extended: false, reason: 'not-pending' } }
    expect(await extend(running.base, { rpcId: 'nope', sessionId: 's1', reason: 'user' })).toEqual(
      notPending,
    )
    expect(await extend(running.base, { rpcId: timed, sessionId: 's2', reason: 'user' })).toEqual(
      notPending,
    )
    expect(
      (await extend(running.base, { rpcId: open, sessionId: 's2', reason: 'user' })).json,
    ).toEqual({
      extended: false,
      reason: 'no-deadline',
    })
    // bob may not see s1: his claim to it is refused before anything is looked up.
    const bob = await extend(
      running.base,
      { rpcId: timed, sessionId: 's1', reason: 'user' },
      { user: 'bob' },
    )
    expect(bob).toEqual({
      status: 403,
      json: { error: 'Session not accessible.', code: 'SESSION_NOT_ACCESSIBLE' },
    })
    running.host.abortSession('s1')
    expect(await extend(running.base, { rpcId: timed, sessionId: 's1', reason: 'user' })).toEqual(
      notPending,
    )
  })

  it.each([
    [
      'no principal',
      { rpcId: 'r', sessionId: 's1', reason: 'user' },
      { user: null },
      401,
      'NOT_AUTHENTICATED',
    ],
    [
      'a bad reason',
      { rpcId: 'r', sessionId: 's1', reason: 'please' },
      {},
      400,
      'EXTEND_BODY_INVALID',
    ],
    ['no rpcId', { sessionId: 's1', reason: 'user' }, {}, 400, 'EXTEND_BODY_INVALID'],
    ['a body that is not JSON', '{"rpcId":', {}, 400, 'BODY_NOT_JSON'],
  ])('%s is refused with %s', async (_, body, options, status, code) => {
    const { running } = await hostOnClock()
    const reply = await extend(running.base, body, options)
    expect(reply.status).toBe(status)
    expect(reply.json.code).toBe(code)
  })

  it('refuses another content type (415), another origin (403) and a GET (405)', async () => {
    const { running } = await hostOnClock()
    const body = { rpcId: 'r', sessionId: 's1', reason: 'user' }
    const url = `http://${running.base}/api/extend`
    const text = await fetch(url, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'content-type': 'text/plain' },
      body: JSON.stringify(body),
    })
    expect(text.status).toBe(415)
    const foreign = await post(running.base, body, {
      path: '/api/extend',
      origin: 'https://evil.example',
    })
    expect(foreign.json.code).toBe('ORIGIN_NOT_ALLOWED')
    expect((await fetch(url, { headers: { 'x-user': 'alice' } })).status).toBe(405)
  })

  it('is served by the Fetch handler too, at extendPath', async () => {
    const host = createQuestionHost<string>({
      authenticate: () => 'alice',
      canAccess: () => true,
      extendPath: '/q/extend',
      mintRpcId: () => 'rpc-1',
    })
    const asked = host.provider.ask({ questions: QUESTIONS, sessionId: 's1', timeoutMs: 60_000 })
    asked.catch(() => {})
    const response = await host.fetch(
      new Request('http://localhost/q/extend', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rpcId: 'rpc-1', sessionId: 's1', reason: 'user' }),
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ extended: true })
    host.dispose()
  })
})

describe('sync helper still flushes', () => {
  it('deadline frames reach only the streams that may see the session', async () => {
    const { running } = await hostOnClock()
    const alice = await readyTab(running.base)
    const bob = await readyTab(running.base, { user: 'bob' })
    running.ask('s1', { timeoutMs: 60_000 })
    await extend(running.base, {
      rpcId: running.registered[0]?.rpcId,
      sessionId: 's1',
      reason: 'user',
    })
    await alice.count('question/deadline')
    await sync(running.host, 'b1', [bob])
    expect(bob.of('question/deadline')).toEqual([])
  })
})
