import { appRouteRefusal } from '@parley/host'

/**
 * The host names this app answers to. The loopback names are enough on a
 * developer's machine; a deployment lists its public names here. Anything
 * else (a rebound `evil.example` pointing at this machine) is refused.
 */
export const allowedHosts: readonly string[] = [
  'localhost',
  '127.0.0.1',
  '[::1]',
  ...(process.env.ALLOWED_HOSTS?.split(',').map((name) => name.trim()) ?? []),
].filter(Boolean)

/**
 * The host's own fences for this app's state-changing routes (`appRouteRefusal`):
 * an allowed `Host`, a same-origin `Origin` (or none), and a JSON body, so
 * neither a rebound page nor a cross-site `text/plain` form can start an ask.
 * `null` when the request may go on.
 */
export function refuseForeign(request: Request): Response | null {
  const url = new URL(request.url)
  const refused = appRouteRefusal({
    host: request.headers.get('host') ?? url.host,
    origin: request.headers.get('origin'),
    scheme: url.protocol.replace(/:$/, ''),
    contentType: request.headers.get('content-type'),
    allowedHosts,
  })
  if (!refused) return null
  const body = { error: refused.error, code: refused.code }
  return Response.json(body, { status: refused.status, headers: { 'cache-control': 'no-store' } })
}
