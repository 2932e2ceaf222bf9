import type { AskUserQuestionAnswer, AskUserQuestionAsker, AskUserQuestionItem } from '@parley/seam'

/** Why a standing answer can no longer be changed. */
export type AnswerClosing = 'window' | 'moved-on'

/**
 * The standing answer of an answered question the user may change: plain
 * data, so a store shared by several hosts can keep it. Every change makes
 * a new record.
 */
export interface AnswerRecord {
  readonly rpcId: string
  readonly sessionId: string
  /** The questions as they were asked; amendments are validated against them. */
  readonly questions: readonly AskUserQuestionItem[]
  readonly asker?: AskUserQuestionAsker | undefined
  /** The answer as it now stands. */
  readonly answer: AskUserQuestionAnswer
  /** 0 for the answer that was sent, then one more per accepted amendment. */
  readonly revision: number
  /** When the window ends (ms since the epoch, the host's clock). */
  readonly until: number
  /** Set once it can no longer be changed. */
  readonly closed?: AnswerClosing | undefined
}

/**
 * Where standing answers live while they may be changed, and for a while
 * after (so a late change is refused with the reason). Every method is
 * synchronous, as for the pending store: `amend` is a compare-and-set on
 * the revision, which is what makes the first valid amendment win.
 */
export interface AmendStore {
  /** Keeps a freshly answered question's record (revision 0, open). */
  open(record: AnswerRecord): void
  /** The record, open or closed, while it is remembered. */
  get(rpcId: string): AnswerRecord | undefined
  /**
   * Replaces the answer when the record is open and `revision` is its
   * current revision, and returns the new record (revision + 1); otherwise
   * `undefined`, and nothing changes.
   */
  amend(rpcId: string, revision: number, answer: AskUserQuestionAnswer): AnswerRecord | undefined
  /** Closes an open record and returns it closed; `undefined` when it was not open. */
  close(rpcId: string, closing: AnswerClosing): AnswerRecord | undefined
  /** The open records of a session. */
  openIn(sessionId: string): readonly AnswerRecord[]
  /** Every open record, oldest first (what a new stream is replayed). */
  listOpen(): readonly AnswerRecord[]
}

/** Bounds of {@link createMemoryAmendStore}. */
export interface MemoryAmendStoreLimits {
  /** Open records kept; opening one more closes the oldest (`'window'`). @default 10000 */
  maxOpen?: number
  /** Closed records remembered for their refusal reason; then forgotten. @default 1000 */
  maxClosed?: number
}

/** The default, in-memory amend store of one host. */
export function createMemoryAmendStore(limits: MemoryAmendStoreLimits = {}): AmendStore {
  const maxOpen = limits.maxOpen ?? 10_000
  const maxClosed = limits.maxClosed ?? 1000
  // Insertion order is age: the first key is the oldest.
  const open = new Map<string, AnswerRecord>()
  const closed = new Map<string, AnswerRecord>()

  function close(rpcId: string, closing: AnswerClosing): AnswerRecord | undefined {
    const record = open.get(rpcId)
    if (!record) return undefined
    open.delete(rpcId)
    const done = { ...record, closed: closing }
    closed.set(rpcId, done)
    const [oldest] = closed.keys()
    if (closed.size > maxClosed && oldest !== undefined) closed.delete(oldest)
    return done
  }

  return {
    open(record) {
      closed.delete(record.rpcId)
      open.set(record.rpcId, record)
      const [oldest] = open.keys()
      if (open.size > maxOpen && oldest !== undefined) close(oldest, 'window')
    },
    get: (rpcId) => open.get(rpcId) ?? closed.get(rpcId),
    amend(rpcId, revision, answer) {
      const record = open.get(rpcId)
      if (!record || record.revision !== revision) return undefined
      const next = { ...record, answer, revision: revision + 1 }
      open.set(rpcId, next)
      return next
    },
    close,
    openIn: (sessionId) => [...open.values()].filter((record) => record.sessionId === sessionId),
    listOpen: () => [...open.values()],
  }
}
