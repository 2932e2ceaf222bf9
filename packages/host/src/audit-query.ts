/**
 * How the audit log is read: the filters every sink honours, and a page of
 * records in the log's order (when each happened, ties broken by the
 * record's `rpcId`, `revision` and `kind`, which no two records share), so
 * a cursor is a place in that order that any sink can resume from.
 */
import { QuestionOutcomeSchema } from '@parley/seam/wire'
import * as v from 'valibot'
import type { AuditRecord } from './audit-record.ts'

/** The most records one page holds. */
export const MAX_AUDIT_PAGE = 10_000
/** The records a page holds when the query names no `limit`. */
export const DEFAULT_AUDIT_PAGE = 1_000
/** The longest `sessionId`, `principal` or `rpcId` a query may filter by (a wire id is at most 200). */
const MAX_FILTER_CHARS = 1_000
/** The longest cursor a query takes (a record's own cursor is about 60 characters and its rpcId). */
const MAX_CURSOR_CHARS = 2_000

/** Which records a query returns; every field narrows, none returns all. */
export interface AuditQuery {
  sessionId?: string | undefined
  outcome?: v.InferOutput<typeof QuestionOutcomeSchema> | undefined
  /** Records of this principal (`by.principal`). */
  principal?: string | undefined
  /** The records of one question: its record and its amendments. */
  rpcId?: string | undefined
  /** Only question records, or only amendments. */
  kind?: AuditRecord['kind'] | undefined
  /** Recorded at or after this time (ms since the epoch): a question's end, an amendment's time. */
  from?: number | undefined
  /** Recorded before this time (ms since the epoch). */
  to?: number | undefined
}

/** A page of the log: filters, an order, a bound and where to resume. */
export interface AuditPageQuery extends AuditQuery {
  /** Which end the page starts from. @default 'oldest-first' */
  order?: 'oldest-first' | 'newest-first' | undefined
  /** The most records to return, 1 to {@link MAX_AUDIT_PAGE}. @default 1000 */
  limit?: number | undefined
  /**
   * Only records older than this cursor: a page's `next` when reading
   * newest first, or {@link auditCursor} of a record.
   */
  before?: string | undefined
  /** Only records newer than this cursor: a page's `next` when reading oldest first. */
  after?: string | undefined
}

/** Records and the cursor to resume after the last one (`undefined` on the last page). */
export interface AuditPage {
  records: AuditRecord[]
  next: string | undefined
}

/** A query a sink refused: an unknown field, or a value out of its range (`issues` says which). */
export class AuditQueryError extends Error {
  readonly code = 'BAD_AUDIT_QUERY'
  /** The fields at fault, and what was wrong with each. */
  readonly issues: readonly string[]
  constructor(issues: readonly string[]) {
    super(`The audit query is not valid: ${issues.join('; ')}.`)
    this.issues = issues
  }
}

/**
 * A record's place in the log's order: its time, then rpcId, revision and
 * kind (a question is revision 0, so it comes before its amendments).
 */
export type AuditPlaceKey = readonly [
  at: number,
  rpcId: string,
  revision: number,
  kind: AuditRecord['kind'],
]

const epochMs = v.pipe(v.number(), v.finite())
const filterText = v.pipe(v.string(), v.maxLength(MAX_FILTER_CHARS))
const kind = v.picklist(['question', 'amendment'])
const cursor = v.pipe(
  v.string(),
  v.maxLength(MAX_CURSOR_CHARS),
  v.parseJson(),
  v.tuple([epochMs, v.string(), v.pipe(v.number(), v.safeInteger(), v.minValue(0)), kind]),
)

const AuditPageQuerySchema = v.strictObject({
  sessionId: v.optional(filterText),
  outcome: v.optional(QuestionOutcomeSchema),
  principal: v.optional(filterText),
  rpcId: v.optional(filterText),
  kind: v.optional(kind),
  from: v.optional(epochMs),
  to: v.optional(epochMs),
  order: v.optional(v.picklist(['oldest-first', 'newest-first']), 'oldest-first'),
  limit: v.optional(
    v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(MAX_AUDIT_PAGE)),
    DEFAULT_AUDIT_PAGE,
  ),
  before: v.optional(cursor),
  after: v.optional(cursor),
})

/** A query as a sink runs it: its defaults filled in, each cursor read as its place. */
export interface ParsedAuditPageQuery extends AuditQuery {
  order: 'oldest-first' | 'newest-first'
  limit: number
  before?: AuditPlaceKey | undefined
  after?: AuditPlaceKey | undefined
}

/**
 * Parses a page query at a sink's boundary, for a sink of your own that
 * answers the same query; throws {@link AuditQueryError} (`BAD_AUDIT_QUERY`)
 * naming each field at fault.
 */
export function parseAuditPageQuery(query: unknown): ParsedAuditPageQuery {
  const parsed = v.safeParse(AuditPageQuerySchema, query)
  if (parsed.success) return parsed.output
  throw new AuditQueryError(
    parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'query'}: ${issue.message}`),
  )
}

/** When a record happened: a question's end, or an amendment's time. */
export function auditRecordedAt(record: AuditRecord): number {
  return record.kind === 'question' ? record.at.ended : record.at.amended
}

function placeKey(record: AuditRecord): AuditPlaceKey {
  const revision = record.kind === 'amendment' ? record.revision : 0
  return [auditRecordedAt(record), record.rpcId, revision, record.kind]
}

/**
 * A record's cursor: pass it as `before` (or `after`) to read the records
 * older (or newer) than it, whether or not it is still stored.
 */
export function auditCursor(record: AuditRecord): string {
  return JSON.stringify(placeKey(record))
}

/** Orders two places as the log does (strings by UTF-16 code unit; ids are ASCII). */
function comparePlaces(a: AuditPlaceKey, b: AuditPlaceKey): number {
  for (let at = 0; at < a.length; at++) {
    const [x, y] = [a[at] as string | number, b[at] as string | number]
    if (x !== y) return x < y ? -1 : 1
  }
  return 0
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
  if (query.rpcId !== undefined && record.rpcId !== query.rpcId) return false
  if (query.kind !== undefined && record.kind !== query.kind) return false
  const at = auditRecordedAt(record)
  if (query.from !== undefined && at < query.from) return false
  return !(query.to !== undefined && at >= query.to)
}

/** One page of `records` (every record a sink keeps, in any order): the memory sink's `query`. */
export function auditPageOf(records: Iterable<AuditRecord>, input: AuditPageQuery): AuditPage {
  const query = parseAuditPageQuery(input)
  const { before, after } = query
  const matching: { key: AuditPlaceKey; record: AuditRecord }[] = []
  for (const record of records) {
    if (!matchesAuditQuery(record, query)) continue
    const key = placeKey(record)
    if (before && comparePlaces(key, before) >= 0) continue
    if (after && comparePlaces(key, after) <= 0) continue
    matching.push({ key, record })
  }
  const sign = query.order === 'newest-first' ? -1 : 1
  matching.sort((a, b) => sign * comparePlaces(a.key, b.key))
  const page = matching.slice(0, query.limit).map((entry) => entry.record)
  const last = page.at(-1)
  return {
    records: page,
    next: matching.length > query.limit && last ? auditCursor(last) : undefined,
  }
}
