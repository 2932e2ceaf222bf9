import {
  addToQueue,
  classifyArrival,
  EMPTY_QUEUE,
  type QueueState,
  reconcileQueue,
  resolveInQueue,
  type SerializedDrafts,
  saveQueueDrafts,
} from '@parley/machine'
import type { QuestionRequestedFrame } from '@parley/seam/wire'
import { createStore, type StoreApi } from 'zustand/vanilla'

/** The downlink's state. `open` means live *and* complete (after `mux/ready`). */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed'

/**
 * Where a request is, locally: `pending` until answered here; `sent` once the
 * host accepted this tab's answer or cancel (the `question/resolved`
 * broadcast then removes it).
 */
export type RequestStatus = 'pending' | 'sent'

/** One pending request as the client shows it (a machine `ComposerRequest`). */
export interface ClientQuestion {
  readonly rpcId: string
  readonly sessionId: string
  readonly callId?: string | undefined
  readonly questions: QuestionRequestedFrame['questions']
  /** Host time (ms since the epoch) when the question was asked. */
  readonly requestedAt: number
  readonly status: RequestStatus
}

/** One session's pending requests. */
export interface SessionQuestions {
  /** The machine's queue (arrival order, drafts, tombstones). */
  readonly queue: QueueState
  /** `queue`'s requests in arrival order; the same array until something changes. */
  readonly requests: readonly ClientQuestion[]
}

/** The client's store state. Every object is immutable and replaced on change. */
export interface QuestionClientState {
  readonly connection: ConnectionStatus
  readonly sessions: Readonly<Record<string, SessionQuestions>>
}

/** The empty list `selectSessionQuestions` returns for an unknown session. */
export const NO_QUESTIONS: readonly ClientQuestion[] = Object.freeze([])

/** A session's pending requests, oldest first; stable for `useSyncExternalStore`. */
export function selectSessionQuestions(
  state: QuestionClientState,
  sessionId: string,
): readonly ClientQuestion[] {
  return sessionIn(state, sessionId)?.requests ?? NO_QUESTIONS
}

/** A session's entry; own keys only, so ids like `constructor` or `__proto__` are plain ids. */
function sessionIn(state: QuestionClientState, sessionId: string): SessionQuestions | undefined {
  return Object.hasOwn(state.sessions, sessionId) ? state.sessions[sessionId] : undefined
}

/** The connection status. */
export function selectConnectionStatus(state: QuestionClientState): ConnectionStatus {
  return state.connection
}

const EMPTY_SESSION: SessionQuestions = { queue: EMPTY_QUEUE, requests: NO_QUESTIONS }

function withQueue(session: SessionQuestions, queue: QueueState): SessionQuestions {
  if (queue === session.queue) return session
  const requests = queue.entries.map((entry) => entry.request as ClientQuestion)
  return { queue, requests }
}

/** The store plus the updates the connection and the receipts drive. */
export function createSessionStore() {
  const store = createStore<QuestionClientState>()(() => ({
    connection: 'connecting',
    sessions: {},
  }))

  function update(sessionId: string, change: (queue: QueueState) => QueueState): void {
    const { sessions } = store.getState()
    const session = sessionIn(store.getState(), sessionId) ?? EMPTY_SESSION
    const next = withQueue(session, change(session.queue))
    if (next !== session) store.setState({ sessions: { ...sessions, [sessionId]: next } })
  }

  function entryOf(sessionId: string, rpcId: string) {
    return sessionIn(store.getState(), sessionId)?.queue.entries.find(
      (e) => e.request.rpcId === rpcId,
    )
  }

  return {
    store: store as StoreApi<QuestionClientState>,
    setConnection(connection: ConnectionStatus): void {
      if (store.getState().connection !== connection) store.setState({ connection })
    },
    /** Adds a requested question; a replay of a known rpcId changes nothing. */
    request(frame: QuestionRequestedFrame): void {
      const queue = sessionIn(store.getState(), frame.sessionId)?.queue ?? EMPTY_QUEUE
      if (classifyArrival(queue, frame.rpcId) !== 'added') return
      const question: ClientQuestion = {
        rpcId: frame.rpcId,
        sessionId: frame.sessionId,
        ...(frame.callId !== undefined && { callId: frame.callId }),
        questions: frame.questions,
        requestedAt: frame.requestedAt,
        status: 'pending',
      }
      update(frame.sessionId, (current) => addToQueue(current, question))
    },
    /** Removes a request for good (resolved, or `not-pending`), tombstoning its rpcId. */
    retire(sessionId: string, rpcId: string): void {
      update(sessionId, (queue) => resolveInQueue(queue, rpcId))
    },
    /** After `mux/ready`: drops every request the replay did not carry. */
    reconcile(replayed: ReadonlySet<string>): void {
      for (const sessionId of Object.keys(store.getState().sessions))
        update(sessionId, (queue) => reconcileQueue(queue, replayed))
    },
    markSent(sessionId: string, rpcId: string): void {
      const entry = entryOf(sessionId, rpcId)
      if (!entry) return
      const question = entry.request as ClientQuestion
      if (question.status === 'sent') return
      const sent: ClientQuestion = { ...question, status: 'sent' }
      update(sessionId, (queue) => addToQueue(queue, sent))
    },
    saveDrafts(sessionId: string, rpcId: string, drafts: SerializedDrafts): void {
      update(sessionId, (queue) => saveQueueDrafts(queue, rpcId, drafts))
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>
