import type { ComposerOutcome, ComposerRequest } from '@parley/machine'
import type { AskUserQuestionAnswer } from '@parley/seam'
import type { ComposerEnding } from './settled.tsx'

/** What this tab did with a request: its last answer or cancel, and how the host took it. */
export interface Attempt {
  kind: 'answer' | 'cancel'
  status: 'in-flight' | 'accepted' | 'not-pending' | 'refused' | 'failed'
}

/** A request that left the pending list while its card was on screen. */
export interface RetiredCard {
  request: ComposerRequest
  /** When it left (ms), for how long a timed-out ask waited. */
  at: number
}

/** The most ended cards kept on screen; the oldest goes first. */
export const RETIRED_LIMIT = 3

/**
 * How a request that left the pending list ended for this tab: `'leave'` when
 * the ending is the one the user chose here (their answer or their dismissal
 * was accepted), `null` while their own send is in flight, else the ending
 * the card shows. An abort at or after `stoppedAt` (this tab's Stop) is
 * `stopped`, the user's own choice. `answer` is the answer that counted, when
 * the host said: a card answered elsewhere shows it. `because`: why it was
 * aborted, when known.
 */
export function endingFor(
  request: ComposerRequest,
  outcome: ComposerOutcome | undefined,
  attempt: Attempt | undefined,
  now: number,
  stoppedAt?: number,
  answer?: AskUserQuestionAnswer,
  because?: 'server-gone',
): ComposerEnding | 'leave' | null {
  if (attempt?.status === 'in-flight') return null
  if (attempt?.status === 'accepted') {
    if (attempt.kind === 'answer' && (outcome === undefined || outcome === 'answered'))
      return 'leave'
    if (attempt.kind === 'cancel' && (outcome === undefined || outcome === 'cancelled'))
      return 'leave'
  }
  switch (outcome) {
    case 'answered':
      return attempt?.kind === 'answer'
        ? { kind: 'answer-not-used' }
        : { kind: 'answered-elsewhere', answer }
    case 'cancelled':
      return { kind: 'cancelled-elsewhere' }
    case 'aborted':
      // The server whose agent awaited it stopped or restarted: no answer can reach the agent.
      if (because === 'server-gone') return { kind: 'server-gone' }
      // This tab's user pressed Stop before it left: their choice, not the assistant's.
      return stoppedAt !== undefined && stoppedAt <= now ? { kind: 'stopped' } : { kind: 'aborted' }
    case 'timed-out':
      return {
        kind: 'timed-out',
        waitedMs: request.requestedAt === undefined ? undefined : now - request.requestedAt,
      }
    default:
      // No broadcast (yet): the host no longer has it (a `not-pending` receipt, or
      // gone at a reconnect). A broadcast that comes later refines it.
      return { kind: 'gone' }
  }
}
