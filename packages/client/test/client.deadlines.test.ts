import { afterEach, describe, expect, it } from 'vitest'
import { extendDeadline } from '../src/extend.ts'
import {
  createQuestionClient,
  type QuestionClient,
  QuestionClientError,
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

describe('deadlines in the client', () => {
  it('a question with a deadline shows it, and one tab asking for more time moves it in every tab', async () => {
    const clock = { at: T0 }
    running = await startHost({ now: () => clock.at })
    const [a, b] = [clientOf(running), clientOf(running)]
    running.ask('s1', { timeoutMs: 60_000 })
    await until(a.subscribe, () => deadlineOf(a) === T0 + 60_000, 'the deadline in tab a')
    await until(b.subscribe, () => deadlineOf(b) === T0 + 60_000, 'the deadline in tab b')
    const before = a.getSessionQuestions('s1')[0]
    const rpcId = before?.rpcId ?? ''

    const receipt = await extendDeadline(a, rpcId, 's1', 'user')
    expect(receipt).toEqual({ extended: true, deadlineAt: T0 + 360_000 })
    for (const tab of [a, b])
      await until(tab.subscribe, () => deadlineOf(tab) === T0 + 360_000, 'the moved deadline')
    // A copy in the same place: the questions are the same ones.
    expect(a.getSessionQuestions('s1')[0]).toEqual({ ...before, deadlineAt: T0 + 360_000 })
  })

  it('a reconnect replays the question and then its moved deadline, never the old one', async () => {
    const clock = { at: T0 }
    running = await startHost({ now: () => clock.at })
    const a = clientOf(running)
    running.ask('s1', { timeoutMs: 60_000 })
    await until(a.subscribe, () => deadlineOf(a) !== undefined)
    const rpcId = a.getSessionQuestions('s1')[0]?.rpcId ?? ''
    await extendDeadline(a, rpcId, 's1', 'user')
    await until(a.subscribe, () => deadlineOf(a) === T0 + 360_000)
    const seen: (number | undefined)[] = []
    a.subscribe(() => seen.push(deadlineOf(a)))
    running.host.dropStreams()
    await until(a.subscribe, () => a.getConnectionStatus() === 'reconnecting')
    await until(a.subscribe, () => a.getConnectionStatus() === 'open')
    expect(seen.every((at) => at === T0 + 360_000)).toBe(true)
    // A fresh tab gets the current deadline from the replay alone.
    const late = clientOf(running)
    await until(late.subscribe, () => deadlineOf(late) === T0 + 360_000, 'the replayed deadline')
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

describe('which client ended a question', () => {
  it('is recorded with the outcome, for the last 50 outcomes', async () => {
    running = await startHost({ now: () => T0 })
    const a = clientOf(running)
    running.ask('s1')
    running.ask('s1')
    await until(a.subscribe, () => a.getSessionQuestions('s1').length === 2)
    const [first, second] = a.getSessionQuestions('s1').map((q) => q.rpcId)
    const firefox =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
    await post(running.base, answerBody(first ?? '', 's1'), { userAgent: firefox })
    running.host.abortSession('s1')
    await until(a.subscribe, () => a.getSessionQuestions('s1').length === 0)
    expect(a.getSessionResolutions('s1')).toEqual({
      [first ?? '']: 'answered',
      [second ?? '']: 'aborted',
    })
    expect(selectSessionEndedBy(a.getState(), 's1')).toEqual({
      [first ?? '']: { label: 'Firefox on Windows', at: T0 },
    })
    // What the other tab answered, for this one to show; nothing for the aborted one.
    expect(selectSessionEndedWith(a.getState(), 's1')).toEqual({ [first ?? '']: VALID_ANSWER })
  })
})
