import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BodyReader } from './respond.ts'
import type { HostRequest } from './types.ts'

function parseNodeUrl(request: IncomingMessage): URL {
  try {
    return new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`)
  } catch {
    return new URL(request.url ?? '/', 'http://localhost')
  }
}

/**
 * Returns the router's view of a Node request's path: `url.pathname` of its
 * view. A request target equal to one of `paths` that a URL parse gives back
 * unchanged is that path, which spares the hot routes the parse.
 */
export function nodePathReader(paths: readonly string[]): (request: IncomingMessage) => string {
  const exact = new Set(paths.filter((path) => new URL(path, 'http://localhost').pathname === path))
  return (request) => {
    const target = request.url ?? '/'
    return exact.has(target) ? target : parseNodeUrl(request).pathname
  }
}

/** Wraps a Node request in the framework-neutral view the hooks see. Its `url` is parsed on first read. */
export function nodeRequestView(request: IncomingMessage): HostRequest {
  const headers = request.headers
  let url: URL | undefined
  return {
    method: (request.method ?? 'GET').toUpperCase(),
    get url() {
      url ??= parseNodeUrl(request)
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

/** Wraps a Fetch-API request in the framework-neutral view. */
export function fetchRequestView(request: Request): HostRequest {
  return {
    method: request.method.toUpperCase(),
    url: new URL(request.url),
    headers: request.headers,
    raw: request,
  }
}

/** Reads a Node request body, stopping at `limit` bytes. */
export function nodeBodyReader(request: IncomingMessage): BodyReader {
  return (limit) =>
    new Promise((resolve) => {
      const chunks: Buffer[] = []
      let size = 0
      let done = false
      const finish = (value: string | null) => {
        if (done) return
        done = true
        request.off('data', onData)
        resolve(value)
      }
      const onData = (chunk: Buffer) => {
        size += chunk.length
        if (size > limit) {
          finish(null)
          request.resume()
          return
        }
        chunks.push(chunk)
      }
      request.on('data', onData)
      request.once('end', () => finish(Buffer.concat(chunks).toString('utf8')))
      request.once('error', () => finish(null))
      request.once('close', () =>
        finish(size > limit ? null : Buffer.concat(chunks).toString('utf8')),
      )
    })
}

/** Reads a Fetch-API request body, stopping at `limit` bytes. */
export function fetchBodyReader(request: Request): BodyReader {
  return async (limit) => {
    if (!request.body) return ''
    const reader = request.body.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) {
        await reader.cancel().catch(() => {})
        return null
      }
      text += decoder.decode(value, { stream: true })
    }
    return text + decoder.decode()
  }
}

/** Writes a JSON reply. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    // A refused upload may still be arriving; do not keep reading it.
    ...(status === 413 && { connection: 'close' }),
  })
  response.end(text)
}

/** A JSON `Response`. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  })
}
