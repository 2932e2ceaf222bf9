import { isAllowedHost, LOOPBACK_HOSTS } from './hosts.ts'
import { type Refusal, type RefusalCode, refusal } from './refusals.ts'
import type { BodyReader, HostRequest } from './types.ts'

/**
 * The Origin fence. A request without `Origin` is not from a browser page and
 * cannot be a cross-site forgery, so it passes; a page's origin must be in
 * `allowed`, or (by default) be this host's own origin: the request's scheme
 * and the `Host` header (`https://h` is not `http://h`; `null` matches nothing).
 */
function originAllowed(request: HostRequest, allowed?: readonly string[]): boolean {
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

/** True when a `Content-Type` value is exactly `application/json` (parameters allowed). */
function isJsonMediaType(type: string | null | undefined): boolean {
  return type?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json'
}

/** True when the request's media type is exactly `application/json` (parameters allowed). */
function isJsonContentType(request: HostRequest): boolean {
  return isJsonMediaType(request.headers.get('content-type'))
}

/**
 * The host's fences for an app's own state-changing route, on plain values
 * (a Fetch `Request`'s headers or a Node `IncomingMessage`'s): an allowed
 * `Host` (DNS rebinding), a same-origin `Origin` or none (CSRF), and a JSON
 * body (no cross-site `text/plain` form). The refusal the host itself would
 * answer (`HOST_NOT_ALLOWED`, `ORIGIN_NOT_ALLOWED`, `UNSUPPORTED_MEDIA_TYPE`),
 * or `null` when the request may go on.
 */
export function appRouteRefusal(input: {
  host: string | null | undefined
  origin: string | null | undefined
  scheme: string
  contentType: string | null | undefined
  /** @default LOOPBACK_HOSTS */
  allowedHosts?: readonly string[] | undefined
}): Refusal | null {
  const { host, origin, scheme, contentType, allowedHosts = LOOPBACK_HOSTS } = input
  if (!isAllowedHost(host, allowedHosts)) return refusal('HOST_NOT_ALLOWED')
  if (!isAllowedOrigin({ origin, scheme, host })) return refusal('ORIGIN_NOT_ALLOWED')
  if (!isJsonMediaType(contentType)) return refusal('UNSUPPORTED_MEDIA_TYPE')
  return null
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
async function principalOf<P>(deps: AdmitDeps<P>, request: HostRequest): Promise<P | null> {
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

/** The session a body names, read before it is parsed (for the access fence). */
function claimedSessionOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !Object.hasOwn(data, 'sessionId'))
    return undefined
  const sessionId: unknown = Reflect.get(data, 'sessionId')
  return typeof sessionId === 'string' ? sessionId : undefined
}

const BODY_FAILURES = {
  'too-large': 'BODY_TOO_LARGE',
  timeout: 'BODY_TIMEOUT',
  aborted: 'BODY_CUT_OFF',
} as const satisfies Record<string, RefusalCode>

interface JsonPostDeps<P> extends AdmitDeps<P> {
  maxBodyBytes: number
  bodyTimeoutMs: number
}

/**
 * The fences of every JSON POST route (respond, extend, amend), in order:
 * method 405, Origin 403, content type 415, declared size 413, 401, the body
 * 413/408/400, JSON 400, access to the body's `sessionId` 403. Gives the
 * principal and the parsed body, or the refusal's code.
 */
export async function admitJsonPost<P>(
  deps: JsonPostDeps<P>,
  request: HostRequest,
  readBody: BodyReader,
): Promise<{ principal: P; data: unknown } | { refusal: RefusalCode }> {
  if (request.method !== 'POST') return { refusal: 'METHOD_NOT_ALLOWED' }
  if (!originAllowed(request, deps.allowedOrigins)) return { refusal: 'ORIGIN_NOT_ALLOWED' }
  if (!isJsonContentType(request)) return { refusal: 'UNSUPPORTED_MEDIA_TYPE' }
  if (Number(request.headers.get('content-length') ?? '0') > deps.maxBodyBytes)
    return { refusal: 'BODY_TOO_LARGE' }
  const principal = await principalOf(deps, request)
  if (principal === null) return { refusal: 'NOT_AUTHENTICATED' }
  const text = await readBody(deps.maxBodyBytes, deps.bodyTimeoutMs)
  if (typeof text !== 'string') return { refusal: BODY_FAILURES[text.failed] }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { refusal: 'BODY_NOT_JSON' }
  }
  const claimed = claimedSessionOf(data)
  if (claimed !== undefined && !mayAccess(deps, principal, claimed))
    return { refusal: 'SESSION_NOT_ACCESSIBLE' }
  return { principal, data }
}
