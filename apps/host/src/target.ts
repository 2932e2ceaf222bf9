/** A request target the demo can route: parsed once, at the top of the listener. */
export interface Target {
  /** The path as sent, percent-encoded, with dot segments resolved. */
  pathname: string
  /** The path percent-decoded. */
  decoded: string
  /** The query with its `?`, or `''`. */
  search: string
}

/**
 * Parses a request target (origin-form `/path?query`, or absolute-form
 * `http://host/path`) without throwing: `null` when it does not parse or
 * its percent-encoding is malformed.
 */
export function parseTarget(raw: string | undefined): Target | null {
  if (!raw) return null
  let url: URL
  try {
    // Origin-form is a path: prefixing the base keeps `//x` a path, not a host.
    url = raw.startsWith('/') ? new URL(`http://localhost${raw}`) : new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  let decoded: string
  try {
    decoded = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  return { pathname: url.pathname, decoded, search: url.search }
}
