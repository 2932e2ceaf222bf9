import { type IncomingMessage, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import type { Admission } from '../fences.ts'
import type { Heartbeat } from '../heartbeat.ts'
import type { StreamHub, StreamTicket } from '../mux.ts'
import { isRefusal, type Refusal, refusal, refusalBody } from '../refusals.ts'
import type { HostRequest } from '../types.ts'
import { whenDrained } from './drain.ts'

interface WebSocketMuxDeps<P> {
  hub: StreamHub<P>
  heartbeat: Heartbeat
  admit(request: HostRequest): Promise<Admission<P> | Refusal>
  refused(refusal: Refusal, request: HostRequest, transport: 'websocket'): Refusal
  report(error: unknown, where: string): void
}

/** Close code for a client that sends anything on the downlink. */
const POLICY_VIOLATION = 1008

/** A client that has not finished its upgrade handshake this long after admission is cut. */
const UPGRADE_TIMEOUT_MS = 10_000

/**
 * Answers an upgrade request with a plain HTTP error and closes the socket:
 * an upgrade that is refused must never be left open.
 */
export function refuseUpgrade(socket: Duplex, refused: Refusal): void {
  if (socket.destroyed) return
  const body = JSON.stringify(refusalBody(refused))
  socket.on('error', () => socket.destroy())
  socket.once('finish', () => socket.destroy())
  // A client that never reads its refusal does not keep the socket either.
  setTimeout(() => socket.destroy(), 2_000).unref()
  socket.end(
    `HTTP/1.1 ${refused.status} ${STATUS_CODES[refused.status] ?? ''}\r\n` +
      'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
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
   * to it synchronously, so corking it turns a replay chunk into one write,
   * and its `drain` paces a replay larger than a chunk.
   */
  function open(socket: WebSocket, raw: Duplex, admission: Admission<P>, ticket: StreamTicket) {
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
        transport: 'websocket',
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
        drained: () => whenDrained(raw),
      },
      admission.principal,
      admission.sessions,
      ticket,
    )
    socket.on('close', () => {
      stopBeat()
      unsubscribe()
    })
  }

  return {
    /** Admits and upgrades one mux request; every failure answers and closes the socket. */
    async upgrade(
      request: IncomingMessage,
      view: HostRequest,
      socket: Duplex,
      head: Buffer,
    ): Promise<void> {
      const ignore = () => {}
      socket.on('error', ignore)
      let ticket: StreamTicket | undefined
      try {
        const admission = await deps.admit(view)
        if (isRefusal(admission))
          return refuseUpgrade(socket, deps.refused(admission, view, 'websocket'))
        const reserved = deps.hub.reserve(admission.principal)
        if (isRefusal(reserved))
          return refuseUpgrade(socket, deps.refused(reserved, view, 'websocket'))
        ticket = reserved
        if (socket.destroyed) return ticket.release()
        socket.off('error', ignore)
        const held = ticket
        const stalled = setTimeout(() => socket.destroy(), UPGRADE_TIMEOUT_MS)
        stalled.unref()
        socket.once('close', () => {
          clearTimeout(stalled)
          held.release()
        })
        server.handleUpgrade(request, socket, head, (ws) => {
          clearTimeout(stalled)
          open(ws, socket, admission, held)
        })
      } catch (error) {
        ticket?.release()
        deps.report(error, 'upgrade')
        refuseUpgrade(socket, refusal('INTERNAL'))
      }
    },
    /** Stops accepting upgrades; open sockets finish their close handshake (see hub.endAll). */
    close(): void {
      server.close()
    },
  }
}
