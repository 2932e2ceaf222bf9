/** A tiny history router for the demo's two addresses: `/` and `/s/:sessionId`. */
import { useSyncExternalStore } from 'react'

export type Route =
  | { name: 'home' }
  | { name: 'session'; sessionId: string }
  | { name: 'not-found'; path: string }

const NAVIGATE = 'parley:navigate'
const SESSION_PATH = /^\/s\/([A-Za-z0-9-]{1,64})\/?$/

export function parseRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '') return { name: 'home' }
  const match = SESSION_PATH.exec(pathname)
  if (match?.[1]) return { name: 'session', sessionId: match[1] }
  return { name: 'not-found', path: pathname }
}

export const sessionHref = (sessionId: string) => `/s/${encodeURIComponent(sessionId)}`

export function navigate(path: string, options: { replace?: boolean } = {}) {
  if (path === window.location.pathname) return
  if (options.replace) window.history.replaceState(null, '', path)
  else window.history.pushState(null, '', path)
  window.dispatchEvent(new Event(NAVIGATE))
}

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange)
  window.addEventListener(NAVIGATE, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(NAVIGATE, onChange)
  }
}

const getPathname = () => window.location.pathname

export function useRoute(): Route {
  const pathname = useSyncExternalStore(subscribe, getPathname)
  return parseRoute(pathname)
}

/** Click handler for in-app links: plain left clicks navigate without a reload. */
export function followLink(event: React.MouseEvent<HTMLAnchorElement>, then?: () => void) {
  if (event.defaultPrevented || event.button !== 0) return
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  event.preventDefault()
  navigate(event.currentTarget.pathname)
  then?.()
}
