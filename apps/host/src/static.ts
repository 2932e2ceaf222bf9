import { type Stats, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Readable } from 'node:stream'
import sirv, { type RequestHandler } from 'sirv'
import { BASE_HEADERS } from './http-util.ts'
import type { Target } from './target.ts'

/** Sent with every page and file of the web app. */
export const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  ...BASE_HEADERS,
} as const

const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Extension-less paths outside `/assets/` are the SPA's own routes (`/`, `/s/<id>`). */
const APP_ROUTE = /^\/(?!assets\/)(?:[^/.]+\/)*[^/.]*$/
const SIMPLE_RANGE = /^bytes=(\d*)-(\d*)$/

/**
 * A path is served only when no decoded segment is `..`, `.` or a dotfile
 * and no separator or NUL hides in percent-encoding (`..%2f` would otherwise
 * name a sibling folder once decoded).
 */
function isSafePath(target: Target): boolean {
  if (/%(?:2f|5c|00)/i.test(target.pathname)) return false
  return target.decoded.split('/').every((segment) => !segment.startsWith('.'))
}

/** sirv answers any malformed or backwards `Range` by throwing mid-reply; ignore those instead (RFC 9110 allows it). */
function dropUnusableRange(req: IncomingMessage): void {
  const range = req.headers.range
  if (range === undefined) return
  const match = SIMPLE_RANGE.exec(range)
  const start = match?.[1] ? Number(match[1]) : 0
  const end = match?.[2] ? Number(match[2]) : Number.POSITIVE_INFINITY
  if (!match || (!match[1] && !match[2]) || start > end) delete req.headers.range
}

function setFileHeaders(res: ServerResponse, pathname: string, _stats: Stats): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value)
  res.setHeader('cache-control', pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache')
}

function notBuilt(res: ServerResponse): void {
  res.writeHead(503, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...SECURITY_HEADERS,
  })
  res.end('The web app is not built. Run `pnpm demo`, which builds it first.')
}

/**
 * Serves the built web app with sirv: files under `/assets/` cached as
 * immutable, `index.html` as `no-cache`, and `index.html` for the app's
 * extension-less routes. sirv indexes the folder when `index.html` first
 * appears and again whenever it changes (a rebuild), so only files that
 * existed at that moment are ever served. Answers 503 while the app is not
 * built, and calls `notFound` for anything else.
 */
export function createStaticHandler(root: string) {
  const index = path.join(root, 'index.html')
  let indexed: { version: number; serve: RequestHandler } | null = null

  function current(): RequestHandler | null {
    let version: number
    try {
      const stats = statSync(index)
      if (!stats.isFile()) return null
      version = stats.mtimeMs
    } catch {
      return null
    }
    if (indexed?.version !== version)
      indexed = { version, serve: sirv(root, { dotfiles: false, setHeaders: setFileHeaders }) }
    return indexed.serve
  }

  return function serve(
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    notFound: () => void,
  ) {
    const files = current()
    if (!files) return notBuilt(res)
    if (!isSafePath(target)) return notFound()
    dropUnusableRange(req)
    // A file that vanished since indexing fails on open: end that reply, not the process.
    res.once('pipe', (source: Readable) => source.once('error', () => res.destroy()))
    // sirv reads req.url itself: hand it the target as parsed and checked here.
    req.url = target.pathname + target.search
    files(req, res, () => {
      if (!APP_ROUTE.test(target.pathname)) return notFound()
      req.url = '/index.html'
      files(req, res, notFound)
    })
  }
}
