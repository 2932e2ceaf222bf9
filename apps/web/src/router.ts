/**
 * A tiny history router for the demo's addresses: `/`, `/s/:sessionId`,
 * `/s/:sessionId?q=:rpcId` — a question's own address (a deep link: a
 * notification, a pasted link), which opens that question — `/inbox`, and
 * the operator's view: `/admin`, `/admin?q=:rpcId` (one question on record).
 */
import { useSyncExternalStore } from 'react'

export type Route =
  | { name: 'home' }
  | { name: 'session'; sessionId: string; rpcId?: string | undefined }
  | { name: 'inbox' }
  | { name: 'admin'; rpcId?: string | undefined }
  | { name: 'not-found'; path: string }

const NAVIGATE = 'parley:navigate'
const SESSION_PATH = /^\/s\/([A-Za-z0-9-]{1,64})\/?$/

const RPC_ID = /^[A-Za-z0-9._:-]{1,200}$/

export function parseRoute(pathname: string, search = ''): Route {
  if (pathname === '/' || pathname === '') return { name: 'home' }
  if (pathname === INBOX_PATH) return { name: 'inbox' }
  if (pathname === ADMIN_PATH || pathname === `${ADMIN_PATH}/`) {
    const rpcId = new URLSearchParams(search).get('q') ?? ''
    return { name: 'admin', ...(RPC_ID.test(rpcId) && { rpcId }) }
  }
  const match = SESSION_PATH.exec(pathname)
  if (match?.[1]) {
    const rpcId = new URLSearchParams(search).get('q') ?? ''
    return { name: 'session', sessionId: match[1], ...(RPC_ID.test(rpcId) && { rpcId }) }
  }
  return { name: 'not-found', path: pathname }
}

export const sessionHref = (sessionId: string) => `/s/${encodeURIComponent(sessionId)}`

/** The address of one question: its chat, naming the question (`?q=:rpcId`). */
export const questionHref = (question: { sessionId: string; rpcId: string }) =>
  `${sessionHref(question.sessionId)}?q=${encodeURIComponent(question.rpcId)}`

/** The inbox: every question waiting for you, across chats. */
export const INBOX_PATH = '/inbox'

/** The operator's view (its own page: `main.tsx` starts it instead of the chat). */
export const ADMIN_PATH = '/admin'

/** One question on record in the operator's view. */
export const adminQuestionHref = (rpcId: string) => `${ADMIN_PATH}?q=${encodeURIComponent(rpcId)}`

export function navigate(path: string, options: { replace?: boolean } = {}) {
  if (path === window.location.pathname + window.location.search) return
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

const getLocation = () => window.location.pathname + window.location.search

export function useRoute(): Route {
  const location = useSyncExternalStore(subscribe, getLocation)
  const url = new URL(location, 'http://app.invalid')
  return parseRoute(url.pathname, url.search)
}

/** Click handler for in-app links: plain left clicks navigate without a reload. */
export function followLink(event: React.MouseEvent<HTMLAnchorElement>, then?: () => void) {
  if (event.defaultPrevented || event.button !== 0) return
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  event.preventDefault()
  navigate(event.currentTarget.pathname + event.currentTarget.search)
  then?.()
}
