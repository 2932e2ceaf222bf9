import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from '../../host/test/helpers.ts'
import { extendDeadline } from '../src/extend.ts'
import {
  createQuestionClient,
  type QuestionClient,
  QuestionClientError,
  selectSessionEndedBecause,
  selectSessionEndedBy,
  selectSessionEndedWith,
} from '../src/index.ts'
import {
  answerBody,
  clientOptions,
  post,
  startHost,
  type TestHost,
  until,
  VALID_ANSWER,
} from './loopback.ts'

const T0 = 1_700_000_000_000
let running: TestHost | undefined
let clients: QuestionClient[] = []
afterEach(async () => {
  for (const client of clients) client.close()
  clients = []
  await running?.close()
  running = undefined
})

function clientOf(host: TestHost, extra = {}): QuestionClient {
  const client = createQuestionClient(clientOptions(host.base, 'alice', extra))
  clients.push(client)
  return client
}

const deadlineOf = (client: QuestionClient) => client.getSessionQuestions('s1')[0]?.deadlineAt
/**
 * How long after it was asked the first question's deadline is. These hosts
 * run on a clock years behind this process, so the client reads every host
 * time through the difference: a span is what both agree on.
 */
const waitOf = (client: QuestionClient) => {
  const question = client.getSessionQuestions('s1')[0]
  return question?.deadlineAt === undefined ? undefined : question.deadlineAt - question.requestedAt
}

describe('deadlines in the client', () => {
  it('a question with a deadline shows it, and one tab asking for more time moves it in every tab', async () => {
    const clock = { at: T0 }
    running = await startHost({ now: () => clock.at })
    const [a, b] = [clientOf(running), clientOf(running)]
    running.ask('s1', { timeoutMs: 60_000 })
    await until(a.subscribe, () => waitOf(a) === 60_000, 'the deadline in tab a')
    await until(b.subscribe, () => waitOf(b) === 60_000, 'the deadline in tab b')
    const before = a.getSessionQuestions('s1')[0]
    const rpcId = before?.rpcId ?? ''

    const receipt = await extendDeadline(a, rpcId, 's1', 'user')
    expect(receipt).toEqual({ extended: true, deadlineAt: T0 + 360_000 })
    for (const tab of [a, b])
      await until(tab.subscribe, () => waitOf(tab) === 360_000, 'the moved deadline')
    // A copy in the same place: the questions are the same ones.
    expect(a.getSessionQuestions('s1')[0]).toEqual({
      ...before,
      deadlineAt: (before?.requestedAt ?? 0) + 360_000,
    })
  })

  it('a reconnect replays the question and then its moved deadline, never the old one', async () => {
    const clock = { at: T0 }
    running = await startHost({ now: () => clock.at })
    const a = clientOf(running)
    running.ask('s1', { timeoutMs: 60_000 })
    await until(a.subscribe, () => deadlineOf(a) !== undefined)
    const rpcId = a.getSessionQuestions('s1')[0]?.rpcId ?? ''
    await extendDeadline(a, rpcId, 's1', 'user')
    await until(a.subscribe, () => waitOf(a) === 360_000)
    const seen: (number | undefined)[] = []
    a.subscribe(() => seen.push(waitOf(a)))
    running.host.dropStreams()
    await until(a.subscribe, () => a.getConnectionStatus() === 'reconnecting')
    await until(a.subscribe, () => a.getConnectionStatus() === 'open')
    expect(seen.every((wait) => wait === 360_000)).toBe(true)
    // A fresh tab gets the current deadline from the replay alone.
    const late = clientOf(running)
    await until(late.subscribe, () => waitOf(late) === 360_000, 'the replayed deadline')
  })

  it('says why the host did not extend, and a not-pending question is simply gone', async () => {
    running = await startHost()
    const a = clientOf(running)
    running.ask('s1')
    await until(a.subscribe, () => a.getSessionQuestions('s1').length === 1)
    const rpcId = a.getSessionQuestions('s1')[0]?.rpcId ?? ''
    expect(await extendDeadline(a, rpcId, 's1', 'user')).toEqual({
      extended: false,
      reason: 'no-deadline',
    })
    expect(await extendDeadline(a, 'gone', 's1', 'activity')).toEqual({
      extended: false,
      reason: 'not-pending',
    })
  })

  it('a refused extend rejects with RESPOND_HTTP and its status', async () => {
    running = await startHost()
    const a = clientOf(running)
    const error = await extendDeadline(a, 'r', 'b1', 'user').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(QuestionClientError)
    expect(error).toMatchObject({ code: 'RESPOND_HTTP', status: 403 })
  })
})

