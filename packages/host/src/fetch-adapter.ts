import { BAD_TARGET, type HostCore } from './core.ts'
import { wantsEventStream } from './fences.ts'
import { fetchBodyReader, fetchRequestView, jsonResponse } from './http.ts'
import { isRefusal, refusal, refusalBody } from './refusals.ts'
import { eventStreamResponse } from './sse.ts'

/** The host as a Fetch-API handler: the respond route, the SSE mux and the mux probe. */
export function createFetchHandler<P>(core: HostCore<P>) {
  async function serve(request: Request): Promise<Response> {
    const view = fetchRequestView(request)
    if (!view) return jsonResponse(BAD_TARGET.status, refusalBody(BAD_TARGET))
    const route = core.route(view.url.pathname, view.method)
    if (route === 'other') return jsonResponse(404, refusalBody(refusal('NOT_FOUND')))
    const wrongHost = core.hostRefusal(view, route)
    if (wrongHost) return jsonResponse(wrongHost.status, refusalBody(wrongHost))
    if (route === 'respond' || route === 'extend') {
      const reply = await core[route](view, fetchBodyReader(request))
      return jsonResponse(reply.status, reply.body)
    }
    if (route === 'probe') {
      const reply = await core.probe(view)
      return jsonResponse(reply.status, reply.body)
    }
    if (route === 'event-stream') {
      if (!wantsEventStream(view)) {
        const upgrade = refusal('UPGRADE_REQUIRED')
        return jsonResponse(upgrade.status, refusalBody(upgrade))
      }
      const admitted = await core.admitStream(view)
      if (isRefusal(admitted)) return jsonResponse(admitted.status, refusalBody(admitted))
      const { principal, sessions, ticket } = admitted
      return eventStreamResponse(core, principal, sessions, request.signal, ticket)
    }
    return jsonResponse(404, refusalBody(refusal('NOT_FOUND')))
  }

  return async function fetch(request: Request): Promise<Response> {
    try {
      return await serve(request)
    } catch (error) {
      core.report(error, 'request')
      return jsonResponse(500, refusalBody(refusal('INTERNAL')))
    }
  }
}
