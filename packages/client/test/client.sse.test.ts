import { afterEach, describe, expect, it } from 'vitest'
import { createQuestionClient, type EventSourceLike, type QuestionClient } from '../src/index.ts'
import { eventSourceAs, type OpenedSource } from './event-source.ts'
import {
  answerBody,
  clientOptions,
  manualClock,
  post,
  startHost,
  type TestHost,
  until,
  VALID_ANSWER,
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

function sseClient(user = 'alice', extra: Parameters<typeof clientOptions>[2] = {}) {
  const opened: OpenedSource[] = []
  const { WebSocket: _ws, ...options } = clientOptions(running.base, user, {
    transport: 'sse',
    EventSource: eventSourceAs(user, opened),
    ...extra,
  })
  return { opened, client: createQuestionClient(options) }
}

describe('the SSE transport', () => {
  it('receives the replay, mux/ready and a question asked afterwards', async () => {
    running = await startHost()
    running.ask('s1')
    let opened: OpenedSource[]
    ;({ client, opened } = sseClient())
    client.start()
    expect(client.getConnectionStatus()).toBe('connecting')
    await waitOpen()
    expect(ids('s1')).toEqual([running.registered[0]?.rpcId])
    running.ask('s2')
    await waitFor(() => ids('s2').length === 1, 'the live question')
    expect(ids('s2')).toEqual([running.registered[1]?.rpcId])
    expect(opened).toHaveLength(1)
    expect(opened[0]?.url).toBe(`http://${running.base}/api/mux`)
    expect(opened[0]?.withCredentials).toBe(false)
  })

  it('narrows with ?session= and sets withCredentials when credentials are included', async () => {
    running = await startHost()
    running.ask('s1')
    running.ask('s2')
    let opened: OpenedSource[]
    ;({ client, opened } = sseClient('alice', { sessions: ['s2'], credentials: 'include' }))
    await waitOpen()
    expect(Object.keys(client.getState().sessions)).toEqual(['s2'])
    expect(opened[0]?.url).toBe(`http://${running.base}/api/mux?session=s2`)
    expect(opened[0]?.withCredentials).toBe(true)
  })

  it('answers through the respond path and retires the request on question/resolved', async () => {
    running = await startHost()
    const asked = running.ask('s1')
    ;({ client } = sseClient())
    await waitOpen()
    const [rpcId] = ids('s1')
    const receipt = await client.respond(rpcId ?? '', 's1', VALID_ANSWER)
    expect(receipt).toEqual({ accepted: true })
    await waitFor(() => ids('s1').length === 0, 'the resolution')
    expect(client.getSessionResolutions('s1')).toEqual({ [rpcId ?? '']: 'answered' })
    await expect(asked).resolves.toMatchObject({ answers: VALID_ANSWER.answers })
  })

  it('after a drop, reopens under its own backoff and reconciles at mux/ready', async () => {
    running = await startHost()
    running.ask('s1')
    running.ask('s1')
    const clock = manualClock()
    let opened: OpenedSource[]
    ;({ client, opened } = sseClient('alice', { timers: clock.timers, random: () => 1 }))
    await waitOpen()
    const [gone, kept] = running.registered.map((info) => info.rpcId)
    running.host.dropStreams()
    await clock.scheduledSoon()
    expect(client.getConnectionStatus()).toBe('reconnecting')
    expect(opened[0]?.closed).toBe(true)
    expect(clock.delays).toEqual([250])
    // Another tab answers while this one is away.
    expect((await post(running.base, answerBody(gone ?? '', 's1'))).json).toEqual({
      accepted: true,
    })
    expect(ids('s1')).toEqual([gone, kept])
    clock.fire()
    await waitOpen()
    expect(ids('s1')).toEqual([kept])
    expect(opened).toHaveLength(2)
  })

  it('backs off with the same schedule while every open is refused', async () => {
    running = await startHost()
    const clock = manualClock()
    // bob may not see s1: every open is refused with 403.
    ;({ client } = sseClient('bob', { sessions: ['s1'], timers: clock.timers, random: () => 1 }))
    client.start()
    for (let attempt = 0; attempt < 4; attempt++) {
      await clock.scheduledSoon()
      clock.fire()
    }
    expect(clock.delays).toEqual([250, 500, 1000, 2000])
    expect(client.getConnectionStatus()).toBe('connecting')
  })

  it('reports a malformed frame and keeps the stream', () => {
    const sources: EventSourceLike[] = []
    const errors: unknown[] = []
    class FakeEventSource implements EventSourceLike {
      onmessage: EventSourceLike['onmessage'] = null
      onerror: EventSourceLike['onerror'] = null
      constructor() {
        sources.push(this)
      }
      close() {}
    }
    client = createQuestionClient({
      baseUrl: 'http://app.test',
      transport: 'sse',
      EventSource: FakeEventSource,
      onFrameError: (error) => errors.push(error.data),
    })
    client.start()
    sources[0]?.onmessage?.({ data: 'not json' })
    sources[0]?.onmessage?.({ data: '{"type":"mux/ready"}' })
    expect(errors).toEqual(['not json'])
    expect(client.getConnectionStatus()).toBe('open')
    expect(sources).toHaveLength(1)
  })

  it('works against host.fetch alone, as in a route handler without upgrades', async () => {
    running = await startHost()
    const asked = running.ask('s1')
    const handler = (url: string, init: RequestInit) => running.host.fetch(new Request(url, init))
    const clock = manualClock()
    client = createQuestionClient({
      baseUrl: 'http://localhost',
      transport: 'sse',
      EventSource: eventSourceAs('alice', [], handler),
      fetch: handler,
      headers: () => ({ 'x-user': 'alice' }),
      timers: clock.timers,
    })
    await waitOpen()
    running.host.dropStreams()
    await clock.scheduledSoon()
    running.ask('s1')
    clock.fire()
    await waitOpen()
    const [first, second] = running.registered.map((info) => info.rpcId)
    expect(ids('s1')).toEqual([first, second])
    expect(await client.respond(first ?? '', 's1', VALID_ANSWER)).toEqual({ accepted: true })
    await waitFor(() => ids('s1').length === 1, 'the resolution')
    await expect(asked).resolves.toMatchObject({ answers: VALID_ANSWER.answers })
  })
})
