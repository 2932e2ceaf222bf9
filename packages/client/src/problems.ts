import { QuestionClientError } from './errors.ts'
import { emit } from './listeners.ts'
import type { ConnectionProblem } from './probe.ts'
import type { SessionStore } from './session-store.ts'

/** Why the downlink is not open, as the state and `onError` hear it. */
export interface ProblemReport {
  /** Sets the state's problem and tells `onError` each time the reason changes. */
  set(problem: ConnectionProblem, code?: 'CONNECTION_FAILED' | 'TRANSPORT_UNAVAILABLE'): void
}

export function reportProblems(
  sessions: SessionStore,
  onError: ((error: QuestionClientError) => void) | undefined,
): ProblemReport {
  return {
    set(problem, code = 'CONNECTION_FAILED') {
      const before = sessions.store.getState().problem
      sessions.setProblem(problem)
      if (!onError || before?.reason === problem.reason) return
      const error = new QuestionClientError(problem.message, code, {
        reason: problem.reason,
        ...(problem.status !== undefined && { status: problem.status }),
      })
      emit(new Set([onError]), error)
    },
  }
}
