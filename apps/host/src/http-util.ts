import type { IncomingMessage, ServerResponse } from 'node:http'
import { TLSSocket } from 'node:tls'
import { isAllowedOrigin } from '@parley/host'
import contentType from 'content-type'
import getRawBody from 'raw-body'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Headers the error reply carries besides the base ones (`www-authenticate`, `allow`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

/** Sent on every demo reply: JSON, errors, 404s, 429s and static files alike. */
export const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
} as const

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
    ...BASE_HEADERS,
    ...headers,
  })
  res.end(text)
}

export function sendError(res: ServerResponse, error: HttpError) {
  sendJson(
    res,
    error.status,
    { error: { code: error.code, message: error.message } },
    error.headers,
  )
}

/**
 * Reads a JSON body behind the content-type fence: only `application/json`
 * (so a cross-site form cannot post), at most `limit` bytes, parsed or 400.
 */
export async function readJson(req: IncomingMessage, limit = 64 * 1024): Promise<unknown> {
  let type: string | undefined
  try {
    type = contentType.parse(req).type
  } catch {
    type = undefined
  }
  if (type !== 'application/json')
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send application/json.')
  let text: string
  try {
    // raw-body counts while reading, and refuses a declared or real length over the limit.
    text = await getRawBody(req, { limit, encoding: 'utf8' })
  } catch (error) {
    const status = (error as { status?: unknown }).status
    if (status === 413) throw new HttpError(413, 'TOO_LARGE', 'The body is too large.')
    throw new HttpError(400, 'BAD_BODY', 'The body could not be read.')
  }
  if (text.length === 0) return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'BAD_JSON', 'The body is not valid JSON.')
  }
}

/**
 * The scheme this request reached the demo over: `https` on a TLS socket;
 * with `trustProxy`, the first `X-Forwarded-Proto` value when it is `http`
 * or `https` (only behind a proxy that sets it).
 */
export function schemeOf(req: IncomingMessage, trustProxy = false): 'http' | 'https' {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-proto']
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
    if (first === 'http' || first === 'https') return first
  }
  return req.socket instanceof TLSSocket ? 'https' : 'http'
}

/**
 * Refuses a state-changing request whose Origin is not this host (CSRF
 * fence): scheme, host and port must all match `scheme://Host`.
 */
export function assertSameOrigin(req: IncomingMessage, scheme: 'http' | 'https') {
  // The same rule the Parley routes apply (`@parley/host`).
  if (!isAllowedOrigin({ origin: req.headers.origin, scheme, host: req.headers.host }))
    throw new HttpError(403, 'FOREIGN_ORIGIN', 'Cross-origin requests are refused.')
}
