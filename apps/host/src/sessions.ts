import { randomUUID } from 'node:crypto'
import type { SessionStatus, SessionSummary, TranscriptEvent } from '@parley/demo-chat'

/** One conversation with the scripted agent. */
export interface Session {
  id: string
  principal: string
  title: string
  createdAt: number
  updatedAt: number
  events: TranscriptEvent[]
  /** Pending asks of this session, by rpcId, with whether each is a plan review. */
  pending: Map<symbol, { planReview: boolean }>
  /** Aborts the agent turn in progress, if any. */
  turn: AbortController | null
  /**
   * The signal of the last finished turn, aborted when the next message
   * comes: the agent moved on, so its answers can no longer be changed.
   */
  finished: AbortController | null
  /** Whether this chat's host routes subagents' questions to the user (`/subagents on|off`). */
  subagentsMayAsk: boolean
}

/** Bounds of the in-memory registry. */
export interface SessionLimits {
  /** Sessions kept in total, across principals. @default 10000 */
  maxSessions?: number
  /** Sessions kept per principal. @default 200 */
  maxSessionsPerPrincipal?: number
  /** Transcript events kept per session (oldest dropped first). @default 500 */
  maxEvents?: number
}

export const DEFAULT_SESSION_LIMITS = {
  maxSessions: 10_000,
  maxSessionsPerPrincipal: 200,
  maxEvents: 500,
} as const

export interface SessionRegistryOptions extends SessionLimits {
  /** Clock in milliseconds. @default Date.now */
  now?: () => number
  /** Called with a session a bound pushed out, after it is gone from the registry. */
  onEvict?: (session: Session) => void
}

/**
 * In-memory sessions, owned by principals. When a bound is reached the least
 * recently updated session (of the principal, or of everyone) is evicted.
 */
export function createSessionRegistry(options: SessionRegistryOptions = {}) {
  const now = options.now ?? Date.now
  const maxSessions = options.maxSessions ?? DEFAULT_SESSION_LIMITS.maxSessions
  const maxOwn = options.maxSessionsPerPrincipal ?? DEFAULT_SESSION_LIMITS.maxSessionsPerPrincipal
  const maxEvents = options.maxEvents ?? DEFAULT_SESSION_LIMITS.maxEvents
  // Both maps keep insertion order = least recently updated first (a touch re-inserts).
  const sessions = new Map<string, Session>()
  const byPrincipal = new Map<string, Map<string, Session>>()

  function statusOf(session: Session): SessionStatus {
    if (session.pending.size === 0) return 'idle'
    for (const entry of session.pending.values()) if (entry.planReview) return 'plan-review'
    return 'waiting-for-answer'
  }

  function summary(session: Session): SessionSummary {
    const { id, title, createdAt, updatedAt } = session
    return { id, title, createdAt, updatedAt, status: statusOf(session) }
  }

  function ownedBy(principal: string): Map<string, Session> {
    let own = byPrincipal.get(principal)
    if (!own) {
      own = new Map()
      byPrincipal.set(principal, own)
    }
    return own
  }

  function evict(session: Session | undefined): void {
    if (!session) return
    sessions.delete(session.id)
    const own = byPrincipal.get(session.principal)
    own?.delete(session.id)
    if (own?.size === 0) byPrincipal.delete(session.principal)
    options.onEvict?.(session)
  }

  function touch(session: Session): void {
    session.updatedAt = now()
    if (!sessions.has(session.id)) return
    sessions.delete(session.id)
    sessions.set(session.id, session)
    const own = ownedBy(session.principal)
    own.delete(session.id)
    own.set(session.id, session)
  }

  return {
    create(principal: string, title?: string): Session {
      const own = ownedBy(principal)
      if (own.size >= maxOwn) evict(own.values().next().value)
      if (sessions.size >= maxSessions) evict(sessions.values().next().value)
      const at = now()
      const session: Session = {
        id: randomUUID(),
        principal,
        title: title?.trim() || 'New chat',
        createdAt: at,
        updatedAt: at,
        events: [],
        pending: new Map(),
        turn: null,
        finished: null,
        subagentsMayAsk: true,
      }
      sessions.set(session.id, session)
      ownedBy(principal).set(session.id, session)
      return session
    },
    get(id: string): Session | undefined {
      return sessions.get(id)
    },
    /** The session when `principal` owns it; a foreign session looks exactly like a missing one. */
    owned(principal: string, id: string): Session | undefined {
      const session = sessions.get(id)
      return session?.principal === principal ? session : undefined
    },
    canAccess(principal: string, id: string): boolean {
      return sessions.get(id)?.principal === principal
    },
    list(principal: string): SessionSummary[] {
      return [...(byPrincipal.get(principal)?.values() ?? [])]
        .sort((a, b) => b.updatedAt - a.updatedAt)
        .map(summary)
    },
    get size(): number {
      return sessions.size
    },
    summary,
    /** Records an event (replacing one with the same id) and returns it. */
    record(session: Session, event: TranscriptEvent): TranscriptEvent {
      const at = session.events.findIndex((e) => e.id === event.id && e.kind === event.kind)
      if (at >= 0) session.events[at] = event
      else session.events.push(event)
      if (session.events.length > maxEvents)
        session.events.splice(0, session.events.length - maxEvents)
      touch(session)
      return event
    },
  }
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>
