import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const SESSION_ID = /^([0-9a-f]{32})-([0-9a-f]{24})$/
const MAC_BYTES = 12

/**
 * Session ids that say who owns them: `<128 random bits>-<96-bit HMAC of
 * the owner and those bits>`, in hex (57 characters, inside the API's
 * `[A-Za-z0-9-]{1,64}`). The host's `canAccess` must answer synchronously
 * for every live frame; with these ids any node holding the shared secret
 * answers it without asking the database, for sessions another node created
 * a moment ago too.
 */
export function createSessionIds(secret: string) {
  if (secret.length === 0) throw new TypeError('The session id secret must not be empty.')
  // A key of its own, so a session id never doubles as a principal token.
  const key = createHmac('sha256', secret).update('parley-demo/session-ids/v1').digest()
  const mac = (principal: string, nonce: string) =>
    createHmac('sha256', key).update(`${principal}\n${nonce}`).digest().subarray(0, MAC_BYTES)

  return {
    /** A new session id owned by `principal`. */
    mint(principal: string): string {
      const nonce = randomBytes(16).toString('hex')
      return `${nonce}-${mac(principal, nonce).toString('hex')}`
    },
    /** Whether `id` is a session id minted for `principal`. */
    owns(principal: string, id: string): boolean {
      const match = SESSION_ID.exec(id)
      if (!match?.[1] || !match[2]) return false
      return timingSafeEqual(Buffer.from(match[2], 'hex'), mac(principal, match[1]))
    },
  }
}

export type SessionIds = ReturnType<typeof createSessionIds>
