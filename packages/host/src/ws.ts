import { type IncomingMessage, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import { type Admission, isRefusal, type Refusal } from './fences.ts'
import type { Heartbeat } from './heartbeat.ts'
import type { StreamHub } from './mux.ts'
import type { HostRequest } from './types.ts'

interface WebSocketMuxDeps<P> {
  hub: StreamHub<P>
  heartbeat: Heartbeat
  admit(request: HostRequest): Promise<Admission<P> | Refusal>
}

/** Close code for a client that sends anything on the downlink. */
export const POLICY_VIOLATION = 1008

function refuseUpgrade(socket: Duplex, refusal: Refusal): void {
  if (socket.destroyed) return
  const body = `${refusal.error}\n`
  socket.once('finish', () => socket.destroy())
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}\r\n` +
      'Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}

/** The WebSocket variant of the mux: admission, replay, health, the downlink-only rule. */
export function createWebSocketMux<P>(deps: WebSocketMuxDeps<P>) {
  const server = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: 64 * 1024,
  })

  /**
   * `raw` is the upgraded TCP socket under `socket`: `ws` writes each message
   * to it synchronously, so corking it turns a replay into one write.
   */
  function open(socket: WebSocket, raw: Duplex, admission: Admission<P>): void {
    let alive = true
    const stopBeat = deps.heartbeat.add(() => {
      if (!alive) return socket.terminate()
      alive = false
      socket.ping()
    })
    socket.on('pong', () => {
      alive = true
    })
    socket.on('message', () => socket.close(POLICY_VIOLATION, 'The mux is downlink only.'))
    socket.on('error', () => socket.terminate())
    const unsubscribe = deps.hub.open(
      {
        send: (text) => socket.send(text),
        bufferedBytes: () => socket.bufferedAmount,
        terminate: () => socket.terminate(),
        end: () => socket.close(1001, 'The host is shutting down.'),
        batch(sendAll) {
          raw.cork()
          try {
            sendAll()
          } finally {
            raw.uncork()
          }
        },
      },
      admission.principal,
      admission.sessions,
    )
    socket.on('close', () => {
      stopBeat()
      unsubscribe()
    })
  }

  return {
    /** Admits and upgrades one mux request. */
    async upgrade(
      request: IncomingMessage,
      view: HostRequest,
      socket: Duplex,
      head: Buffer,
    ): Promise<void> {
      const ignore = () => {}
      socket.on('error', ignore)
      const admission = await deps.admit(view)
      if (isRefusal(admission)) return refuseUpgrade(socket, admission)
      if (socket.destroyed) return
      socket.off('error', ignore)
      server.handleUpgrade(request, socket, head, (ws) => open(ws, socket, admission))
    },
    /** Stops accepting upgrades; open sockets finish their close handshake (see hub.endAll). */
    close(): void {
      server.close()
    },
  }
}
