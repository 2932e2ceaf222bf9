import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQuestionClient, type QuestionClientError } from '../src/index.ts'

// Server rendering: Node without `window`. Node 22 has a global WebSocket; the
// stub below stands for it, so the test proves the client never uses the
// runtime's own transports outside a browser.
const constructed: string[] = []
class GlobalWebSocket {
  onopen = null
  onmessage = null
  onclose = null
  onerror = null
  constructor(url: string) {
    constructed.push(url)
  }
  close() {}
}

beforeEach(() => {
  constructed.length = 0
  vi.stubGlobal('WebSocket', GlobalWebSocket)
  vi.stubGlobal('EventSource', undefined)
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe.each(['websocket', 'sse', 'auto'] as const)('on the server, transport %s', (transport) => {
  it('creating and subscribing opens nothing and schedules nothing', () => {
    const errors: QuestionClientError[] = []
    const client = createQuestionClient({ transport, onError: (error) => errors.push(error) })
    const unsubscribe = client.subscribe(() => {})
    expect(client.getConnectionStatus()).toBe('idle')
    expect(vi.getTimerCount()).toBe(0)
    expect(constructed).toEqual([])
    expect(errors).toEqual([])
    unsubscribe()
    client.dispose()
    expect(client.getConnectionStatus()).toBe('closed')
  })

  it('an explicit start() without a transport passed in stays closed and says why', () => {
    const errors: QuestionClientError[] = []
    const client = createQuestionClient({ transport, onError: (error) => errors.push(error) })
    client.start()
    expect(client.getConnectionStatus()).toBe('closed')
    expect(client.getConnectionProblem()).toMatchObject({ reason: 'no-transport' })
    expect(errors.map((error) => [error.code, error.reason])).toEqual([
      ['TRANSPORT_UNAVAILABLE', 'no-transport'],
    ])
    client.reconnect()
    vi.runAllTimers()
    expect(vi.getTimerCount()).toBe(0)
    expect(constructed).toEqual([])
    expect(client.getConnectionStatus()).toBe('closed')
  })
})

it('a throwing onError does not break start()', () => {
  const client = createQuestionClient({
    onError: () => {
      throw new Error('listener bug')
    },
  })
  client.start()
  expect(client.getConnectionStatus()).toBe('closed')
})

it('a transport passed in is used on the server too, once subscribed', () => {
  const client = createQuestionClient({ baseUrl: 'https://app.test', WebSocket: GlobalWebSocket })
  expect(constructed).toEqual([])
  client.subscribe(() => {})
  expect(constructed).toEqual(['wss://app.test/api/mux'])
  client.dispose()
  expect(vi.getTimerCount()).toBe(0)
})

describe('auto', () => {
  it('takes an EventSource when no WebSocket is given', () => {
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
    client.start()
    expect(urls).toEqual(['https://app.test/api/mux'])
    expect(client.getConnectionStatus()).toBe('connecting')
    client.dispose()
  })
})
