import {
  type AuditPage,
  type AuditPageQuery,
  type AuditQuery,
  auditPageOf,
  matchesAuditQuery,
} from './audit-query.ts'
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

/** The in-memory audit sink: the newest records, for a demo, a test or a single process. */
export interface MemoryAuditSink extends AuditSink {
  /** The records kept that match `query`, in the order they were appended. */
  list(query?: AuditQuery): AuditRecord[]
  /**
   * A page of the records kept, as the PostgreSQL sink's `query` reads one:
   * in the log's order (oldest or newest first), from a cursor, at most
   * `limit`. Throws `AuditQueryError` (`BAD_AUDIT_QUERY`) for a bad query.
   */
  query(query?: AuditPageQuery): AuditPage
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
    query(query = {}) {
      return auditPageOf(
        kept().flatMap((text) => parsed(text) ?? []),
        query,
      )
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
