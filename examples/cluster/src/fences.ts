import type { IncomingMessage } from 'node:http'
import { isAllowedHost, isAllowedOrigin, LOOPBACK_HOSTS } from '@parley/host/node'

/** A refusal of one of this app's own routes: status, stable code, sentence. */
export interface Refused {
  status: number
  code: string
  error: string
}

/**
 * The host's fences for this app's own state-changing routes: an allowed
 * `Host` (against DNS rebinding), a same-origin `Origin` (or none), and a
 * JSON body, so a cross-site `text/plain` form cannot start an ask.
 * `null` when the request may go on.
 */
export function refuseForeign(
  request: IncomingMessage,
  allowedHosts: readonly string[] = LOOPBACK_HOSTS,
): Refused | null {
  const host = request.headers.host
  if (!isAllowedHost(host, allowedHosts))
    return { status: 403, code: 'HOST_NOT_ALLOWED', error: 'Host not allowed.' }
  const scheme = 'encrypted' in request.socket ? 'https' : 'http'
  if (!isAllowedOrigin({ origin: request.headers.origin, scheme, host }))
    return { status: 403, code: 'ORIGIN_NOT_ALLOWED', error: 'Origin not allowed.' }
  const type = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase()
  if (type !== 'application/json')
    return {
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: 'Content-Type must be application/json.',
    }
  return null
}
