import { randomUUID } from 'node:crypto'
import type { SessionStatus, SessionSummary, TranscriptEvent } from './transcript.ts'

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
}

const MAX_SESSIONS_PER_PRINCIPAL = 200
const MAX_EVENTS = 500

/** In-memory sessions, owned by principals. */
export function createSessionRegistry(now: () => number = Date.now) {
  const sessions = new Map<string, Session>()

  function statusOf(session: Session): SessionStatus {
    if (session.pending.size === 0) return 'idle'
    for (const entry of session.pending.values()) if (entry.planReview) return 'plan-review'
    return 'waiting-for-answer'
  }

  function summary(session: Session): SessionSummary {
    const { id, title, createdAt, updatedAt } = session
    return { id, title, createdAt, updatedAt, status: statusOf(session) }
  }

  return {
    create(principal: string, title?: string): Session {
      const own = [...sessions.values()].filter((s) => s.principal === principal)
      if (own.length >= MAX_SESSIONS_PER_PRINCIPAL) {
        const oldest = own.sort((a, b) => a.updatedAt - b.updatedAt)[0]
        if (oldest) {
          oldest.turn?.abort()
          sessions.delete(oldest.id)
        }
      }
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
      }
      sessions.set(session.id, session)
      return session
    },
    get(id: string): Session | undefined {
      return sessions.get(id)
    },
    canAccess(principal: string, id: string): boolean {
      return sessions.get(id)?.principal === principal
    },
    list(principal: string): SessionSummary[] {
      return [...sessions.values()]
        .filter((s) => s.principal === principal)
        .sort((a, b) => b.updatedAt - a.updatedAt)
        .map(summary)
    },
    summary,
    /** Records an event (replacing one with the same id) and returns it. */
    record(session: Session, event: TranscriptEvent): TranscriptEvent {
      const at = session.events.findIndex((e) => e.id === event.id && e.kind === event.kind)
      if (at >= 0) session.events[at] = event
      else session.events.push(event)
      if (session.events.length > MAX_EVENTS)
        session.events.splice(0, session.events.length - MAX_EVENTS)
      session.updatedAt = now()
      return event
    },
  }
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>
