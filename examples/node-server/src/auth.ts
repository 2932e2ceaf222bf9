import { createHash, timingSafeEqual } from 'node:crypto'
import { parse as parseCookies } from 'cookie'

/** The cookie a signed-in browser carries (set by `POST /login`). */
export const TOKEN_COOKIE = 'parley_token'

/** Who is asking, and which chat sessions they may see and answer. */
export interface User {
  readonly name: string
  readonly sessions: readonly string[]
}

/** One account: a secret token and the user it signs in. */
export interface Account {
  readonly token: string
  readonly user: User
}

/** Reads one header by name; both `HostRequest.headers` and `fetch`'s `Headers` fit. */
export interface HeaderReader {
  get(name: string): string | null
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** The token of a request: `Authorization: Bearer <token>`, else the `parley_token` cookie. */
export function tokenOf(headers: HeaderReader): string | null {
  const authorization = headers.get('authorization')
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim()
  const cookie = headers.get('cookie')
  return cookie ? (parseCookies(cookie)[TOKEN_COOKIE] ?? null) : null
}

/** Compares a token with every account's in constant time; `null` when none matches. */
export function createAuthenticator(accounts: readonly Account[]) {
  const known = accounts.map((account) => ({ digest: digest(account.token), user: account.user }))
  return {
    userOfToken(token: string | null): User | null {
      if (!token) return null
      const given = digest(token)
      let found: User | null = null
      for (const account of known) if (timingSafeEqual(given, account.digest)) found = account.user
      return found
    },
    authenticate(headers: HeaderReader): User | null {
      return this.userOfToken(tokenOf(headers))
    },
  }
}

export type Authenticator = ReturnType<typeof createAuthenticator>

/** May `user` see and answer `sessionId`? */
export const canAccess = (user: User, sessionId: string) => user.sessions.includes(sessionId)
