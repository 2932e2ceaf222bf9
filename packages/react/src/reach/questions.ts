import type { ClientQuestion, QuestionClient, QuestionClientState } from '@parley/client'
import { useEffect, useMemo, useRef } from 'react'
import { useStore } from 'zustand'

const NONE: readonly ClientQuestion[] = Object.freeze([])
const sessionsOf = (state: QuestionClientState) => state.sessions

/** Every pending question of every session the client holds, oldest first (host time). */
export function useAllQuestions(client: Pick<QuestionClient, 'store'>): readonly ClientQuestion[] {
  const sessions = useStore(client.store, sessionsOf)
  return useMemo(() => {
    const all = Object.values(sessions).flatMap((session) => session.requests)
    return all.length === 0 ? NONE : all.sort((a, b) => a.requestedAt - b.requestedAt)
  }, [sessions])
}

/**
 * Calls `onArrive` once for each question that arrives after the first
 * render (the ones already there on mount, a page load's replay, are not
 * new). A question that comes back in a replay is not new either.
 */
export function useQuestionArrivals(
  questions: readonly ClientQuestion[],
  onArrive: (question: ClientQuestion) => void,
): void {
  const seen = useRef<Set<string> | null>(null)
  const latest = useRef(onArrive)
  latest.current = onArrive
  useEffect(() => {
    if (seen.current === null) {
      seen.current = new Set(questions.map((question) => question.rpcId))
      return
    }
    for (const question of questions) {
      if (seen.current.has(question.rpcId)) continue
      seen.current.add(question.rpcId)
      latest.current(question)
    }
  }, [questions])
}
