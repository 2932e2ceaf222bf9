import type { AskUserQuestionAnswer } from '@parley/seam'

/**
 * How a request ended without this tab's accepted answer, as the card then
 * says it: answered or dismissed in another tab (with the `answer` that
 * counted, when the host sent it), this tab's answer not used
 * (another tab's came first), the assistant stopped waiting, the user stopped
 * it here (`stopped`), it timed out
 * (after `waitedMs`, when known), the server whose agent awaited it stopped
 * or restarted (`server-gone`), or the host no longer has it.
 */
export type ComposerEnding =
  | { kind: 'answered-elsewhere'; answer?: AskUserQuestionAnswer | undefined }
  | { kind: 'answer-not-used' }
  | { kind: 'cancelled-elsewhere' }
  | { kind: 'aborted' }
  | { kind: 'stopped' }
  | { kind: 'timed-out'; waitedMs?: number | undefined }
  | { kind: 'server-gone' }
  | { kind: 'gone' }
