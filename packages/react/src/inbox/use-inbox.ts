import type { ClientQuestion, QuestionClientState } from '@parley/client'
import { useRef } from 'react'
import { useStore } from 'zustand'
import { useQuestionClient } from '../connection/client-context.tsx'

const sessionsOf = (state: QuestionClientState) => state.sessions

function sameList(a: readonly ClientQuestion[], b: readonly ClientQuestion[]): boolean {
  return a.length === b.length && a.every((question, index) => question === b[index])
}

/**
 * Every question waiting for this principal, across sessions and agents,
 * oldest first (by `requestedAt`; a tie keeps arrival order). Each is a
 * `ClientQuestion` (`rpcId`, `sessionId`, `questions`, `requestedAt`,
 * `asker`), which `QuestionComposer` takes as its `request`. The same array
 * until a question arrives or leaves. Needs a `QuestionClientProvider`.
 */
export function useInbox(): readonly ClientQuestion[] {
  const sessions = useStore(useQuestionClient().store, sessionsOf)
  const last = useRef<readonly ClientQuestion[]>([])
  const next = Object.values(sessions)
    .flatMap((session) => session.requests)
    .sort((a, b) => a.requestedAt - b.requestedAt)
  if (!sameList(last.current, next)) last.current = next
  return last.current
}
