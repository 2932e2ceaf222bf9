import { isAllowedHost, isAllowedOrigin } from '@parley/host'

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

function refused(status: number, code: string, error: string): Response {
  return Response.json({ error, code }, { status, headers: { 'cache-control': 'no-store' } })
}

/**
 * The host's own fences for this app's state-changing routes: an allowed
 * `Host`, a same-origin `Origin` (or none), and a JSON body, so neither a
 * rebound page nor a cross-site `text/plain` form can start an ask.
 * `null` when the request may go on.
 */
export function refuseForeign(request: Request): Response | null {
  const url = new URL(request.url)
  const host = request.headers.get('host') ?? url.host
  if (!isAllowedHost(host, allowedHosts))
    return refused(403, 'HOST_NOT_ALLOWED', 'Host not allowed.')
  const origin = request.headers.get('origin')
  if (!isAllowedOrigin({ origin, scheme: url.protocol.replace(/:$/, ''), host }))
    return refused(403, 'ORIGIN_NOT_ALLOWED', 'Origin not allowed.')
  const type = request.headers.get('content-type')?.split(';', 1)[0]?.trim().toLowerCase()
  if (type !== 'application/json')
    return refused(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json.')
  return null
}
