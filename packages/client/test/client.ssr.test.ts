import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQuestionClient, type QuestionClientError } from '../src/index.ts'

// Server rendering: a runtime with neither WebSocket nor EventSource (Node 20).
beforeEach(() => {
  vi.stubGlobal('WebSocket', undefined)
  vi.stubGlobal('EventSource', undefined)
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe.each(['websocket', 'sse', 'auto'] as const)('without a %s transport', (transport) => {
  it('stays closed, schedules no timer and says why', () => {
    const errors: QuestionClientError[] = []
    const client = createQuestionClient({ transport, onError: (error) => errors.push(error) })
    expect(client.getConnectionStatus()).toBe('closed')
    expect(vi.getTimerCount()).toBe(0)
    expect(errors.map((error) => error.code)).toEqual(['TRANSPORT_UNAVAILABLE'])
    client.reconnect()
    vi.runAllTimers()
    expect(vi.getTimerCount()).toBe(0)
    expect(client.getConnectionStatus()).toBe('closed')
    client.close()
  })
})

it('a throwing onError does not break creating the client', () => {
  const client = createQuestionClient({
    onError: () => {
      throw new Error('listener bug')
    },
  })
  expect(client.getConnectionStatus()).toBe('closed')
})

describe('auto', () => {
  it('takes an EventSource when the runtime has no WebSocket', () => {
    const urls: string[] = []
    class FakeEventSource {
      onmessage = null
      onerror = null
      constructor(url: string) {
        urls.push(url)
      }
      close() {}
    }
    const client = createQuestionClient({
      baseUrl: 'https://app.test',
      transport: 'auto',
      EventSource: FakeEventSource,
    })
    expect(urls).toEqual(['https://app.test/api/mux'])
    expect(client.getConnectionStatus()).toBe('connecting')
    client.close()
  })
})
