const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** The value of a `name=value` cookie pair. */
export function cookieValue(pair: string): string {
  return pair.slice(pair.indexOf('=') + 1)
}

/** A random base64url string of `length` characters: what a forger would try. */
export function randomToken(random: () => number, length: number): string {
  let token = ''
  for (let i = 0; i < length; i++) token += BASE64URL[Math.floor(random() * 64)]
  return token
}

/**
 * The token with the base64url character nearest to `at` changed so that a
 * data bit changes (bit 5 of its sextet, which even the last character of an
 * unpadded encoding carries), so a decoder cannot map it back to the original.
 */
export function tamper(token: string, at: number): string {
  for (let offset = 0; offset < token.length; offset++) {
    for (const index of [at - offset, at + offset]) {
      const char = token[index]
      if (index < 0 || char === undefined) continue
      const sextet = BASE64URL.indexOf(char)
      if (sextet < 0) continue
      const changed = BASE64URL[sextet ^ 32]
      return token.slice(0, index) + changed + token.slice(index + 1)
    }
  }
  return `${token}A`
}
