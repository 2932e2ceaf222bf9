import { createQuestionClient, type WebSocketLike } from '@parley/client'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ComposerSlotProps } from '../src/composer/composer-slot.tsx'
import {
  QuestionClientProvider,
  SessionComposerSlot,
  useSessionResolutions,
} from '../src/connection/index.ts'

// The slot is replaced by a spy: these tests are about what the connection layer hands it.
const slotProps = vi.hoisted(() => [] as ComposerSlotProps[])
vi.mock('../src/composer/composer-slot.tsx', () => ({
  ComposerSlot: (props: ComposerSlotProps) => {
    slotProps.push(props)
    return null
  },
}))

class FakeSocket implements WebSocketLike {
  static last: FakeSocket | null = null
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: unknown) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.last = this
  }
  close() {}
}

function push(frame: unknown) {
  act(() => FakeSocket.last?.onmessage?.({ data: JSON.stringify(frame) }))
}

const requested = (rpcId: string, sessionId = 's1') => ({
  type: 'question/requested',
  rpcId,
  sessionId,
  requestedAt: 1,
  questions: [{ id: 'color', question: 'Which colour?', options: [{ label: 'Blue' }] }],
})
const resolved = (rpcId: string, outcome: string, sessionId = 's1') => ({
  type: 'question/resolved',
  rpcId,
  sessionId,
  outcome,
})

function createClient(receipt: unknown = { accepted: true }) {
  return createQuestionClient({
    baseUrl: 'http://app.test',
    WebSocket: FakeSocket,
    fetch: async () => new Response(JSON.stringify(receipt)),
  })
}

afterEach(() => {
  FakeSocket.last = null
  slotProps.length = 0
})

const last = () => slotProps.at(-1) as ComposerSlotProps
const rpcIds = (props: ComposerSlotProps) => props.requests.map((request) => request.rpcId)

describe('SessionComposerSlot hands the host’s outcomes to ComposerSlot', () => {
  it('passes the outcome in the same render that the request leaves', () => {
    const client = createClient()
    render(
      <QuestionClientProvider client={client} queryClient="own">
        <SessionComposerSlot sessionId="s1" />
      </QuestionClientProvider>,
    )
    push(requested('rpc-1'))
    push(requested('rpc-2'))
    push({ type: 'mux/ready' })
    expect(rpcIds(last())).toEqual(['rpc-1', 'rpc-2'])
    expect(last().resolutions).toEqual({})

    push(resolved('rpc-1', 'timed-out'))
    // No render after rpc-1 arrived showed it gone without its outcome.
    const shown = slotProps.findIndex((props) => rpcIds(props).includes('rpc-1'))
    for (const props of slotProps.slice(shown))
      if (!rpcIds(props).includes('rpc-1')) expect(props.resolutions).toHaveProperty('rpc-1')
    expect(rpcIds(last())).toEqual(['rpc-2'])
    expect(last().resolutions).toEqual({ 'rpc-1': 'timed-out' })

    push(resolved('rpc-2', 'cancelled'))
    push(resolved('other', 'answered', 's2'))
    expect(rpcIds(last())).toEqual([])
    expect(last().resolutions).toEqual({ 'rpc-1': 'timed-out', 'rpc-2': 'cancelled' })
    client.close()
  })

  it('answers and cancels through the client with the slot’s own rpcId', async () => {
    const posted: unknown[] = []
    const client = createQuestionClient({
      baseUrl: 'http://app.test',
      WebSocket: FakeSocket,
      fetch: async (_url, init) => {
        posted.push(JSON.parse(String(init.body)))
        return new Response(JSON.stringify({ accepted: false, reason: 'not-pending' }))
      },
    })
    render(
      <QuestionClientProvider client={client} queryClient="own">
        <SessionComposerSlot sessionId="s1" />
      </QuestionClientProvider>,
    )
    push(requested('rpc-1'))
    const receipt = await act(async () => last().onCancel('rpc-1'))
    expect(receipt).toEqual({ accepted: false, reason: 'not-pending' })
    expect(posted).toEqual([
      {
        rpcId: 'rpc-1',
        sessionId: 's1',
        responseId: expect.stringMatching(/^[0-9a-f]{32}$/),
        result: { ok: false, error: { code: 'cancelled' } },
      },
    ])
    // not-pending retires it; its outcome is unknown until (unless) a broadcast says.
    expect(rpcIds(last())).toEqual([])
    expect(last().resolutions).toEqual({})
    client.close()
  })
})

function Outcomes({ sessionId }: { sessionId: string }) {
  const resolutions = useSessionResolutions(sessionId)
  renders.push(resolutions)
  return <p>{JSON.stringify(resolutions)}</p>
}
const renders: object[] = []

describe('useSessionResolutions', () => {
  it('re-renders only when an outcome is added, with own keys only', () => {
    const client = createClient()
    renders.length = 0
    render(
      <QuestionClientProvider client={client}>
        <Outcomes sessionId="constructor" />
      </QuestionClientProvider>,
    )
    expect(screen.getByText('{}')).toBeInTheDocument()
    push(requested('a', 'constructor'))
    push(requested('toString', 'constructor'))
    push({ type: 'mux/ready' })
    expect(renders).toHaveLength(1)
    push(resolved('a', 'aborted', 'constructor'))
    expect(screen.getByText('{"a":"aborted"}')).toBeInTheDocument()
    expect(renders).toHaveLength(2)
    push(resolved('a', 'answered', 'constructor'))
    expect(renders).toHaveLength(2)
    expect(Object.hasOwn(renders[1] ?? {}, 'toString')).toBe(false)
    client.close()
  })
})
