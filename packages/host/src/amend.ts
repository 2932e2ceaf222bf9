import {
  type AskUserQuestionAmendment,
  type AskUserQuestionAnswer,
  changedAnswers,
} from '@parley/seam'
import type { AmendRefusalCode, DownlinkFrame, QuestionAnswerFrame } from '@parley/seam/wire'
import type { AmendStore, AnswerClosing, AnswerRecord } from './amend-store.ts'
import { MAX_TIMER_MS } from './deadlines.ts'
import type { PendingEntry } from './pending-table.ts'
import type { HostTimers, RegisteredInfo } from './types.ts'

/** The amendment window when the host option does not say: five minutes. */
export const DEFAULT_AMEND_WINDOW_MS = 5 * 60_000

/** The sentence that goes with each amendment refusal code. */
export const AMEND_REFUSALS: Record<AmendRefusalCode, string> = {
  AMEND_WINDOW_CLOSED: 'The time to change this answer has passed.',
  AMEND_MOVED_ON: 'The assistant has moved on, so this answer can no longer be changed.',
  AMEND_SUPERSEDED: 'The answer was changed in another tab first.',
  AMEND_UNKNOWN: 'There is no answer to change here.',
}

/** What deciding on an amendment gives: accepted as a new revision, or refused with a code. */
export type AmendVerdict =
  | { accepted: true; record: AnswerRecord }
  | { accepted: false; code: AmendRefusalCode }

interface AmendDeps {
  store: AmendStore
  hub: { publish(sessionId: string, frame: DownlinkFrame): void }
  timers: HostTimers
  now(): number
  /** How long an answer of this ask may be changed; 0 or less: not at all. */
  windowMs(info: RegisteredInfo): number
  report(error: unknown, where: string): void
}

/** The in-process side of an open record: who hears amendments, and what to undo on close. */
interface Listener {
  onAmend: (amendment: AskUserQuestionAmendment) => void
  signal: AbortSignal | undefined
  cleanup(): void
}

/** The refusal code of an amendment to a closed record. */
export const CLOSING_CODES: Record<AnswerClosing, AmendRefusalCode> = {
  window: 'AMEND_WINDOW_CLOSED',
  'moved-on': 'AMEND_MOVED_ON',
}

/** The frame every tab of the session gets for a record. */
function answerFrame(record: AnswerRecord): QuestionAnswerFrame {
  const { rpcId, sessionId, questions, asker, answer, revision, until, closed } = record
  return {
    type: 'question/answer',
    rpcId,
    sessionId,
    questions: [...questions],
    ...(asker !== undefined && { asker }),
    answer,
    revision,
    until,
    ...(closed !== undefined && { closed }),
  }
}

/** The record an answered `entry` opens with: revision 0, open `until`. */
function firstRecord(
  entry: PendingEntry,
  answer: AskUserQuestionAnswer,
  until: number,
): AnswerRecord {
  const { rpcId, sessionId, frame } = entry
  return {
    rpcId,
    sessionId,
    questions: frame.questions,
    asker: frame.asker,
    answer,
    revision: 0,
    until,
  }
}

/**
 * The amendment window: once an ask whose request has `onAmend` is
 * answered, its standing answer may be changed until the window ends, the
 * ask's signal aborts (the agent moved on) or its session is aborted. Each
 * change is broadcast as a `question/answer` frame and handed to `onAmend`.
 */
export function createAmendments(deps: AmendDeps) {
  const listeners = new Map<string, Listener>()
  // Records are never changed in place: each one's frame text is made once.
  const texts = new WeakMap<AnswerRecord, string>()
  const textOf = (record: AnswerRecord) => {
    let text = texts.get(record)
    if (text === undefined) {
      text = JSON.stringify(answerFrame(record))
      texts.set(record, text)
    }
    return text
  }

  function publish(record: AnswerRecord): void {
    deps.hub.publish(record.sessionId, answerFrame(record))
  }

  /** Why an open record cannot take a change now (its timer may not have fired yet), or `null`. */
  function closingOf(record: AnswerRecord, listener: Listener | undefined): AnswerClosing | null {
    if (!listener || listener.signal?.aborted) return 'moved-on'
    return deps.now() >= record.until ? 'window' : null
  }

  function close(rpcId: string, closing: AnswerClosing): void {
    listeners.get(rpcId)?.cleanup()
    listeners.delete(rpcId)
    const closed = deps.store.close(rpcId, closing)
    if (closed) publish(closed)
  }

  return {
    /** After `entry` was answered with `answer`: opens its window when the ask allows changes. */
    opened(entry: PendingEntry, answer: AskUserQuestionAnswer): void {
      const { rpcId, sessionId, request } = entry
      const { onAmend, signal } = request
      if (!onAmend || signal?.aborted) return
      // One timer's reach (about 24.8 days) is the longest window.
      const ms = Math.min(deps.windowMs({ rpcId, sessionId, request }), MAX_TIMER_MS)
      if (!(ms > 0)) return
      const record = firstRecord(entry, answer, deps.now() + ms)
      deps.store.open(record)
      const onAbort = () => close(rpcId, 'moved-on')
      signal?.addEventListener('abort', onAbort, { once: true })
      const timer = deps.timers.setTimeout(() => {
        try {
          close(rpcId, 'window')
        } catch (error) {
          deps.report(error, 'amend window')
        }
      }, ms)
      listeners.set(rpcId, {
        onAmend,
        signal,
        cleanup() {
          signal?.removeEventListener('abort', onAbort)
          deps.timers.clearTimeout(timer)
        },
      })
      publish(record)
    },

    /** The record of `rpcId`, open or closed, while it is remembered. */
    get: (rpcId: string) => deps.store.get(rpcId),

    /**
     * Decides on an amendment already checked against the questions: the
     * first based on the current revision wins. An accepted one is broadcast
     * and handed to the ask's `onAmend`, all in this turn.
     */
    amend(rpcId: string, revision: number, answer: AskUserQuestionAnswer): AmendVerdict {
      const record = deps.store.get(rpcId)
      const listener = listeners.get(rpcId)
      if (!record) return { accepted: false, code: 'AMEND_UNKNOWN' }
      if (record.closed) return { accepted: false, code: CLOSING_CODES[record.closed] }
      const closing = closingOf(record, listener)
      if (closing) {
        close(rpcId, closing)
        return { accepted: false, code: CLOSING_CODES[closing] }
      }
      const next = deps.store.amend(rpcId, revision, answer)
      if (!next) return { accepted: false, code: 'AMEND_SUPERSEDED' }
      publish(next)
      const changed = changedAnswers(record.answer, answer)
      try {
        listener?.onAmend({
          rpcId,
          revision: next.revision,
          changed,
          answer,
          previous: record.answer,
        })
      } catch (error) {
        deps.report(error, 'onAmend')
      }
      return { accepted: true, record: next }
    },

    /** The frames of every open record, for a stream's replay: `[sessionId, text]`. */
    replay(): (readonly [string, string])[] {
      return deps.store.listOpen().map((record) => [record.sessionId, textOf(record)] as const)
    },

    /** Closes every open record of a session (deleted or evicted): the agent's session ended. */
    endSession(sessionId: string): void {
      for (const record of deps.store.openIn(sessionId)) close(record.rpcId, 'moved-on')
    },

    /** Closes every open record this host listens to (the host is going away). */
    dispose(): void {
      for (const rpcId of [...listeners.keys()]) close(rpcId, 'moved-on')
    },
  }
}

export type Amendments = ReturnType<typeof createAmendments>
