import {
  type ClientQuestion,
  type ConnectionProblem,
  type ConnectionStatus,
  type QuestionClientState,
  type SessionEndedBy,
  type SessionEndedWith,
  type SessionResolutions,
  selectConnectionProblem,
  selectConnectionStatus,
  selectSessionEndedBy,
  selectSessionEndedWith,
  selectSessionQuestions,
  selectSessionResolutions,
} from '@parley/client'
import type { AskUserQuestionAnswer } from '@parley/seam'
import type { RespondReceipt } from '@parley/seam/wire'
import { useMutation } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useStore } from 'zustand'
import { useQuestionClient } from './client-context.tsx'

/**
 * The mux connection: `idle` (not started; also during server rendering),
 * `connecting`, `open` (live and complete), `reconnecting`, `closed`.
 */
export function useConnectionStatus(): ConnectionStatus {
  return useStore(useQuestionClient().store, selectConnectionStatus)
}

/**
 * Why the connection is not open (`reason`: `unauthorized`, `forbidden-origin`,
 * `forbidden`, `not-found`, `busy`, `unreachable`, `protocol`, `no-transport`),
 * or `null`. It stays through the reconnect attempts until one opens.
 */
export function useConnectionProblem(): ConnectionProblem | null {
  return useStore(useQuestionClient().store, selectConnectionProblem)
}

/** The session's pending requests, oldest first. Re-renders only when they change. */
export function useSessionQuestions(sessionId: string): readonly ClientQuestion[] {
  const select = useCallback(
    (state: QuestionClientState) => selectSessionQuestions(state, sessionId),
    [sessionId],
  )
  return useStore(useQuestionClient().store, select)
}

/**
 * How the host resolved the session's recent requests, by `rpcId`
 * (`answered`, `cancelled`, `aborted`, `timed-out`; the last 50 per session).
 * A request leaves `useSessionQuestions` in the same store update that records
 * its outcome here. Re-renders only when an outcome is added.
 */
export function useSessionResolutions(sessionId: string): SessionResolutions {
  const select = useCallback(
    (state: QuestionClientState) => selectSessionResolutions(state, sessionId),
    [sessionId],
  )
  return useStore(useQuestionClient().store, select)
}

/**
 * Which client ended the session's recent requests and when, by `rpcId`:
 * `{ label, at }` ("Chrome on macOS", or `''` when the host could not tell),
 * for answers and cancels among the last 50 outcomes.
 */
export function useSessionEndedBy(sessionId: string): SessionEndedBy {
  const select = useCallback(
    (state: QuestionClientState) => selectSessionEndedBy(state, sessionId),
    [sessionId],
  )
  return useStore(useQuestionClient().store, select)
}

/**
 * The answers the session's recent requests were answered with, by `rpcId`,
 * when the host's `question/resolved` carried one: what counted, for a card
 * answered in another tab to show.
 */
export function useSessionEndedWith(sessionId: string): SessionEndedWith {
  const select = useCallback(
    (state: QuestionClientState) => selectSessionEndedWith(state, sessionId),
    [sessionId],
  )
  return useStore(useQuestionClient().store, select)
}

/** Variables of {@link useRespond}. */
export interface RespondVariables {
  rpcId: string
  sessionId: string
  answer: AskUserQuestionAnswer
}

/** Variables of {@link useCancel}. */
export interface CancelVariables {
  rpcId: string
  sessionId: string
}

/**
 * Sends an answer as a react-query mutation (pending, error and retry
 * states). Resolves with the host's receipt; a refused receipt
 * (`{ accepted: false }`) resolves too, transport failures reject. A finished
 * send leaves the mutation cache once this hook no longer observes it.
 */
export function useRespond() {
  const client = useQuestionClient()
  return useMutation<RespondReceipt, Error, RespondVariables>({
    mutationKey: ['parley', 'respond'],
    // Nothing reads a finished send again; react-query's default keeps each (its answer, a
    // 5-minute timer) in the cache, which B5.retained-heap saw grow with every answer.
    gcTime: 0,
    mutationFn: ({ rpcId, sessionId, answer }) => client.respond(rpcId, sessionId, answer),
  })
}

/** Cancels a request (the user dismissed it) as a react-query mutation. */
export function useCancel() {
  const client = useQuestionClient()
  return useMutation<RespondReceipt, Error, CancelVariables>({
    mutationKey: ['parley', 'cancel'],
    gcTime: 0,
    mutationFn: ({ rpcId, sessionId }) => client.cancel(rpcId, sessionId),
  })
}
