import { randomBytes } from 'node:crypto'

export const PRINCIPAL_COOKIE = 'parley_principal'
const TOKEN = /^[A-Za-z0-9_-]{22,64}$/

/** Reads the principal from a Cookie header; `null` when absent or malformed. */
export function principalFromCookie(header: string | null | undefined): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() !== PRINCIPAL_COOKIE) continue
    const value = part.slice(eq + 1).trim()
    return TOKEN.test(value) ? value : null
  }
  return null
}

/** Mints a new principal id (128 bits, URL-safe). */
export function mintPrincipal(): string {
  return randomBytes(16).toString('base64url')
}

/** The Set-Cookie value for a principal: HttpOnly, SameSite=Strict, a year long. */
export function principalCookie(principal: string, secure: boolean): string {
  const flags = ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${60 * 60 * 24 * 365}`]
  if (secure) flags.push('Secure')
  return `${PRINCIPAL_COOKIE}=${principal}; ${flags.join('; ')}`
}
