import { createUserQuestionService } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import { createQuestionHost, type QuestionHost } from '../src/index.ts'
import {
  ACCESS,
  answerBody,
  eventReader,
  type Frame,
  QUESTIONS,
  startHost,
  type TestHost,
} from './helpers.ts'

const hasType = (type: string) => (frames: Frame[]) => frames.some((f) => f.type === type)

describe('the SSE variant of the mux (Node handler)', () => {
  let running: TestHost
  afterEach(() => running.close())

  it('replays, sends mux/ready, then live frames', async () => {
    running = await startHost()
    running.ask('s1')
    const response = await fetch(`http://${running.base}/api/mux?session=s1`, {
      headers: { accept: 'text/event-stream', 'x-user': 'alice' },
    })
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const events = eventReader(response)
    await events.until(hasType('mux/ready'))
    const rpcId = running.registered[0]?.rpcId ?? ''
    expect(events.frames.map((f) => f.type)).toEqual(['question/requested', 'mux/ready'])
    await fetch(`http://${running.base}/api/respond`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'alice' },
      body: JSON.stringify(answerBody(rpcId, 's1')),
    })
    await events.until(hasType('question/resolved'))
    await events.cancel()
  })

  it('refuses another principal’s session with 403 and a plain GET with 426', async () => {
    running = await startHost()
    const url = `http://${running.base}/api/mux?session=s1`
    const sse = { accept: 'text/event-stream', 'x-user': 'bob' }
    expect((await fetch(url, { headers: sse })).status).toBe(403)
    expect((await fetch(url, { headers: { 'x-user': 'alice' } })).status).toBe(426)
  })
})

describe('the Fetch-API handler', () => {
  let host: QuestionHost
  afterEach(() => host.dispose())

  function setup() {
    host = createQuestionHost<string>({
      authenticate: (request) => request.headers.get('x-user'),
      canAccess: (user, sessionId) => ACCESS[user]?.includes(sessionId) ?? false,
    })
    const service = createUserQuestionService()
    service.registerProvider(host.provider)
    return service
  }

  it('streams the mux and accepts a response', async () => {
    const service = setup()
    const asked = service.ask({ questions: QUESTIONS, sessionId: 's2' })
    const controller = new AbortController()
    const response = await host.fetch(
      new Request('http://localhost/api/mux', {
        headers: { accept: 'text/event-stream', 'x-user': 'alice' },
        signal: controller.signal,
      }),
    )
    const events = eventReader(response)
    const frames = await events.until(hasType('mux/ready'))
    const rpcId = String(frames[0]?.rpcId)
    const reply = await host.fetch(
      new Request('http://localhost/api/respond', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': 'alice' },
        body: JSON.stringify(answerBody(rpcId, 's2')),
      }),
    )
    expect(await reply.json()).toEqual({ accepted: true })
    await asked
    await events.until(hasType('question/resolved'))
    controller.abort()
  })

  it('applies the same fences', async () => {
    setup()
    const respond = (init: RequestInit) =>
      host.fetch(new Request('http://localhost/api/respond', { method: 'POST', ...init }))
    const json = { 'content-type': 'application/json', 'x-user': 'alice' }
    expect(
      (await respond({ headers: { ...json, 'content-type': 'text/plain' }, body: '{}' })).status,
    ).toBe(415)
    expect((await respond({ headers: json, body: 'nope' })).status).toBe(400)
    expect((await respond({ headers: json, body: 'x'.repeat(300 * 1024) })).status).toBe(413)
    expect((await host.fetch(new Request('http://localhost/elsewhere'))).status).toBe(404)
  })
})
