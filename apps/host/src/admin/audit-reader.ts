/**
 * What the operator's view reads from the audit log: question records newest
 * first, a page at a time, and one question's trail — through the sink's own
 * `query`, the same for the in-memory sink and the PostgreSQL one.
 */
import {
  type AuditAmendmentRecord,
  type AuditPage,
  type AuditPageQuery,
  type AuditQuestionRecord,
  type AuditRecord,
  auditCursor,
} from '@parley/host'
import type { QuestionOutcome } from '@parley/seam/wire'

/** Which question records a page holds. */
interface QuestionPageQuery {
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
interface AuditTrail {
  question: AuditQuestionRecord | undefined
  amendments: AuditAmendmentRecord[]
}

const isQuestionRecord = (record: AuditRecord): record is AuditQuestionRecord =>
  record.kind === 'question'

/** A question's trail out of its records, oldest first. */
function trailOf(records: readonly AuditRecord[]): AuditTrail {
  return {
    question: records.find(isQuestionRecord),
    amendments: records.filter(
      (record): record is AuditAmendmentRecord => record.kind === 'amendment',
    ),
  }
}

export interface AuditReader {
  questions(query: QuestionPageQuery): Promise<AuditReadPage>
  trail(rpcId: string): Promise<AuditTrail>
}

/** A sink that reads pages: `createMemoryAuditSink()` or `createPostgresAuditSink()`. */
interface AuditPages {
  query(query: AuditPageQuery): AuditPage | Promise<AuditPage>
}

/** The trail's records read a page at a time (a question has one record and its amendments). */
async function recordsOf(sink: AuditPages, rpcId: string): Promise<AuditRecord[]> {
  const records: AuditRecord[] = []
  let after: string | undefined
  do {
    const page = await sink.query({ rpcId, after })
    records.push(...page.records)
    after = page.next
  } while (after !== undefined)
  return records
}

export function auditReader(sink: AuditPages): AuditReader {
  return {
    async questions({ outcome, sessionId, limit, before }) {
      let cursor: string | undefined
      if (before !== undefined) {
        const anchor = await sink.query({ rpcId: before, kind: 'question', limit: 1 })
        const [record] = anchor.records
        if (!record) return { records: [], more: false }
        cursor = auditCursor(record)
      }
      const page = await sink.query({
        kind: 'question',
        outcome,
        sessionId,
        order: 'newest-first',
        limit,
        before: cursor,
      })
      return { records: page.records.filter(isQuestionRecord), more: page.next !== undefined }
    },
    async trail(rpcId) {
      return trailOf(await recordsOf(sink, rpcId))
    },
  }
}
