import { type Refusal, refusal } from './refusals.ts'
import type { HostRequest } from './types.ts'

/**
 * The Origin fence. A request without `Origin` is not from a browser page and
 * cannot be a cross-site forgery, so it passes; a page's origin must be in
 * `allowed`, or (by default) be this host's own origin: the request's scheme
 * and the `Host` header (`https://h` is not `http://h`; `null` matches nothing).
 */
export function originAllowed(request: HostRequest, allowed?: readonly string[]): boolean {
  return isAllowedOrigin({
    origin: request.headers.get('origin'),
    scheme: request.url.protocol.replace(/:$/, ''),
    host: request.headers.get('host'),
    allowed,
  })
}

/**
 * The host's Origin rule on plain values, for an app's own routes: no
 * `Origin` (not a page) passes; otherwise it must be one of `allowed`, or
 * (without `allowed`) equal `scheme://host` — scheme included, so `https://h`
 * is not `http://h`; `null` and unparseable origins match nothing.
 */
export function isAllowedOrigin(input: {
  origin: string | null | undefined
  scheme: string
  host: string | null | undefined
  allowed?: readonly string[] | undefined
}): boolean {
  const { origin, scheme, host, allowed } = input
  if (origin === null || origin === undefined) return true
  if (allowed) return allowed.includes(origin)
  if (!host) return false
  try {
    return new URL(origin).origin === new URL(`${scheme}://${host}`).origin
  } catch {
    return false
  }
}

/** True when the request's media type is exactly `application/json` (parameters allowed). */
export function isJsonContentType(request: HostRequest): boolean {
  const type = request.headers.get('content-type')
  if (type === null) return false
  const media = type.split(';', 1)[0]?.trim().toLowerCase()
  return media === 'application/json'
}

/** True when the client asks for the SSE variant of the mux. */
export function wantsEventStream(request: HostRequest): boolean {
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/event-stream')
}

function safeAccess<P>(
  canAccess: (principal: P, sessionId: string) => boolean,
  principal: P,
  sessionId: string,
): boolean {
  try {
    return canAccess(principal, sessionId) === true
  } catch {
    return false
  }
}

/** What a mux request is admitted to: its principal and its sessions (`null`: every accessible one). */
export interface Admission<P> {
  principal: P
  sessions: ReadonlySet<string> | null
}

interface AdmitDeps<P> {
  authenticate(request: HostRequest): P | null | Promise<P | null>
  canAccess(principal: P, sessionId: string): boolean
  allowedOrigins?: readonly string[] | undefined
  /** Sees what a hook threw. */
  report?: ((error: unknown, where: string) => void) | undefined
}

/** Authenticates a request; a throwing `authenticate` counts as "nobody" (and is reported). */
export async function principalOf<P>(deps: AdmitDeps<P>, request: HostRequest): Promise<P | null> {
  try {
    return (await deps.authenticate(request)) ?? null
  } catch (error) {
    deps.report?.(error, 'authenticate')
    return null
  }
}

/** The checks every mux request passes before it is upgraded or streamed. */
export async function admitMux<P>(
  deps: AdmitDeps<P>,
  request: HostRequest,
): Promise<Admission<P> | Refusal> {
  if (!originAllowed(request, deps.allowedOrigins)) return refusal('ORIGIN_NOT_ALLOWED')
  const principal = await principalOf(deps, request)
  if (principal === null) return refusal('NOT_AUTHENTICATED')
  const named = request.url.searchParams.getAll('session')
  if (named.length === 0) return { principal, sessions: null }
  if (named.some((id) => id.length === 0)) return refusal('EMPTY_SESSION_ID')
  for (const id of named) {
    if (!safeAccess(deps.canAccess, principal, id)) return refusal('SESSION_NOT_ACCESSIBLE')
  }
  return { principal, sessions: new Set(named) }
}

/** `canAccess` that never throws. */
export function mayAccess<P>(deps: AdmitDeps<P>, principal: P, sessionId: string): boolean {
  return safeAccess(deps.canAccess, principal, sessionId)
}
