import type { IncomingMessage } from 'node:http'
import { appRouteRefusal, LOOPBACK_HOSTS, type Refusal } from '@parley/host/node'

/**
 * The host's own fences for this app's state-changing routes (`appRouteRefusal`):
 * an allowed `Host` (against DNS rebinding), a same-origin `Origin` (or none),
 * and a JSON body, so a cross-site `text/plain` form cannot start an ask.
 * `null` when the request may go on.
 */
export function refuseForeign(
  request: IncomingMessage,
  allowedHosts: readonly string[] = LOOPBACK_HOSTS,
): Refusal | null {
  return appRouteRefusal({
    host: request.headers.host,
    origin: request.headers.origin,
    scheme: 'encrypted' in request.socket ? 'https' : 'http',
    contentType: request.headers['content-type'],
    allowedHosts,
  })
}
