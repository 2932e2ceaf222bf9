import type { QuestionAnswerFrame, QuestionRequestedFrame } from '@parley/seam/wire'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ConnectionProblem } from './probe.ts'
import {
  addRequest,
  type ClientQuestion,
  EMPTY_SESSION,
  type Ending,
  moveDeadline,
  NO_ENDED_BECAUSE,
  NO_ENDED_BY,
  NO_ENDED_WITH,
  NO_QUESTIONS,
  NO_RESOLUTIONS,
  reconcileRequests,
  retireRequest,
  type SessionEndedBecause,
  type SessionEndedBy,
  type SessionEndedWith,
  type SessionQuestions,
  type SessionResolutions,
} from './request-queue.ts'

/**
 * The downlink's state. `idle`: not started (nothing subscribed yet, or on the
 * server); `open` means live *and* complete (after `mux/ready`); `closed`:
 * disposed, or no transport in this runtime.
 */
export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed'

/** The client's store state. Every object is immutable and replaced on change. */
export interface QuestionClientState {
  readonly connection: ConnectionStatus
  /**
   * Why the downlink is not open, once a probe found out; `null` while it is
   * open or nothing went wrong. Kept through reconnect attempts until one opens.
   */
  readonly problem: ConnectionProblem | null
  readonly sessions: Readonly<Record<string, SessionQuestions>>
  /**
   * The standing answers of answered requests the host lets the user change
   * (`question/answer` frames, the last {@link ANSWER_LIMIT}), by `rpcId`:
   * the highest revision seen, closed once the host said so. Read it with own keys only.
   */
  readonly answers: Readonly<Record<string, ClientAnswer>>
}

/**
 * The standing answer of an answered request the user may change: the
 * `question/answer` frame (questions, the answer as it now stands, its
 * `revision`, the window's end `until` in host time, and `closed` once it
 * can no longer change).
 */
export type ClientAnswer = QuestionAnswerFrame

/** How many standing answers the client keeps; the oldest goes first. */
export const ANSWER_LIMIT = 50

function sameProblem(a: ConnectionProblem | null, b: ConnectionProblem | null): boolean {
  if (a === null || b === null) return a === b
  return a.reason === b.reason && a.status === b.status && a.code === b.code
}

/** A session's entry; own keys only, so ids like `constructor` or `__proto__` are plain ids. */
function sessionIn(state: QuestionClientState, sessionId: string): SessionQuestions | undefined {
  return Object.hasOwn(state.sessions, sessionId) ? state.sessions[sessionId] : undefined
}

/** A session's pending requests, oldest first; stable for `useSyncExternalStore`. */
export function selectSessionQuestions(
  state: QuestionClientState,
  sessionId: string,
): readonly ClientQuestion[] {
  return sessionIn(state, sessionId)?.requests ?? NO_QUESTIONS
}

/**
 * How the host resolved the session's recent requests, by `rpcId` (the last
 * 50 `question/resolved` outcomes); stable until one is added.
 */
export function selectSessionResolutions(
  state: QuestionClientState,
  sessionId: string,
): SessionResolutions {
  return sessionIn(state, sessionId)?.resolutions ?? NO_RESOLUTIONS
}

/** Which client ended the session's recent requests and when (answers and cancels), by `rpcId`. */
export function selectSessionEndedBy(
  state: QuestionClientState,
  sessionId: string,
): SessionEndedBy {
  return sessionIn(state, sessionId)?.endedBy ?? NO_ENDED_BY
}

/**
 * The answers the session's recent requests were answered with, by `rpcId`,
 * when the host's `question/resolved` carried one (another tab's answer, for
 * a card to show what counted).
 */
export function selectSessionEndedWith(
  state: QuestionClientState,
  sessionId: string,
): SessionEndedWith {
  return sessionIn(state, sessionId)?.endedWith ?? NO_ENDED_WITH
}

/** Why the session's recent `aborted` requests were aborted, when known (`server-gone`), by `rpcId`. */
export function selectSessionEndedBecause(
  state: QuestionClientState,
  sessionId: string,
): SessionEndedBecause {
  return sessionIn(state, sessionId)?.endedBecause ?? NO_ENDED_BECAUSE
}

/** The standing answers, by `rpcId` (every session's; filter by `sessionId`). */
export function selectAnswers(state: QuestionClientState): QuestionClientState['answers'] {
  return state.answers
}

/** The connection status. */
export function selectConnectionStatus(state: QuestionClientState): ConnectionStatus {
  return state.connection
}

/** Why the downlink is not open, or `null`. */
export function selectConnectionProblem(state: QuestionClientState): ConnectionProblem | null {
  return state.problem
}

/** The store plus the updates the connection and the receipts drive. */
export function createSessionStore() {
  const store = createStore<QuestionClientState>()(() => ({
    connection: 'idle',
    problem: null,
    sessions: {},
    answers: {},
  }))

  function update(sessionId: string, change: (queue: SessionQuestions) => SessionQuestions): void {
    const state = store.getState()
    const session = sessionIn(state, sessionId) ?? EMPTY_SESSION
    const next = change(session)
    if (next !== session) store.setState({ sessions: { ...state.sessions, [sessionId]: next } })
  }

  return {
    store: store as StoreApi<QuestionClientState>,
    setConnection(connection: ConnectionStatus): void {
      const state = store.getState()
      const problem = connection === 'open' ? null : state.problem
      if (state.connection !== connection || state.problem !== problem)
        store.setState({ connection, problem })
    },
    setProblem(problem: ConnectionProblem | null): void {
      if (!sameProblem(store.getState().problem, problem)) store.setState({ problem })
    },
    /** Adds a requested question; a replay of a known rpcId changes nothing. */
    request(frame: QuestionRequestedFrame): void {
      update(frame.sessionId, (queue) => addRequest(queue, frame))
    },
    /**
     * Removes a request for good (resolved, or `not-pending`), tombstoning its
     * rpcId and recording the host's outcome when there is one, in one update.
     */
    retire(sessionId: string, rpcId: string, ending?: Ending): void {
      update(sessionId, (queue) => retireRequest(queue, rpcId, ending))
    },
    /** Moves a pending request's deadline. */
    moveDeadline(sessionId: string, rpcId: string, deadlineAt: number): void {
      update(sessionId, (queue) => moveDeadline(queue, rpcId, deadlineAt))
    },
    /**
     * Records a `question/answer` frame: a higher revision replaces the one
     * held, the same revision with `closed` closes it, a closed one is final.
     */
    answer(frame: QuestionAnswerFrame): void {
      const { answers } = store.getState()
      const held = Object.hasOwn(answers, frame.rpcId) ? answers[frame.rpcId] : undefined
      // Higher revisions win; the same revision only closes; closed is final.
      if (held && (held.closed || held.revision > frame.revision - (frame.closed ? 0 : 1))) return
      const next = Object.entries(answers).filter(([id]) => id !== frame.rpcId)
      next.push([frame.rpcId, frame])
      store.setState({ answers: Object.fromEntries(next.slice(-ANSWER_LIMIT)) })
    },
    /**
     * After `mux/ready`: drops every request the replay did not carry
     * (`aborted`, `server-gone`, when the host `restarted`).
     */
    reconcile(replayed: ReadonlySet<string>, restarted = false): void {
      const { sessions } = store.getState()
      let next = sessions
      for (const [sessionId, queue] of Object.entries(sessions)) {
        const kept = reconcileRequests(queue, replayed, restarted)
        if (kept !== queue) next = { ...next, [sessionId]: kept }
      }
      if (next !== sessions) store.setState({ sessions: next })
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>
