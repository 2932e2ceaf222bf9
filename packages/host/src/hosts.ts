import type { HostRequest } from './types.ts'

/** The host names every host accepts by default: the loopback names, with any port. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]']

/** The host name of a `Host` header value (lower case, port dropped), or `undefined`. */
function hostnameOf(host: string | null | undefined): string | undefined {
  if (host === null || host === undefined || host.length === 0) return undefined
  // `evil.example/x` or `user@evil.example` parse as URLs; a Host header is only a host.
  if (/[/\\@?#\s]/.test(host)) return undefined
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return undefined
  }
}

/**
 * The host names a host accepts: `allowedHosts` as given (lower-cased), or
 * by default the loopback names plus the host of each `allowedOrigins`
 * entry. `false` accepts every host.
 */
export function resolveAllowedHosts(
  allowedHosts: readonly string[] | false | undefined,
  allowedOrigins: readonly string[] | undefined,
): ReadonlySet<string> | false {
  if (allowedHosts === false) return false
  if (allowedHosts !== undefined) {
    return new Set(allowedHosts.map((name) => hostnameOf(name) ?? name.toLowerCase()))
  }
  const names = new Set(LOOPBACK_HOSTS)
  for (const origin of allowedOrigins ?? []) {
    try {
      names.add(new URL(origin).hostname)
    } catch {
      // An origin that does not parse names no host.
    }
  }
  return names
}

/**
 * The DNS-rebinding fence: the `Host` header (or, without one, the URL's
 * host) must name one of `allowed`, port aside. A page on a rebound name
 * such as `evil.example` that resolves to this machine sends that name in
 * `Host`, so it is refused before anything else is read.
 */
export function hostAllowed(request: HostRequest, allowed: ReadonlySet<string> | false): boolean {
  if (allowed === false) return true
  const header = request.headers.get('host')
  const name = header === null ? request.url.hostname : hostnameOf(header)
  return name !== undefined && allowed.has(name)
}

/**
 * The host's `Host` rule on plain values, for an app's own routes: `host`
 * (a `Host` header value) must name one of `allowed`, port aside, or (by
 * default) a loopback name; `false` accepts any host.
 */
export function isAllowedHost(
  host: string | null | undefined,
  allowed?: readonly string[] | false,
): boolean {
  const names = resolveAllowedHosts(allowed, undefined)
  if (names === false) return true
  const name = hostnameOf(host)
  return name !== undefined && names.has(name)
}
