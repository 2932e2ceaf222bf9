import type { DeadlinePolicy } from '@parley/host'
import type { AskUserQuestionRequest } from '@parley/seam'

/**
 * The agent of asks that may wait longer while the person is typing or
 * choosing: the `/deadline` script's, and the test API's with `autoExtend`.
 */
export const PATIENT_AGENT = Object.freeze({ name: 'patient', extendOnActivity: true })

/**
 * The demo's deadline policy: the host's defaults ("More time" adds 5
 * minutes, never past an hour after the ask), and extending on activity
 * (within the last 30 s, to a minute after the person's last keystroke or
 * tap) for asks whose agent is {@link PATIENT_AGENT}.
 */
export function demoDeadlinePolicy(request: AskUserQuestionRequest): DeadlinePolicy {
  return { extendOnActivity: request.agent === PATIENT_AGENT }
}
