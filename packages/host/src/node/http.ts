import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { REPLY_HEADERS } from '../http.ts'
import type { BodyRead, BodyReader } from '../respond.ts'
import type { HostRequest } from '../types.ts'

/** The scheme a Node request arrived on: TLS, or (when trusted) the proxy's word. */
function schemeOf(request: IncomingMessage, trustProxy: boolean): 'http' | 'https' {
  if ((request.socket as Partial<TLSSocket>).encrypted) return 'https'
  if (trustProxy) {
    const forwarded = request.headers['x-forwarded-proto']
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
    if (first?.toLowerCase() === 'https') return 'https'
  }
  return 'http'
}

/**
 * Parses a Node request target against its scheme and `Host`; `null` when it
 * does not parse (a malformed absolute-form target such as `http://[/`, or a
 * `Host` that is no host). Never throws.
 */
function parseNodeTarget(request: IncomingMessage, trustProxy = false): URL | null {
  const host = request.headers.host ?? 'localhost'
  try {
    return new URL(request.url ?? '/', `${schemeOf(request, trustProxy)}://${host}`)
  } catch {
    try {
      // A bad Host header alone does not make the target unroutable.
      const url = new URL(request.url ?? '/', `${schemeOf(request, trustProxy)}://localhost`)
      return url
    } catch {
      return null
    }
  }
}

/**
 * Returns the router's view of a Node request's path, or `null` when the
 * target does not parse. A target equal to one of `paths` that a URL parse
 * gives back unchanged is that path, which spares the hot routes the parse.
 */
export function nodePathReader(
  paths: readonly string[],
): (request: IncomingMessage) => string | null {
  const exact = new Set(paths.filter((path) => new URL(path, 'http://localhost').pathname === path))
  return (request) => {
    const target = request.url ?? '/'
    return exact.has(target) ? target : (parseNodeTarget(request)?.pathname ?? null)
  }
}

/**
 * Wraps a Node request in the framework-neutral view the hooks see. Its `url`
 * is parsed on first read; call it only for a target `parseNodeTarget` accepts.
 */
export function nodeRequestView(request: IncomingMessage, trustProxy = false): HostRequest {
  const headers = request.headers
  let url: URL | undefined
  return {
    method: (request.method ?? 'GET').toUpperCase(),
    get url() {
      url ??= parseNodeTarget(request, trustProxy) ?? new URL('http://localhost/')
      return url
    },
    headers: {
      get(name) {
        const value = headers[name.toLowerCase()]
        if (value === undefined) return null
        return Array.isArray(value) ? value.join(', ') : value
      },
    },
    raw: request,
  }
}

/**
 * Reads a Node request body, stopping at `limit` bytes or after `timeoutMs`
 * (the rest of a refused upload is drained, not kept).
 */
export function nodeBodyReader(request: IncomingMessage): BodyReader {
  return (limit, timeoutMs) =>
    new Promise<BodyRead>((resolve) => {
      const chunks: Buffer[] = []
      let size = 0
      let done = false
      const finish = (value: BodyRead) => {
        if (done) return
        done = true
        clearTimeout(timer)
        request.off('data', onData)
        if (typeof value !== 'string') request.resume()
        resolve(value)
      }
      const onData = (chunk: Buffer) => {
        size += chunk.length
        if (size > limit) return finish({ failed: 'too-large' })
        chunks.push(chunk)
      }
      const timer = setTimeout(() => finish({ failed: 'timeout' }), timeoutMs)
      timer.unref?.()
      request.on('data', onData)
      request.once('end', () => finish(Buffer.concat(chunks).toString('utf8')))
      request.once('error', () => finish({ failed: 'aborted' }))
      request.once('close', () => finish({ failed: 'aborted' }))
    })
}

/** Writes a JSON reply (with {@link REPLY_HEADERS}); `close` also ends the connection. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  close = false,
): void {
  if (response.headersSent || response.destroyed) {
    response.destroy()
    return
  }
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...REPLY_HEADERS,
    // A refused upload may still be arriving; do not keep reading it.
    ...((close || status === 413 || status === 408) && { connection: 'close' }),
  })
  response.end(text)
}
