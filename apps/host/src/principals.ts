import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { parseCookie, stringifySetCookie } from 'cookie'

/** The cookie's name over plain HTTP. */
const PRINCIPAL_COOKIE = 'parley_principal'
/** The cookie's name with `secureCookies`: the `__Host-` prefix pins it to this host, `Path=/` and `Secure`. */
const SECURE_PRINCIPAL_COOKIE = `__Host-${PRINCIPAL_COOKIE}`

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365
const TOKEN = /^v1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/
const SIGNATURE_BYTES = 32

/**
 * What a request's cookies say about who sent it:
 * - `none`: no principal cookie at all;
 * - `invalid`: one or more values, none of which verifies (forged, or signed with another secret);
 * - `one`: exactly one distinct principal verifies (unverifiable extra values are ignored);
 * - `conflict`: two or more distinct principals verify; the caller is refused, never guessed.
 */
export type Identity =
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'one'; principal: string }
  | { kind: 'conflict' }

/**
 * Signed principal tokens, `v1.<id>.<sig>`: `id` is 128 random bits and
 * `sig` an HMAC-SHA256 of `v1.<id>` under the secret, both base64url. Any
 * process holding the same secret accepts the same tokens. The principal the
 * app works with is the `id`. `previous` secrets (a rotation,
 * `PARLEY_SECRET_PREVIOUS`) still verify the tokens they signed; only
 * `secret` signs new ones, and {@link resign} moves an old token to it.
 */
export function createPrincipalTokens(secret: string, previous: readonly string[] = []) {
  if (secret.length === 0 || previous.some((old) => old.length === 0))
    throw new TypeError('The principal secret must not be empty.')
  const signWith = (key: string, id: string) =>
    createHmac('sha256', key).update(`v1.${id}`).digest()
  const sign = (id: string) => signWith(secret, id)
  const token = (id: string) => `v1.${id}.${sign(id).toString('base64url')}`

  return {
    /** A new principal and the token that proves it. */
    mint(): { principal: string; token: string } {
      const id = randomBytes(16).toString('base64url')
      return { principal: id, token: token(id) }
    },
    /** The token of an existing principal under the current secret (a rotation re-signs, never re-mints). */
    resign: (principal: string) => token(principal),
    /** Whether the current secret signed this token (and not only a previous one). */
    current(value: string): boolean {
      const match = TOKEN.exec(value)
      return match?.[1] !== undefined && value === token(match[1])
    },
    /** The principal a token proves, or `null` when it does not verify. */
    verify(token: string): string | null {
      const match = TOKEN.exec(token)
      if (!match?.[1] || !match[2]) return null
      const given = Buffer.from(match[2], 'base64url')
      // One spelling per signature: base64url's last character carries spare
      // bits, and a token that differs only there is not the token we minted.
      if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== match[2]) return null
      const id = match[1]
      for (const key of [secret, ...previous])
        if (timingSafeEqual(given, signWith(key, id))) return id
      return null
    },
  }
}

export type PrincipalTokens = ReturnType<typeof createPrincipalTokens>

/** Every value the Cookie header carries under `name` (the cookie library alone keeps only the first). */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  if (!header) return []
  const values: string[] = []
  for (const pair of header.split(';')) {
    const value = parseCookie(pair)[name]
    if (value !== undefined) values.push(value)
  }
  return values
}

/** Reads the request's identity from its Cookie header (see {@link Identity}). */
export function readIdentity(
  header: string | null | undefined,
  name: string,
  tokens: PrincipalTokens,
): Identity {
  const values = cookieValues(header, name)
  if (values.length === 0) return { kind: 'none' }
  const verified = new Set<string>()
  for (const value of values) {
    const principal = tokens.verify(value)
    if (principal) verified.add(principal)
  }
  if (verified.size > 1) return { kind: 'conflict' }
  const [principal] = verified
  return principal ? { kind: 'one', principal } : { kind: 'invalid' }
}

/** The cookie's name for the deployment: `__Host-` prefixed when cookies are `Secure`. */
export function principalCookieName(secure: boolean): string {
  return secure ? SECURE_PRINCIPAL_COOKIE : PRINCIPAL_COOKIE
}

/**
 * The Set-Cookie value for a new principal: `HttpOnly; SameSite=Lax; Path=/`,
 * a year long, plus `Secure` when `secure`. Lax, not Strict, so a link from
 * another site keeps the identity; state changes are fenced by the Origin
 * check and the JSON content-type fence instead.
 */
export function principalCookie(token: string, secure: boolean): string {
  return stringifySetCookie(principalCookieName(secure), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: ONE_YEAR_SECONDS,
    secure,
  })
}
