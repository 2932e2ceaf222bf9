import type { ServerResponse } from 'node:http'
import type { StreamTicket } from '../mux.ts'
import { SSE_HEADERS, SSE_PING, type SseDeps, sseEvent } from '../sse.ts'
import { whenDrained } from './drain.ts'

/** Streams the mux to a Node response as Server-Sent Events (one `data:` event per frame). */
export function serveNodeEventStream<P>(
  deps: SseDeps<P>,
  response: ServerResponse,
  principal: P,
  sessions: ReadonlySet<string> | null,
  ticket: StreamTicket,
): void {
  response.writeHead(200, SSE_HEADERS)
  response.flushHeaders()
  const unsubscribe = deps.hub.open(
    {
      send: (text) => void response.write(sseEvent(text)),
      transport: 'sse',
      bufferedBytes: () => response.writableLength,
      terminate: () => response.destroy(),
      end: () => response.end(),
      batch(sendAll) {
        response.cork()
        try {
          sendAll()
        } finally {
          response.uncork()
        }
      },
      drained: () => whenDrained(response),
    },
    principal,
    sessions,
    ticket,
  )
  const stopBeat = deps.heartbeat.add(() => void response.write(SSE_PING))
  response.on('close', () => {
    stopBeat()
    unsubscribe()
    ticket.release()
  })
}
