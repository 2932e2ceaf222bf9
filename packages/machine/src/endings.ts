/**
 * How a card ends: what the person sees on a card whose request left the
 * pending list, decided from the host's word (outcome, the answer that
 * counted, why it was aborted), this tab's own send and its receipt, and
 * this tab's Stop. Pure; `endings.store.ts` keeps the cards over time.
 */
import type { AskUserQuestionAnswer } from '@parley/seam'
import type { ComposerEnding, ComposerOutcome, ComposerRequest } from './composer.types.ts'

/** This tab's last answer or cancel of a request, and how the host took it. */
export interface SendAttempt {
  kind: 'answer' | 'cancel'
  status: 'in-flight' | 'accepted' | 'not-pending' | 'refused' | 'failed'
}

/** What the host said of the requests that ended, by `rpcId` (own keys only). */
export interface HostReport {
  /** Each ended request's outcome. */
  outcomes?: Readonly<Record<string, ComposerOutcome>> | undefined
  /** The answer that counted, for requests answered (in another tab). */
  answers?: Readonly<Record<string, AskUserQuestionAnswer>> | undefined
  /** Why requests were aborted, when known. */
  because?: Readonly<Record<string, 'server-gone'>> | undefined
  /** When this tab's user pressed Stop (ms): later aborts were their own choice. */
  stoppedAt?: number | undefined
}

/** `record[key]` when it is the record's own key: an rpcId such as `constructor` is a plain id. */
export function ownEntry<T>(
  record: Readonly<Record<string, T>> | undefined,
  key: string,
): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined
}

/** The outcome a card settles with for each ending. */
const OUTCOME_OF: Record<ComposerEnding['kind'], ComposerOutcome> = {
  'answered-elsewhere': 'answered',
  'answer-not-used': 'answered',
  'cancelled-elsewhere': 'cancelled',
  aborted: 'aborted',
  stopped: 'aborted',
  'timed-out': 'timed-out',
  'server-gone': 'aborted',
  gone: 'aborted',
}

/** The outcome a card with this ending is settled with (its status region's word). */
export function outcomeOfEnding(ending: ComposerEnding): ComposerOutcome {
  return OUTCOME_OF[ending.kind]
}

/**
 * How request `request`, which left the pending list at `leftAt`, ended for
 * this tab: `'leave'` when the ending is the one the user chose here (their
 * answer or dismissal was accepted), `null` while their own send is in
 * flight, else the ending the card shows. With no word from the host yet it
 * is `gone`; a report that comes later refines it.
 */
export function endingFor(
  request: ComposerRequest,
  leftAt: number,
  attempt: SendAttempt | undefined,
  report: HostReport,
): ComposerEnding | 'leave' | null {
  if (attempt?.status === 'in-flight') return null
  const outcome = ownEntry(report.outcomes, request.rpcId)
  if (attempt?.status === 'accepted' && (outcome === undefined || outcome === CHOSEN[attempt.kind]))
    return 'leave'
  switch (outcome) {
    case 'answered':
      return attempt?.kind === 'answer'
        ? { kind: 'answer-not-used' }
        : { kind: 'answered-elsewhere', answer: ownEntry(report.answers, request.rpcId) }
    case 'cancelled':
      return { kind: 'cancelled-elsewhere' }
    case 'aborted':
      // The server whose agent awaited it stopped or restarted: no answer can reach the agent.
      if (ownEntry(report.because, request.rpcId) === 'server-gone') return { kind: 'server-gone' }
      // This tab's user pressed Stop before it left: their choice, not the assistant's.
      return report.stoppedAt !== undefined && report.stoppedAt <= leftAt
        ? { kind: 'stopped' }
        : { kind: 'aborted' }
    case 'timed-out':
      return {
        kind: 'timed-out',
        waitedMs: request.requestedAt === undefined ? undefined : leftAt - request.requestedAt,
      }
    case undefined:
      return { kind: 'gone' }
  }
}

/** The outcome that means this tab's own accepted send counted. */
const CHOSEN = { answer: 'answered', cancel: 'cancelled' } as const
