import type { QuestionOutcome } from '@parley/seam/wire'
import { type AuditRecord, parseAuditRecord } from './audit-record.ts'

/**
 * Where the host writes its audit log. `append` is called once per record,
 * never on the path of an answer: the host hands records over after the
 * question ended, does not wait for them, and counts (and reports to
 * `onError`) every append that throws or rejects. A sink keeps records
 * append-only: it never changes one it stored.
 */
export interface AuditSink {
  append(record: AuditRecord): void | Promise<void>
}

/** Which records a query returns; every field narrows, none returns all. */
export interface AuditQuery {
  sessionId?: string | undefined
  outcome?: QuestionOutcome | undefined
  /** Records of this principal (`by.principal`). */
  principal?: string | undefined
  /** Recorded at or after this time (ms since the epoch): a question's end, an amendment's time. */
  from?: number | undefined
  /** Recorded before this time (ms since the epoch). */
  to?: number | undefined
}

/** When a record happened: a question's end, or an amendment's time. */
export function auditRecordedAt(record: AuditRecord): number {
  return record.kind === 'question' ? record.at.ended : record.at.amended
}

/** Does `record` match `query`? (An amendment has no outcome: an outcome filter leaves it out.) */
export function matchesAuditQuery(record: AuditRecord, query: AuditQuery): boolean {
  if (query.sessionId !== undefined && record.sessionId !== query.sessionId) return false
  if (
    query.outcome !== undefined &&
    (record.kind !== 'question' || record.outcome !== query.outcome)
  )
    return false
  if (query.principal !== undefined && record.by?.principal !== query.principal) return false
  const at = auditRecordedAt(record)
  if (query.from !== undefined && at < query.from) return false
  return !(query.to !== undefined && at >= query.to)
}

/** The in-memory audit sink: the newest records, for a demo, a test or a single process. */
export interface MemoryAuditSink extends AuditSink {
  /** The records kept that match `query`, oldest first. */
  list(query?: AuditQuery): AuditRecord[]
  /** Removes every record of the principal (an erasure request); returns how many. */
  deletePrincipal(principal: string): number
  /** How many records were dropped because the sink was full. */
  readonly dropped: number
}

/** The default bound of {@link createMemoryAuditSink}: the newest 10,000 records. */
export const DEFAULT_MEMORY_AUDIT_RECORDS = 10_000

/**
 * An audit sink in memory, keeping the newest `maxRecords` records (about
 * 1–2 KB each for a short question): older ones are dropped, oldest first.
 * Each is kept as its JSON text (one flat string, cheap for the garbage
 * collector, and never changed by whoever passed the record) and parsed back
 * when listed. Gone when the process ends; use a durable sink (such as
 * `@parley/host-postgres`'s) for a record that must last.
 */
export function createMemoryAuditSink(options: { maxRecords?: number } = {}): MemoryAuditSink {
  const max = Math.max(1, options.maxRecords ?? DEFAULT_MEMORY_AUDIT_RECORDS)
  let texts: string[] = []
  let dropped = 0
  const kept = () => (texts.length > max ? texts.slice(texts.length - max) : texts)
  const parsed = (text: string) => parseAuditRecord(JSON.parse(text))
  return {
    append(record) {
      texts.push(JSON.stringify(record))
      // Trimmed in batches, so a full sink does not shift its array on every append.
      if (texts.length > max + Math.ceil(max / 8)) {
        dropped += texts.length - max
        texts = texts.slice(texts.length - max)
      }
    },
    list(query = {}) {
      const records: AuditRecord[] = []
      for (const text of kept()) {
        const record = parsed(text)
        if (record && matchesAuditQuery(record, query)) records.push(record)
      }
      return records
    },
    deletePrincipal(principal) {
      const before = texts.length
      texts = texts.filter((text) => parsed(text)?.by?.principal !== principal)
      return before - texts.length
    },
    get dropped() {
      return dropped + Math.max(0, texts.length - max)
    },
  }
}

/** Records as JSON Lines: one JSON text and a line feed per record, in order. */
export async function* auditJsonLines(
  records: Iterable<AuditRecord> | AsyncIterable<AuditRecord>,
): AsyncGenerator<string> {
  for await (const record of records) yield `${JSON.stringify(record)}\n`
}

/**
 * Writes records as JSON Lines to `writable` (a web `WritableStream`, such as
 * a `TransformStream`'s writable side or `Writable.toWeb(file)` on Node),
 * waiting for it to take each line; closes it at the end. Returns how many
 * records it wrote.
 */
export async function writeAuditJsonLines(
  records: Iterable<AuditRecord> | AsyncIterable<AuditRecord>,
  writable: WritableStream<string>,
): Promise<number> {
  const writer = writable.getWriter()
  let written = 0
  try {
    for await (const line of auditJsonLines(records)) {
      await writer.ready
      await writer.write(line)
      written += 1
    }
    await writer.close()
  } catch (error) {
    await writer.abort(error).catch(() => {})
    throw error
  } finally {
    writer.releaseLock()
  }
  return written
}
