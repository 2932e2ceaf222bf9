import { parley } from '@/lib/parley'

// The mux: GET with `Accept: text/event-stream` is the SSE downlink; POST is the
// probe a client sends after a failed connection, to learn why.
export const dynamic = 'force-dynamic'

export function GET(request: Request): Promise<Response> {
  return parley.host.fetch(request)
}

export function POST(request: Request): Promise<Response> {
  return parley.host.fetch(request)
}
