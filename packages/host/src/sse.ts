import type { Heartbeat } from './heartbeat.ts'
import { REPLY_HEADERS } from './http.ts'
import type { StreamHub, StreamTicket } from './mux.ts'

/** Headers of the SSE variant of the mux. */
export const SSE_HEADERS = {
  ...REPLY_HEADERS,
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const

/** One SSE event carrying `text`. */
export const sseEvent = (text: string) => `data: ${text}\n\n`
/** The heartbeat comment. */
export const SSE_PING = ': ping\n\n'

export interface SseDeps<P> {
  hub: StreamHub<P>
  heartbeat: Heartbeat
}

/** Streams the mux as a Fetch-API `Response` body. Ends when `signal` aborts. */
export function eventStreamResponse<P>(
  deps: SseDeps<P>,
  principal: P,
  sessions: ReadonlySet<string> | null,
  signal: AbortSignal,
  ticket: StreamTicket,
): Response {
  const encoder = new TextEncoder()
  let cleanup = () => {}
  // Resolved by the consumer's next pull: the queued frames went out.
  let pulled: (() => void) | null = null
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true
        const finish = (fn: () => void) => {
          if (!open) return
          open = false
          cleanup()
          try {
            fn()
          } catch {
            // Already closed by the consumer.
          }
        }
        const push = (text: string) => {
          if (open) controller.enqueue(encoder.encode(text))
        }
        const onAbort = () => finish(() => controller.close())
        let stopBeat = () => {}
        let unsubscribe = () => {}
        cleanup = () => {
          open = false
          stopBeat()
          unsubscribe()
          ticket.release()
          signal.removeEventListener('abort', onAbort)
          pulled?.()
        }
        unsubscribe = deps.hub.open(
          {
            send: (text) => push(sseEvent(text)),
            transport: 'sse',
            bufferedBytes: () => Math.max(0, -(controller.desiredSize ?? 0)),
            terminate: () => finish(() => controller.error(new Error('stream overloaded'))),
            end: () => finish(() => controller.close()),
            drained: () =>
              new Promise<void>((resolve) => {
                if (!open || (controller.desiredSize ?? 0) >= 0) return resolve()
                pulled = resolve
              }),
          },
          principal,
          sessions,
          ticket,
        )
        if (!open) return cleanup()
        stopBeat = deps.heartbeat.add(() => push(SSE_PING))
        if (signal.aborted) onAbort()
        else signal.addEventListener('abort', onAbort, { once: true })
      },
      pull() {
        const resolve = pulled
        pulled = null
        resolve?.()
      },
      cancel() {
        cleanup()
      },
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  )
  return new Response(body, { status: 200, headers: SSE_HEADERS })
}
