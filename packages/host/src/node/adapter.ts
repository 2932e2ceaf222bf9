import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { BAD_TARGET, type HostCore } from '../core.ts'
import { wantsEventStream } from '../fences.ts'
import { isRefusal, refusal, refusalBody } from '../refusals.ts'
import { nodeBodyReader, nodePathReader, nodeRequestView, sendJson } from './http.ts'
import { serveNodeEventStream } from './sse.ts'
import { createWebSocketMux, refuseUpgrade } from './ws.ts'

/** Options of `QuestionHost.attach`. */
export interface AttachOptions {
  /**
   * Upgrade requests to paths other than the mux: `'refuse'` answers them
   * 404 and closes the socket (an unanswered upgrade is a leaked socket);
   * `'pass'` leaves them to your own `upgrade` listeners, which must then
   * answer every one. @default 'refuse'
   */
  otherUpgrades?: 'refuse' | 'pass'
}

const UPGRADE_REQUIRED = refusal('UPGRADE_REQUIRED')

/** The host on Node's `http`: the upgrade listener, the request handler, the WebSocket mux. */
export function createNodeAdapter<P>(core: HostCore<P>) {
  const sockets = createWebSocketMux<P>({
    hub: core.hub,
    heartbeat: core.heartbeat,
    admit: core.admit,
    refused: core.refused,
    report: core.report,
  })
  const pathOf = nodePathReader([core.muxPath, core.respondPath, core.extendPath])

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    core.offerWebSockets()
    const path = pathOf(request)
    if (path === null) {
      refuseUpgrade(socket, BAD_TARGET)
      return true
    }
    if (path !== core.muxPath) return false
    const view = nodeRequestView(request, core.trustProxy)
    const wrongHost = core.hostRefusal(view, 'websocket')
    if (wrongHost) refuseUpgrade(socket, wrongHost)
    else void sockets.upgrade(request, view, socket, head)
    return true
  }

  async function serve(request: IncomingMessage, response: ServerResponse, next?: () => void) {
    const path = pathOf(request)
    if (path === null) return sendJson(response, BAD_TARGET.status, refusalBody(BAD_TARGET), true)
    const view = nodeRequestView(request, core.trustProxy)
    const route = core.route(path, view.method)
    const wrongHost = route === 'other' ? null : core.hostRefusal(view, route)
    if (wrongHost) return sendJson(response, wrongHost.status, refusalBody(wrongHost))
    if (route === 'respond' || route === 'extend') {
      const reply = await core[route](view, nodeBodyReader(request))
      return sendJson(response, reply.status, reply.body)
    }
    if (route === 'probe') {
      const reply = await core.probe(view)
      return sendJson(response, reply.status, reply.body)
    }
    if (route === 'event-stream') {
      if (!wantsEventStream(view)) return sendJson(response, 426, refusalBody(UPGRADE_REQUIRED))
      const admitted = await core.admitStream(view)
      if (isRefusal(admitted)) return sendJson(response, admitted.status, refusalBody(admitted))
      if (response.destroyed) return admitted.ticket.release()
      const { principal, sessions, ticket } = admitted
      return serveNodeEventStream(core, response, principal, sessions, ticket)
    }
    if (next) return next()
    sendJson(response, 404, refusalBody(refusal('NOT_FOUND')))
  }

  return {
    handleUpgrade,
    attach(server: Server, options: AttachOptions = {}): () => void {
      const refuseOthers = (options.otherUpgrades ?? 'refuse') === 'refuse'
      core.offerWebSockets()
      const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        try {
          if (handleUpgrade(request, socket, head) || !refuseOthers) return
          refuseUpgrade(socket, { ...refusal('NOT_FOUND'), error: 'No WebSocket endpoint here.' })
        } catch (error) {
          core.report(error, 'upgrade')
          refuseUpgrade(socket, refusal('INTERNAL'))
        }
      }
      server.on('upgrade', onUpgrade)
      return () => server.off('upgrade', onUpgrade)
    },
    handleRequest(request: IncomingMessage, response: ServerResponse, next?: () => void): void {
      const fail = (error: unknown) => {
        core.report(error, 'request')
        if (!response.headersSent) sendJson(response, 500, refusalBody(refusal('INTERNAL')), true)
        else response.destroy()
      }
      try {
        serve(request, response, next).catch(fail)
      } catch (error) {
        fail(error)
      }
    },
    /** Stops accepting upgrades. */
    close(): void {
      sockets.close()
    },
  }
}
