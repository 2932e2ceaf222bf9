import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  humanPacedCallTool,
  humanPacedRequestOptions,
  registerElicitationHandler,
} from '../src/index.ts'
import { answers, fakeUser, type Reply } from './fake-user.ts'

/** The chat app's idle timeout, and the server's for its own elicitation. */
const IDLE_MS = 300

const closers: (() => Promise<void>)[] = []
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
  vi.useRealTimers()
})

interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
}

function deferred<T = void>(): Deferred<T> {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((settle) => {
    resolve = settle
  })
  return { promise, resolve }
}

/** A person who opens the card (`shown`), reads it, and answers only when the test says so. */
function person(values: Record<string, string>) {
  const shown = deferred()
  const answered = deferred()
  let withdrawn = false
  const reply: Reply = (request) =>
    new Promise((resolve, reject) => {
      shown.resolve()
      request.signal?.addEventListener('abort', () => {
        withdrawn = true
        reject(request.signal?.reason)
      })
      void answered.promise.then(() => resolve(answers(values)(request)))
    })
  return {
    reply,
    shown: shown.promise,
    answer: () => answered.resolve(),
    withdrawn: () => withdrawn,
  }
}

interface ToolServerOptions {
  /** What the tool does after the person answered. @default returns at once */
  afterAnswer?: (signal: AbortSignal) => Promise<void>
}

/**
 * A third-party server whose `book_table` tool elicits the guest's name
 * inside its handler and sends no progress for the tool call (and whose
 * `stall` tool never answers at all), and the chat
 * app's client answering through Parley. Both over the SDK's in-memory
 * transport.
 */
async function connect(reply: Reply, options: ToolServerOptions = {}) {
  const user = fakeUser().will(reply)
  const mcp = new McpServer({ name: 'bistro', title: 'Bistro Bookings', version: '1.0.0' })
  const cancelled = deferred()
  mcp.registerTool('book_table', { description: 'Books a table.' }, async (extra) => {
    extra.signal.addEventListener('abort', () => cancelled.resolve(), { once: true })
    const result = await mcp.server.elicitInput(
      {
        message: 'Who is the booking for?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
      },
      {
        ...humanPacedRequestOptions({ idleTimeoutMs: IDLE_MS }),
        relatedRequestId: extra.requestId,
        signal: extra.signal,
      },
    )
    await options.afterAnswer?.(extra.signal)
    const name = result.action === 'accept' ? String(result.content?.name) : 'nobody'
    return { content: [{ type: 'text', text: `Table booked for ${name}.` }] }
  })
  mcp.registerTool('stall', { description: 'Never answers.' }, (extra) => {
    extra.signal.addEventListener('abort', () => cancelled.resolve(), { once: true })
    return new Promise(() => {})
  })
  const client = new Client({ name: 'parley-chat', version: '1.0.0' })
  registerElicitationHandler(client, user.service, { decline: false, progressIntervalMs: 100 })
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([mcp.connect(serverSide), client.connect(clientSide)])
  closers.push(
    () => client.close(),
    () => mcp.close(),
  )
  return { client, cancelled: cancelled.promise }
}

/** Tracks whether a promise has settled, without letting its rejection go unhandled. */
function watch<T>(promise: Promise<T>) {
  const state = {
    settled: false,
    outcome: promise.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
  }
  void state.outcome.then(() => (state.settled = true))
  return state
}

const booked = { content: [{ type: 'text', text: 'Table booked for Ada.' }] }

