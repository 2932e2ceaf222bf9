import { parley } from '@/lib/parley'

// A tab's answer or cancel: POST /api/respond.
export function POST(request: Request): Promise<Response> {
  return parley.host.fetch(request)
}
