import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import {
  parseChatFrame,
  parseCreated,
  parseError,
  parseSessionDetail,
  parseSessionList,
} from '../src/api/parse.ts'
import { applyChatFrame, keys } from '../src/api/queries.ts'

const session = { id: 's1', title: 'Chat', status: 'idle', createdAt: 1, updatedAt: 2 }
const message = { kind: 'message', id: 'm1', role: 'user', text: 'Hi', at: 3 }

describe('what the web app reads from the demo host', () => {
  it('reads the chat frames and nothing else', () => {
    expect(parseChatFrame({ type: 'chat/event', sessionId: 's1', event: message })).toEqual({
      type: 'chat/event',
      sessionId: 's1',
      event: message,
    })
    expect(parseChatFrame({ type: 'chat/session', sessionId: 's1', session })).toMatchObject({
      session,
    })
    expect(parseChatFrame({ type: 'chat/event', sessionId: 's1', event: { kind: 'x' } })).toBeNull()
    expect(parseChatFrame({ type: 'other/thing', sessionId: 's1' })).toBeNull()
    expect(parseChatFrame({ type: 'chat/session', session })).toBeNull()
  })

  it('reads chat/stale, and then reloads that transcript', () => {
    const frame = parseChatFrame({ type: 'chat/stale', sessionId: 's1' })
    expect(frame).toEqual({ type: 'chat/stale', sessionId: 's1' })
    const client = new QueryClient()
    client.setQueryData(keys.session('s1'), { session, events: [message] })
    client.setQueryData(keys.session('s2'), { session: { ...session, id: 's2' }, events: [] })
    if (frame) applyChatFrame(client, frame)
    expect(client.getQueryState(keys.session('s1'))?.isInvalidated).toBe(true)
    expect(client.getQueryState(keys.session('s2'))?.isInvalidated).toBe(false)
    expect(client.getQueryData(keys.session('s1'))).toEqual({ session, events: [message] })
  })

  it('keeps the events and sessions that parse and drops the rest', () => {
    const detail = parseSessionDetail({ session, events: [message, { kind: 'tool' }, 7] })
    expect(detail).toEqual({ session, events: [message] })
    expect(parseSessionList({ sessions: [session, { id: 3 }] })).toEqual([session])
    expect(parseSessionList({ sessions: 'no' })).toBeNull()
  })

  it('reads a created session and an error body', () => {
    expect(parseCreated({ sessionId: 's1', session })).toEqual(session)
    expect(parseError({ error: { code: 'NO_SESSION', message: 'No such session.' } })).toEqual({
      code: 'NO_SESSION',
      message: 'No such session.',
    })
    expect(parseError({ error: 'x' })).toBeNull()
  })

  it('drops unknown keys and never copies __proto__', () => {
    const frame = parseChatFrame(
      JSON.parse(
        `{"type":"chat/event","sessionId":"s1","__proto__":{"polluted":1},"event":${JSON.stringify(message)},"extra":1}`,
      ),
    )
    expect(frame && Object.keys(frame)).toEqual(['type', 'sessionId', 'event'])
    expect(Object.prototype).not.toHaveProperty('polluted')
  })
})
