import type { IncomingMessage, ServerResponse } from 'node:http'
import { text } from 'node:stream/consumers'
import type { HeaderReader } from './auth.js'

/** `req.headers` as a `HeaderReader`. */
export function headersOf(request: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = request.headers[name.toLowerCase()]
      if (value === undefined) return null
      return Array.isArray(value) ? value.join(', ') : value
    },
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent || response.destroyed) return
  const json = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
  })
  response.end(json)
}

export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** Reads a JSON body of at most `limit` bytes that declares its length. */
export async function readJson(request: IncomingMessage, limit = 64 * 1024): Promise<unknown> {
  const declared = Number(request.headers['content-length'])
  if (!Number.isSafeInteger(declared)) throw new BodyError(411, 'Content-Length is required')
  if (declared > limit) throw new BodyError(413, 'body too large')
  const body = await text(request)
  if (Buffer.byteLength(body) > limit) throw new BodyError(413, 'body too large')
  try {
    return JSON.parse(body)
  } catch {
    throw new BodyError(400, 'body is not JSON')
  }
}
