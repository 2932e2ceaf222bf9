import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * A bearer token any node can verify on its own: `<user>.<expires>.<mac>`,
 * where `mac` is HMAC-SHA256 of `<user>.<expires>` under the secret every
 * node shares (`PARLEY_SECRET`). No session store, so a tab may connect to
 * one node and POST its answer to another. Swap in your own (a signed
 * cookie, a JWT): what matters is that every node verifies the same way.
 */

/** User names are kept plain so they fit in a token and a session id. */
const USER = /^[a-z0-9_-]{1,64}$/

/** How long a token from {@link signToken} lasts. @default 1 day */
const DEFAULT_LIFETIME_S = 24 * 60 * 60

function mac(secret: string, text: string): Buffer {
  return createHmac('sha256', secret).update(text).digest()
}

/** Signs a token for `user`, valid for `lifetimeSeconds`. */
export function signToken(
  secret: string,
  user: string,
  lifetimeSeconds = DEFAULT_LIFETIME_S,
  now = Date.now(),
): string {
  if (!USER.test(user)) throw new TypeError(`A user name is 1–64 of a-z, 0-9, _ and -: ${user}`)
  const body = `${user}.${Math.floor(now / 1000) + lifetimeSeconds}`
  return `${body}.${mac(secret, body).toString('base64url')}`
}

/** The user a token was signed for; `null` when it is malformed, forged or expired. */
export function verifyToken(secret: string, token: string, now = Date.now()): string | null {
  const [user, expires, signature, ...rest] = token.split('.')
  if (user === undefined || expires === undefined || signature === undefined) return null
  if (rest.length > 0 || !USER.test(user) || !/^\d{1,12}$/.test(expires)) return null
  const expected = mac(secret, `${user}.${expires}`)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return Number(expires) * 1000 > now ? user : null
}

/** Reads one header by name; both the host's request and `fetch`'s `Headers` fit. */
export interface HeaderReader {
  get(name: string): string | null
}

/** The user of `Authorization: Bearer <token>`, or `null`. */
export function userOf(secret: string, headers: HeaderReader): string | null {
  const authorization = headers.get('authorization')
  if (!authorization?.startsWith('Bearer ')) return null
  return verifyToken(secret, authorization.slice('Bearer '.length).trim())
}

/**
 * May `user` see and answer `sessionId`? Here a session belongs to the user
 * its id starts with (`alice/chat-1` is Alice's); use your own ownership check.
 */
export const canAccess = (user: string, sessionId: string): boolean =>
  sessionId.startsWith(`${user}/`)
