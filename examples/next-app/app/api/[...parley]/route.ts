import { parley } from '@/lib/parley'

// Every Parley path in one route, so none can be forgotten: the SSE mux
// (GET /api/mux) and its probe (POST /api/mux), answers (/api/respond),
// More time (/api/extend) and changes (/api/amend). `host.fetch` routes them
// and answers 404 for any other path under /api. The app's own routes, like
// /api/ask, are more specific and win over this catch-all.
export const dynamic = 'force-dynamic'

export function GET(request: Request): Promise<Response> {
  return parley.host.fetch(request)
}

export function POST(request: Request): Promise<Response> {
  return parley.host.fetch(request)
}
