/**
 * Where the demo keeps its conversations. Each store has two small
 * implementations behind one interface: in memory (one process, the default)
 * and on PostgreSQL (cluster mode, so any node serves any request).
 *
 * Principals have no store: a principal is a signed token
 * (`principals.ts`) that every node holding the same `PARLEY_SECRET`
 * verifies on its own, so there is nothing about one to look up.
 */
import type { TranscriptEvent } from '@parley/demo-chat'

/** One conversation with the agent: who owns it, its title, when it last changed. */
export interface SessionRecord {
  readonly id: string
  readonly principal: string
  readonly title: string
  readonly createdAt: number
  readonly updatedAt: number
}

/** The title of a session nobody has written in yet. */
export const UNTITLED = 'New chat'

/** Bounds of the session store. */
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

/**
 * Sessions, owned by principals. When a bound is reached, creating one
 * evicts the least recently updated session (of the principal, or of
 * everyone) and reports it to the `onEvict` the store was made with.
 */
export interface SessionStore {
  create(principal: string, title?: string): Promise<SessionRecord>
  /** The session, whoever owns it (for what the host itself publishes). */
  get(id: string): Promise<SessionRecord | undefined>
  /** The session when `principal` owns it; a foreign session looks exactly like a missing one. */
  owned(principal: string, id: string): Promise<SessionRecord | undefined>
  /** Synchronous, because the mux filters every live frame with it. */
  canAccess(principal: string, id: string): boolean
  /** The principal's sessions, most recently updated first. */
  list(principal: string): Promise<SessionRecord[]>
  /** Gives a session still titled {@link UNTITLED} its first title. */
  nameIfUntitled(id: string, title: string): Promise<void>
  /** Marks the session updated now. */
  touch(id: string): Promise<void>
  /** Another node evicted this session: `canAccess` refuses it from now on. */
  forget(id: string): void
}

/**
 * A chat's settings (today only `/subagents on|off`), per session: in the
 * process in one process, in the database in a cluster, where the next turn
 * may run on any node.
 */
export interface SettingsStore {
  /** Whether the chat lets subagents ask the user; `undefined` when it never said. */
  subagents(sessionId: string): Promise<boolean | undefined>
  setSubagents(sessionId: string, allowed: boolean): Promise<void>
}

/** The events of each session's transcript, oldest first. */
export interface TranscriptStore {
  /**
   * Records an event; one with the same `id` and `kind` is replaced where it
   * stands. Only the newest `maxEvents` are kept. An event for a session
   * that is gone is dropped.
   */
  record(sessionId: string, event: TranscriptEvent): Promise<void>
  events(sessionId: string): Promise<TranscriptEvent[]>
}

/** How a test-API ask stands, as `GET /api/test/asks/:id` answers it. */
export interface TestAskView {
  status: 'pending' | 'answered' | 'rejected'
  rpcId?: string | undefined
  answer?: unknown
  error?: { name: string; code: string; message: string } | undefined
}

/**
 * Where the test API writes how its asks stand, so any node can answer
 * `GET /api/test/asks/:id` for an ask that lives on another one. In one
 * process there is no other node: nothing is written.
 */
export interface TestAskLedger {
  write(askId: string, principal: string, view: TestAskView): Promise<void>
  /** The ask when `principal` started it. */
  read(principal: string, askId: string): Promise<TestAskView | undefined>
}
