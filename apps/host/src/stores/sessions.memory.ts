import { randomUUID } from 'node:crypto'
import {
  DEFAULT_SESSION_LIMITS,
  type SessionLimits,
  type SessionRecord,
  type SessionStore,
  UNTITLED,
} from './types.ts'

type MutableSession = { -readonly [K in keyof SessionRecord]: SessionRecord[K] }

export interface MemorySessionsOptions extends Omit<SessionLimits, 'maxEvents'> {
  /** Clock in milliseconds. @default Date.now */
  now?: () => number
  /** Called with a session a bound pushed out, after it is gone from the store. */
  onEvict?: (session: SessionRecord) => void
}

/** Sessions in this process's memory; evicts the least recently updated at a bound. */
export function createMemorySessions(options: MemorySessionsOptions = {}): SessionStore & {
  readonly size: number
  has(id: string): boolean
} {
  const now = options.now ?? Date.now
  const maxSessions = options.maxSessions ?? DEFAULT_SESSION_LIMITS.maxSessions
  const maxOwn = options.maxSessionsPerPrincipal ?? DEFAULT_SESSION_LIMITS.maxSessionsPerPrincipal
  // Both maps keep insertion order = least recently updated first (a touch re-inserts).
  const sessions = new Map<string, MutableSession>()
  const byPrincipal = new Map<string, Map<string, MutableSession>>()

  function ownedBy(principal: string): Map<string, MutableSession> {
    let own = byPrincipal.get(principal)
    if (!own) {
      own = new Map()
      byPrincipal.set(principal, own)
    }
    return own
  }

  function evict(session: MutableSession | undefined): void {
    if (!session) return
    sessions.delete(session.id)
    const own = byPrincipal.get(session.principal)
    own?.delete(session.id)
    if (own?.size === 0) byPrincipal.delete(session.principal)
    options.onEvict?.(session)
  }

  return {
    async create(principal, title) {
      const own = ownedBy(principal)
      if (own.size >= maxOwn) evict(own.values().next().value)
      if (sessions.size >= maxSessions) evict(sessions.values().next().value)
      const at = now()
      const session: MutableSession = {
        id: randomUUID(),
        principal,
        title: title?.trim() || UNTITLED,
        createdAt: at,
        updatedAt: at,
      }
      sessions.set(session.id, session)
      ownedBy(principal).set(session.id, session)
      return session
    },
    async get(id) {
      return sessions.get(id)
    },
    async owned(principal, id) {
      const session = sessions.get(id)
      return session?.principal === principal ? session : undefined
    },
    canAccess(principal, id) {
      return sessions.get(id)?.principal === principal
    },
    async list(principal) {
      return [...(byPrincipal.get(principal)?.values() ?? [])].sort(
        (a, b) => b.updatedAt - a.updatedAt,
      )
    },
    async nameIfUntitled(id, title) {
      const session = sessions.get(id)
      if (session?.title === UNTITLED) session.title = title
    },
    async touch(id) {
      const session = sessions.get(id)
      if (!session) return
      session.updatedAt = now()
      sessions.delete(id)
      sessions.set(id, session)
      const own = ownedBy(session.principal)
      own.delete(id)
      own.set(id, session)
    },
    forget() {
      // One process: a session it evicted is already gone from the maps.
    },
    has: (id) => sessions.has(id),
    get size() {
      return sessions.size
    },
  }
}