describe("a host whose clock is off (the browser's is the one the person reads)", () => {
  it('reads every host time in its own clock: a deadline a minute away stays a minute away', async () => {
    const yearMs = 365 * 24 * 3_600_000
    for (const shift of [-yearMs, yearMs]) {
      const host = await startHost({ now: () => Date.now() + shift })
      const a = clientOf(host)
      const before = Date.now()
      host.ask('s1', { timeoutMs: 60_000 })
      await until(a.subscribe, () => deadlineOf(a) !== undefined, 'the deadline')
      const question = a.getSessionQuestions('s1')[0]
      // Local time, give or take the trip of the clock frame and the ask.
      expect(Math.abs((question?.requestedAt ?? 0) - before)).toBeLessThan(1_000)
      expect(Math.abs((question?.deadlineAt ?? 0) - (before + 60_000))).toBeLessThan(1_000)
      const rpcId = question?.rpcId ?? ''
      await extendDeadline(a, rpcId, 's1', 'user')
      await until(a.subscribe, () => waitOf(a) === 360_000, 'the moved deadline')
      await post(host.base, answerBody(rpcId, 's1'))
      await until(a.subscribe, () => a.getSessionQuestions('s1').length === 0)
      const endedAt = selectSessionEndedBy(a.getState(), 's1')[rpcId]?.at ?? 0
      expect(Math.abs(endedAt - Date.now())).toBeLessThan(1_000)
      a.close()
      await host.close()
    }
  })

  it('within a second, takes the clocks to agree and moves nothing', async () => {
    running = await startHost({ now: () => Date.now() - 400 })
    const a = clientOf(running)
    running.ask('s1', { timeoutMs: 60_000 })
    await until(a.subscribe, () => deadlineOf(a) !== undefined, 'the deadline')
    const frame = running.registered[0]
    const question = a.getSessionQuestions('s1')[0]
    expect(question?.rpcId).toBe(frame?.rpcId)
    // Exactly the host's numbers: no jitter of a few milliseconds.
    expect((question?.deadlineAt ?? 0) - (question?.requestedAt ?? 0)).toBe(60_000)
    expect(Date.now() - (question?.requestedAt ?? 0)).toBeGreaterThanOrEqual(400)
  })
})

describe('a host that restarted', () => {
  it("records what it lost as aborted because the server is gone; the same host's reconnect loses nothing", async () => {
    const first = await startHost()
    const target = { base: first.base }
    // The page's address stays; behind it, another process answers after a restart.
    const Rerouted = class extends WebSocket {
      constructor(url: string) {
        const next = new URL(url)
        next.host = target.base
        super(next.toString(), { headers: { 'x-user': 'alice' } })
      }
    }
    const a = clientOf(first, { WebSocket: Rerouted })
    first.ask('s1').catch(() => {})
    await until(a.subscribe, () => a.getSessionQuestions('s1').length === 1, 'the question')
    const rpcId = a.getSessionQuestions('s1')[0]?.rpcId ?? ''
    // The same instance again: the replay carries it, nothing ends.
    first.host.dropStreams()
    await until(a.subscribe, () => a.getConnectionStatus() === 'reconnecting')
    await until(a.subscribe, () => a.getConnectionStatus() === 'open')
    expect(a.getSessionQuestions('s1').map((q) => q.rpcId)).toEqual([rpcId])

    // A crash: the downlink drops with no word, and a new process answers the reconnect.
    running = await startHost()
    target.base = running.base
    first.host.dropStreams()
    await until(a.subscribe, () => a.getSessionQuestions('s1').length === 0, 'the loss')
    expect(a.getSessionResolutions('s1')).toEqual({ [rpcId]: 'aborted' })
    expect(selectSessionEndedBecause(a.getState(), 's1')).toEqual({ [rpcId]: 'server-gone' })
    await first.close()
  })

  it('hears from a host that shuts down that its questions ended because the server is gone', async () => {
    running = await startHost()
    const a = clientOf(running)
    running.ask('s1').catch(() => {})
    await until(a.subscribe, () => a.getSessionQuestions('s1').length === 1, 'the question')
    const rpcId = a.getSessionQuestions('s1')[0]?.rpcId ?? ''
    running.host.dispose()
    await until(a.subscribe, () => a.getSessionQuestions('s1').length === 0, 'the ending')
    expect(a.getSessionResolutions('s1')).toEqual({ [rpcId]: 'aborted' })
    expect(selectSessionEndedBecause(a.getState(), 's1')).toEqual({ [rpcId]: 'server-gone' })
  })
})

describe('which client ended a question', () => {
  it('is recorded with the outcome, for the last 50 outcomes', async () => {
    running = await startHost({ now: () => T0 })
    const a = clientOf(running)
    running.ask('s1')
    running.ask('s1')
    await until(a.subscribe, () => a.getSessionQuestions('s1').length === 2)
    const [first, second] = a.getSessionQuestions('s1').map((q) => q.rpcId)
    const askedAt = a.getSessionQuestions('s1')[0]?.requestedAt
    const firefox =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
    await post(running.base, answerBody(first ?? '', 's1'), { userAgent: firefox })
    running.host.abortSession('s1')
    await until(a.subscribe, () => a.getSessionQuestions('s1').length === 0)
    expect(a.getSessionResolutions('s1')).toEqual({
      [first ?? '']: 'answered',
      [second ?? '']: 'aborted',
    })
    // The host's time, read in this client's clock: the moment it was asked, for this host's clock stands still.
    expect(selectSessionEndedBy(a.getState(), 's1')).toEqual({
      [first ?? '']: { label: 'Firefox on Windows', at: askedAt },
    })
    // What the other tab answered, for this one to show; nothing for the aborted one.
    expect(selectSessionEndedWith(a.getState(), 's1')).toEqual({ [first ?? '']: VALID_ANSWER })
  })
})
