/**
 * The operator's routes (`/api/admin/…`), behind their own token
 * (`PARLEY_ADMIN_TOKEN`), sent as `Authorization: Bearer <token>` and never
 * read from the address. Without a token the routes answer 404 `ADMIN_OFF`.
 *
 * - `GET /api/admin/questions?outcome=&session=&limit=&before=`: the first
 *   page lists every question still pending (newest first, at most
 *   {@link MAX_LIVE}), then the newest `limit` ended ones from the audit log;
 *   `next` is the `before` of the next page (older ended ones only).
 * - `GET /api/admin/questions/:rpcId`: one question in full, with its
 *   amendments.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import * as v from 'valibot'
import { HttpError, sendJson } from '../http-util.ts'
import { createRateLimiter, type RateLimitOptions, refuseWhenLimited } from '../rate-limit.ts'
import type { AuditReader } from './audit-reader.ts'
import type { LiveQuestions } from './live.ts'
import { amendmentOf, fromPending, fromRecord, rowOf } from './view.ts'

/** The shortest admin token the demo accepts. */
export const MIN_ADMIN_TOKEN_LENGTH = 16
/** What a bearer token may spell (printable ASCII, no spaces), at the least length. */
const ADMIN_TOKEN = new RegExp(`^[\\x21-\\x7e]{${MIN_ADMIN_TOKEN_LENGTH},}$`)
/** Rows per page: at most this many ended questions. */
const MAX_PAGE = 100
const DEFAULT_PAGE = 50
/** The most pending questions the first page lists. */
const MAX_LIVE = 100
/** Requests per client address: a token guesser gets 2 a second. */
const DEFAULT_ADMIN_RATE_LIMIT = { burst: 60, perSecond: 2 } as const

const OUTCOMES = ['pending', 'answered', 'cancelled', 'aborted', 'timed-out'] as const
const rpcId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._:-]{1,200}$/))
const ListQuery = v.strictObject({
  outcome: v.optional(v.picklist(OUTCOMES)),
  session: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(MAX_PAGE),
    ),
    String(DEFAULT_PAGE),
  ),
  before: v.optional(rpcId),
})
const QUESTION_PATH = /^\/api\/admin\/questions\/([^/]+)$/
/** Query parameters a token might be put in by mistake: refused, so it never sits in a log. */
const TOKEN_PARAMS = /^(?:token|access_token|admin_token|authorization)$/i

export interface AdminApiOptions {
  /** `PARLEY_ADMIN_TOKEN`; the routes are off (404) without it. */
  token: string | undefined
  live: LiveQuestions
  log: AuditReader
  /** Per-address limit on admin requests (`false`: none). @default 60 burst, 2/s */
  rateLimit?: RateLimitOptions | false | undefined
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Refuses a request whose query names a parameter twice, or a token. */
function queryObject(search: string): Record<string, string> {
  const params = new URLSearchParams(search)
  const object: Record<string, string> = {}
  for (const [name, value] of params) {
    if (TOKEN_PARAMS.test(name))
      throw new HttpError(
        400,
        'ADMIN_TOKEN_IN_URL',
        'Send the admin token in the Authorization header, never in the address.',
      )
    if (Object.hasOwn(object, name))
      throw new HttpError(400, 'BAD_QUERY', `The query names ${name} twice.`)
    object[name] = value
  }
  return object
}

function parseQuery(search: string) {
  const parsed = v.safeParse(ListQuery, queryObject(search))
  if (parsed.success) return parsed.output
  // An unknown parameter's issue names it in its path, as a bad value's does.
  const names = parsed.issues.map((issue) => String(issue.path?.[0]?.key ?? 'query'))
  throw new HttpError(
    400,
    'BAD_QUERY',
    `The query is not valid (${[...new Set(names)].join(', ')}).`,
  )
}

export function createAdminApi(options: AdminApiOptions) {
  const expected = options.token === undefined ? null : digest(options.token)
  if (options.token !== undefined && !ADMIN_TOKEN.test(options.token))
    throw new TypeError(
      `The admin token needs at least ${MIN_ADMIN_TOKEN_LENGTH} characters, printable ASCII without spaces.`,
    )
  const limiter =
    options.rateLimit === false
      ? null
      : createRateLimiter(options.rateLimit ?? DEFAULT_ADMIN_RATE_LIMIT)

  function authorize(req: IncomingMessage, wanted: Buffer): void {
    const header = req.headers.authorization
    const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header)
    const challenge = { 'www-authenticate': 'Bearer realm="parley-admin"' }
    if (!match?.[1])
      throw new HttpError(
        401,
        'ADMIN_TOKEN_MISSING',
        'Send the admin token as Authorization: Bearer.',
        challenge,
      )
    // Digests of equal length, compared in constant time: neither length nor content leaks.
    if (!timingSafeEqual(digest(match[1]), wanted))
      throw new HttpError(401, 'ADMIN_TOKEN_INVALID', 'The admin token is wrong.', challenge)
  }

  async function list(search: string) {
    const query = parseQuery(search)
    const live =
      query.before === undefined && (query.outcome === undefined || query.outcome === 'pending')
        ? (await options.live.list())
            .filter((entry) => query.session === undefined || entry.sessionId === query.session)
            .slice(-MAX_LIVE)
            .reverse()
            .map((entry) => rowOf(fromPending(entry)))
        : []
    if (query.outcome === 'pending') return { questions: live, next: null }
    const page = await options.log.questions({
      outcome: query.outcome,
      sessionId: query.session,
      limit: query.limit,
      before: query.before,
    })
    const past = page.records.map((record) => rowOf(fromRecord(record)))
    return {
      questions: [...live, ...past],
      next: page.more ? (past.at(-1)?.rpcId ?? null) : null,
    }
  }

  async function one(id: string) {
    if (!v.is(rpcId, id)) throw new HttpError(400, 'BAD_RPC_ID', 'That is not a question id.')
    const [pending, trail] = await Promise.all([options.live.get(id), options.log.trail(id)])
    // Ended and logged wins: a question ends before it is recorded, never after.
    const question = trail.question ? fromRecord(trail.question) : pending && fromPending(pending)
    if (!question) throw new HttpError(404, 'NO_QUESTION', 'No such question on record.')
    return { question, amendments: trail.amendments.map(amendmentOf) }
  }

  /** Answers a request under `/api/admin`. */
  return async function admin(
    req: IncomingMessage,
    res: ServerResponse,
    target: { pathname: string; search: string },
  ): Promise<void> {
    if (!expected)
      throw new HttpError(
        404,
        'ADMIN_OFF',
        'The admin routes are off: start the demo host with PARLEY_ADMIN_TOKEN set.',
      )
    queryObject(target.search)
    const address = `admin:${req.socket.remoteAddress ?? ''}`
    if (limiter && refuseWhenLimited(limiter, address, res, req)) return
    authorize(req, expected)
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'The admin routes only read.', {
        allow: 'GET, HEAD',
      })
    if (target.pathname === '/api/admin/questions')
      return sendJson(res, 200, await list(target.search))
    const match = QUESTION_PATH.exec(target.pathname)
    if (match?.[1]) return sendJson(res, 200, await one(match[1]))
    throw new HttpError(404, 'NOT_FOUND', 'No such admin route.')
  }
}
