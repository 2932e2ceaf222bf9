/**
 * What the operator's view reads from the audit log: question records newest
 * first, a page at a time, and one question's trail. The published sinks
 * read oldest first (`list`, `query`); the demo needs the newest page, so it
 * reads them through this small interface: the memory sink's `list`, or the
 * `parley_audit` table directly (see `audit-reader.postgres.ts`).
 */
import type {
  AuditAmendmentRecord,
  AuditQuestionRecord,
  AuditRecord,
  MemoryAuditSink,
} from '@parley/host'
import type { QuestionOutcome } from '@parley/seam/wire'

/** Which question records a page holds. */
interface AuditPageQuery {
  outcome?: QuestionOutcome | undefined
  sessionId?: string | undefined
  /** The most records to return. */
  limit: number
  /**
   * Only records older than the record of this question (the last `rpcId`
   * of the previous page). A question no longer in the log yields an empty
   * page: the log drops (and deletes) its oldest records first.
   */
  before?: string | undefined
}

/** A page of question records, newest first, and whether older ones match too. */
interface AuditReadPage {
  records: AuditQuestionRecord[]
  more: boolean
}

/** One question's entries in the log: its record (once it ended) and its amendments, oldest first. */
export interface AuditTrail {
  question: AuditQuestionRecord | undefined
  amendments: AuditAmendmentRecord[]
}

export const isQuestionRecord = (record: AuditRecord): record is AuditQuestionRecord =>
  record.kind === 'question'

/** A question's trail out of its records, in the order they were stored. */
export function trailOf(records: readonly AuditRecord[]): AuditTrail {
  return {
    question: records.find(isQuestionRecord),
    amendments: records.filter(
      (record): record is AuditAmendmentRecord => record.kind === 'amendment',
    ),
  }
}

export interface AuditReader {
  questions(query: AuditPageQuery): Promise<AuditReadPage>
  trail(rpcId: string): Promise<AuditTrail>
}

/** Reads the in-memory sink (every call parses what it keeps: at most its 10,000 records). */
export function memoryAuditReader(sink: MemoryAuditSink): AuditReader {
  return {
    async questions({ outcome, sessionId, limit, before }) {
      const matching = sink.list({ outcome, sessionId }).filter(isQuestionRecord)
      let end = matching.length
      if (before !== undefined) {
        end = 0
        for (let at = matching.length - 1; at >= 0; at--)
          if (matching[at]?.rpcId === before) {
            end = at
            break
          }
      }
      const start = Math.max(0, end - limit)
      return { records: matching.slice(start, end).reverse(), more: start > 0 }
    },
    async trail(rpcId) {
      return trailOf(sink.list().filter((record) => record.rpcId === rpcId))
    },
  }
}
