import { afterEach, describe, expect, it } from 'vitest'
import { createQuestionClient, type QuestionClient } from '../src/index.ts'
import {
  answerBody,
  cancelBody,
  clientOptions,
  manualClock,
  post,
  startHost,
  type TestHost,
  until,
} from './loopback.ts'

let running: TestHost
let client: QuestionClient
afterEach(async () => {
  client?.close()
  await running?.close()
})

const ids = (sessionId: string) => client.getSessionQuestions(sessionId).map((q) => q.rpcId)
const waitFor = <T>(test: () => T | undefined | false, label?: string) =>
  until(client.subscribe, test, label)
const waitOpen = () => waitFor(() => client.getConnectionStatus() === 'open', 'open')

describe('the session store', () => {
  it('shows each session’s pending requests in arrival order once the mux is ready', async () => {
    running = await startHost()
    running.ask('s1')
    running.ask('s2')
    client = createQuestionClient(clientOptions(running.base))
    expect(client.getConnectionStatus()).toBe('idle')
    client.start()
    expect(client.getConnectionStatus()).toBe('connecting')
    await waitOpen()
    running.ask('s1', { callId: 'c3' })
    await waitFor(() => client.getSessionQuestions('s1').length === 2)
    const [first, second] = running.registered.map((info) => info.rpcId)
    expect(ids('s1')).toEqual([first, running.registered[2]?.rpcId])
    expect(ids('s2')).toEqual([second])
    expect(client.getSessionQuestions('s1')[1]).toMatchObject({
      sessionId: 's1',
      callId: 'c3',
      requestedAt: expect.any(Number),
    })
    expect(client.getSessionQuestions('nobody')).toBe(client.getSessionQuestions('nobody'))
  })

  it('narrows to the sessions it names', async () => {
    running = await startHost()
    running.ask('s1')
    running.ask('s2')
    client = createQuestionClient(clientOptions(running.base, 'alice', { sessions: ['s2'] }))
    await waitOpen()
    expect(Object.keys(client.getState().sessions)).toEqual(['s2'])
  })

  it('drops a request once its question/resolved arrives and records the outcome in the same update', async () => {
    running = await startHost()
    client = createQuestionClient(clientOptions(running.base))
    await waitOpen()
    running.ask('s1')
    running.ask('s1')
    await waitFor(() => ids('s1').length === 2)
    const [answered, cancelled] = ids('s1')
    const seen: [string[], Record<string, string>][] = []
    client.subscribe((state) => {
      const session = state.sessions.s1
      if (session) seen.push([session.requests.map((q) => q.rpcId), { ...session.resolutions }])
    })
    await post(running.base, answerBody(answered ?? '', 's1'))
    await waitFor(() => ids('s1').length === 1)
    await post(running.base, cancelBody(cancelled ?? '', 's1'))
    await waitFor(() => ids('s1').length === 0)
    const resolutions = client.getSessionResolutions('s1')
    expect(resolutions).toEqual({ [answered ?? '']: 'answered', [cancelled ?? '']: 'cancelled' })
    expect(client.getSessionResolutions('s1')).toBe(resolutions)
    // No snapshot ever showed a request gone without its outcome.
    expect(seen).toEqual([
      [[cancelled], { [answered ?? '']: 'answered' }],
      [[], { [answered ?? '']: 'answered', [cancelled ?? '']: 'cancelled' }],
    ])
    expect(client.getSessionResolutions('nobody')).toBe(client.getSessionResolutions('nobody'))
    expect(client.getSessionResolutions('nobody')).toEqual({})
  })
})

describe('reconnecting', () => {
  it('keeps one request per rpcId and stable snapshots across reconnects, and resets the backoff after mux/ready', async () => {
    running = await startHost()
    running.ask('s1')
    running.ask('s1')
    const clock = manualClock()
    client = createQuestionClient(clientOptions(running.base, 'alice', { timers: clock.timers }))
    await waitOpen()
    const before = client.getSessionQuestions('s1')
    expect(before).toHaveLength(2)
    for (let i = 0; i < 3; i++) {
      running.host.dropStreams()
      await clock.scheduledSoon()
      expect(client.getConnectionStatus()).toBe('reconnecting')
      clock.fire()
      await waitOpen()
    }
    expect(clock.delays.every((ms) => ms >= 125 && ms <= 250)).toBe(true)
    expect(client.getSessionQuestions('s1')).toBe(before)
  })

  it('removes a request resolved while it was disconnected once mux/ready arrives', async () => {
    running = await startHost()
    running.ask('s1')
    running.ask('s1')
    const clock = manualClock()
    client = createQuestionClient(clientOptions(running.base, 'alice', { timers: clock.timers }))
    await waitOpen()
    const [gone, kept] = running.registered.map((info) => info.rpcId)
    running.host.dropStreams()
    await clock.scheduledSoon()
    expect(client.getConnectionStatus()).toBe('reconnecting')
    // Another tab answers while this one is away.
    expect((await post(running.base, answerBody(gone ?? '', 's1'))).json).toEqual({
      accepted: true,
    })
    expect(ids('s1')).toEqual([gone, kept])
    clock.fire()
    await waitOpen()
    expect(ids('s1')).toEqual([kept])
  })

  it('backs off exponentially from 250 ms, capped at 10 s, while no connection gets ready', async () => {
    running = await startHost()
    const clock = manualClock()
    // bob may not see s1: every upgrade is refused, so every attempt fails.
    client = createQuestionClient(
      clientOptions(running.base, 'bob', {
        sessions: ['s1'],
        timers: clock.timers,
        random: () => 1,
      }),
    )
    client.start()
    for (let attempt = 0; attempt < 8; attempt++) {
      await clock.scheduledSoon()
      clock.fire()
    }
    expect(clock.delays).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000])
    expect(client.getConnectionStatus()).toBe('connecting')
  })

  it('closes for good', async () => {
    running = await startHost()
    const clock = manualClock()
    client = createQuestionClient(clientOptions(running.base, 'alice', { timers: clock.timers }))
    await waitOpen()
    client.close()
    expect(client.getConnectionStatus()).toBe('closed')
    running.host.dropStreams()
    client.reconnect()
    expect(clock.scheduled).toBe(0)
    expect(client.getConnectionStatus()).toBe('closed')
  })
})

describe('application frames', () => {
  it('reach onAppFrame listeners with their session', async () => {
    running = await startHost()
    client = createQuestionClient(clientOptions(running.base))
    const frames: unknown[] = []
    client.onAppFrame((frame) => frames.push(frame))
    await waitOpen()
    running.host.broadcast('s2', { type: 'transcript/message', text: 'hello' })
    await until(
      (listener) => client.onAppFrame(listener),
      () => frames.length === 1,
    )
    expect(frames).toEqual([{ type: 'transcript/message', text: 'hello', sessionId: 's2' }])
  })
})
