import type { BodyReader } from './respond.ts'
import type { HostRequest } from './types.ts'

/**
 * Headers on every reply the host writes: no MIME sniffing, no caching, no
 * referrer, readable by same-origin pages only.
 */
export const REPLY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
} as const

/** Wraps a Fetch-API request in the framework-neutral view; `null` when its URL does not parse. */
export function fetchRequestView(request: Request): HostRequest | null {
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return null
  }
  return { method: request.method.toUpperCase(), url, headers: request.headers, raw: request }
}

/** Reads a Fetch-API request body, stopping at `limit` bytes or after `timeoutMs`. */
export function fetchBodyReader(request: Request): BodyReader {
  return async (limit, timeoutMs) => {
    if (!request.body) return ''
    const reader = request.body.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let size = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const expired = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    try {
      for (;;) {
        const chunk = await Promise.race([reader.read(), expired])
        if (chunk === 'timeout') {
          await reader.cancel().catch(() => {})
          return { failed: 'timeout' }
        }
        if (chunk.done) break
        size += chunk.value.byteLength
        if (size > limit) {
          await reader.cancel().catch(() => {})
          return { failed: 'too-large' }
        }
        text += decoder.decode(chunk.value, { stream: true })
      }
    } catch {
      return { failed: 'aborted' }
    } finally {
      clearTimeout(timer)
    }
    return text + decoder.decode()
  }
}

/** A JSON `Response` (with {@link REPLY_HEADERS}). */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...REPLY_HEADERS },
  })
}
