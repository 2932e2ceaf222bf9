/**
 * The admin token, kept in this tab's sessionStorage (never a cookie, never
 * the address): gone when the tab closes; "Forget the token" drops it sooner.
 */
import { useCallback, useSyncExternalStore } from 'react'

const KEY = 'parley-admin-token'
const CHANGE = 'parley:admin-token'
/** The token of this page, for when storage is unavailable. */
let fallback: string | null = null

function read(): string | null {
  try {
    return window.sessionStorage.getItem(KEY)
  } catch {
    return fallback
  }
}

function write(token: string | null): void {
  fallback = token
  try {
    if (token === null) window.sessionStorage.removeItem(KEY)
    else window.sessionStorage.setItem(KEY, token)
  } catch {
    // Private mode: kept for this page only.
  }
  window.dispatchEvent(new Event(CHANGE))
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE, onChange)
  return () => window.removeEventListener(CHANGE, onChange)
}

export function useAdminToken() {
  const token = useSyncExternalStore(subscribe, read)
  const remember = useCallback((next: string) => write(next), [])
  const forget = useCallback(() => write(null), [])
  return { token, remember, forget }
}
