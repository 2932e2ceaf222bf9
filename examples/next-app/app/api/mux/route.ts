import { parley } from '@/lib/parley'

// The SSE variant of the mux: GET /api/mux with `Accept: text/event-stream`.
export const dynamic = 'force-dynamic'

export function GET(request: Request): Promise<Response> {
  return parley.host.fetch(request)
}
