import { BAD_TARGET, type HostCore } from './core.ts'
import { isRefusal, wantsEventStream } from './fences.ts'
import { fetchBodyReader, fetchRequestView, jsonResponse } from './http.ts'
import { eventStreamResponse } from './sse.ts'

/** The host as a Fetch-API handler: the respond route and the SSE mux. */
export function createFetchHandler<P>(core: HostCore<P>) {
  async function serve(request: Request): Promise<Response> {
    const view = fetchRequestView(request)
    if (!view) return jsonResponse(BAD_TARGET.status, { error: BAD_TARGET.error })
    const route = core.route(view.url.pathname, view.method)
    if (route === 'respond') {
      const reply = await core.respond(view, fetchBodyReader(request))
      return jsonResponse(reply.status, reply.body)
    }
    if (route === 'event-stream') {
      if (!wantsEventStream(view))
        return jsonResponse(426, { error: 'Accept text/event-stream (WebSockets need attach).' })
      const admitted = await core.admitStream(view)
      if (isRefusal(admitted)) return jsonResponse(admitted.status, { error: admitted.error })
      const { principal, sessions, ticket } = admitted
      return eventStreamResponse(core, principal, sessions, request.signal, ticket)
    }
    return jsonResponse(404, { error: 'Not found.' })
  }

  return async function fetch(request: Request): Promise<Response> {
    try {
      return await serve(request)
    } catch (error) {
      core.report(error, 'request')
      return jsonResponse(500, { error: 'Internal error.' })
    }
  }
}
