import { createQuestionClient, type QuestionClient, type WebSocketLike } from '@parley/client'
import { act } from '@testing-library/react'

/** The downlink of a client under test: frames are pushed into it by hand. */
interface FakeMux {
  push(frame: unknown): void
}

/**
 * A question client whose WebSocket is a stand-in fed by `mux.push`, and
 * whose POSTs are recorded in `posted` and answered with the next of
 * `receipts` (accepted when they run out).
 */
export function clientWithFakeMux(receipts: unknown[] = []) {
  const posted: { url: string; body: unknown }[] = []
  let socket: WebSocketLike | null = null
  class FakeSocket implements WebSocketLike {
    onopen: ((event: unknown) => void) | null = null
    onmessage: ((event: { data: unknown }) => void) | null = null
    onclose: ((event: unknown) => void) | null = null
    onerror: ((event: unknown) => void) | null = null
    constructor() {
      socket = this
      queueMicrotask(() => this.onopen?.({}))
    }
    close() {}
  }
  const client: QuestionClient = createQuestionClient({
    baseUrl: 'http://app.test',
    WebSocket: FakeSocket,
    fetch: async (url, init) => {
      if (String(init.body).includes('"parley-route-check"')) return routeCheckReply(url)
      posted.push({ url, body: JSON.parse(String(init.body)) })
      const receipt = receipts.shift() ?? { accepted: true }
      return new Response(JSON.stringify(receipt), {
        headers: { 'content-type': 'application/json' },
      })
    },
  })
  const mux: FakeMux = {
    push(frame) {
      act(() => socket?.onmessage?.({ data: JSON.stringify(frame) }))
    },
  }
  return { client, posted, mux }
}

/** A `question/requested` frame. */
export function requested(
  rpcId: string,
  sessionId: string,
  question: string,
  extra: Record<string, unknown> = {},
) {
  return {
    type: 'question/requested',
    rpcId,
    sessionId,
    requestedAt: 1_700_000_000_000,
    questions: [{ id: 'q', question, options: [{ label: 'Yes' }, { label: 'No' }] }],
    ...extra,
  }
}

/** A `question/resolved` frame. */
export function resolved(rpcId: string, sessionId: string, outcome: string) {
  return { type: 'question/resolved', rpcId, sessionId, outcome }
}

/**
 * What a mounted Parley route answers to a route check (a body naming the
 * question `parley-route-check`, which no host mints): its 200 refusal. Fake
 * hosts answer it so the feature shows, and keep it out of what they record.
 */
export function routeCheckReply(url: string): Response {
  const body = url.endsWith('/api/amend')
    ? { accepted: false, reason: 'refused', code: 'AMEND_UNKNOWN', message: 'Unknown.' }
    : { extended: false, reason: 'not-pending' }
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
}