describe('a tool call that elicits lives while the person has the question open', () => {
  it('resolves with the answer given long after the idle timeout has passed, several times over', async () => {
    const ada = person({ name: 'Ada' })
    const { client } = await connect(ada.reply)
    const call = watch(
      humanPacedCallTool(client, { name: 'book_table' }, { idleTimeoutMs: IDLE_MS }),
    )
    await ada.shown
    await vi.advanceTimersByTimeAsync(IDLE_MS * 10)
    expect(call.settled).toBe(false)
    ada.answer()
    await expect(call.outcome).resolves.toEqual({ ok: true, value: booked })
    expect(ada.withdrawn()).toBe(false)
  })

  it('with humanPacedRequestOptions alone the same call is cut off mid-answer (the server sends no progress for it)', async () => {
    const ada = person({ name: 'Ada' })
    const { client, cancelled } = await connect(ada.reply)
    const call = watch(
      client.callTool(
        { name: 'book_table' },
        undefined,
        humanPacedRequestOptions({ idleTimeoutMs: IDLE_MS }),
      ),
    )
    await ada.shown
    await vi.advanceTimersByTimeAsync(IDLE_MS)
    const outcome = await call.outcome
    expect(outcome).toMatchObject({ ok: false, error: { code: ErrorCode.RequestTimeout } })
    await cancelled
    await vi.advanceTimersByTimeAsync(0)
    expect(ada.withdrawn()).toBe(true)
  })

  it('counts the idle timeout again from the moment the person answers', async () => {
    const ada = person({ name: 'Ada' })
    const answeredThen = deferred()
    const { client, cancelled } = await connect(ada.reply, {
      afterAnswer: (signal) => {
        answeredThen.resolve()
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve()))
      },
    })
    const call = watch(
      humanPacedCallTool(client, { name: 'book_table' }, { idleTimeoutMs: IDLE_MS }),
    )
    await ada.shown
    await vi.advanceTimersByTimeAsync(IDLE_MS * 3)
    ada.answer()
    await answeredThen.promise
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1)
    expect(call.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const outcome = await call.outcome
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: ErrorCode.RequestTimeout, data: { timeout: IDLE_MS } },
    })
    await cancelled
  })

  it('still fails a silent server after the idle timeout, and cancels its tool call', async () => {
    const { client, cancelled } = await connect(answers({}))
    const call = watch(humanPacedCallTool(client, { name: 'stall' }, { idleTimeoutMs: IDLE_MS }))
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1)
    expect(call.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const outcome = await call.outcome
    expect(outcome).toMatchObject({ ok: false, error: { code: ErrorCode.RequestTimeout } })
    expect(String(outcome.ok || outcome.error)).toMatch(/Request timed out/)
    await cancelled
  })

  it('ends at maxTotalTimeoutMs even with the question open, and the card is withdrawn', async () => {
    const ada = person({ name: 'Ada' })
    const { client, cancelled } = await connect(ada.reply)
    const call = watch(
      humanPacedCallTool(
        client,
        { name: 'book_table' },
        { idleTimeoutMs: IDLE_MS, maxTotalTimeoutMs: IDLE_MS * 4 },
      ),
    )
    await ada.shown
    await vi.advanceTimersByTimeAsync(IDLE_MS * 4)
    const outcome = await call.outcome
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: ErrorCode.RequestTimeout, data: { maxTotalTimeout: IDLE_MS * 4 } },
    })
    await cancelled
    await vi.advanceTimersByTimeAsync(0)
    expect(ada.withdrawn()).toBe(true)
  })

  it('stops when the caller aborts, and the card is withdrawn', async () => {
    const ada = person({ name: 'Ada' })
    const { client, cancelled } = await connect(ada.reply)
    const stop = new AbortController()
    const call = watch(
      humanPacedCallTool(
        client,
        { name: 'book_table' },
        { idleTimeoutMs: IDLE_MS, signal: stop.signal },
      ),
    )
    await ada.shown
    stop.abort('the person left the chat')
    const outcome = await call.outcome
    expect(outcome).toMatchObject({ ok: false })
    expect(String(outcome.ok || outcome.error)).toMatch(/the person left the chat/)
    await cancelled
    await vi.advanceTimersByTimeAsync(0)
    expect(ada.withdrawn()).toBe(true)
  })
})

describe('a tool call that reports progress', () => {
  it('lives as long as progress keeps coming, and hands each one to onprogress', async () => {
    const mcp = new McpServer({ name: 'indexer', version: '1.0.0' })
    mcp.registerTool('reindex', { description: 'Reindexes.' }, async (extra) => {
      const token = extra._meta?.progressToken
      for (let step = 1; step <= 10; step += 1) {
        await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 2))
        if (token !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: 10 },
          })
      }
      return { content: [{ type: 'text', text: 'Reindexed.' }] }
    })
    const client = new Client({ name: 'parley-chat', version: '1.0.0' })
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
    await Promise.all([mcp.connect(serverSide), client.connect(clientSide)])
    closers.push(
      () => client.close(),
      () => mcp.close(),
    )
    const seen: number[] = []
    const call = watch(
      humanPacedCallTool(
        client,
        { name: 'reindex' },
        { idleTimeoutMs: IDLE_MS, onprogress: ({ progress }) => seen.push(progress) },
      ),
    )
    await vi.advanceTimersByTimeAsync(IDLE_MS * 5)
    await expect(call.outcome).resolves.toEqual({
      ok: true,
      value: { content: [{ type: 'text', text: 'Reindexed.' }] },
    })
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })
})
