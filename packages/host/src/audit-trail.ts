/**
 * The host's audit trail: the `audit` option, and the watch that turns what
 * happens to asks into records for the sink (built in `audit-build.ts`,
 * trimmed by `audit-redact.ts`, handed over by `audit-queue.ts`).
 */
import type { AskUserQuestionAnswer } from '@parley/seam'
import type { AskWatch } from './ask-watch.ts'
import { createRecordBuilder, type Seen } from './audit-build.ts'
import { createAuditQueue } from './audit-queue.ts'
import type { AuditAnswer } from './audit-record.ts'
import { type AuditRedactInfo, guardedRedact } from './audit-redact.ts'
import type { AuditSink } from './audit-sink.ts'

/** The host option `audit`. `P` is your principal type. */
export interface AuditOptions<P> {
  /** Where the records go (`createMemoryAuditSink`, `@parley/host-postgres`'s `createPostgresAuditSink`, yours). */
  sink: AuditSink
  /**
   * What of an answer the log keeps. Return the answer to store (as is, or
   * trimmed), or `undefined` to store none. What it throws, or returns that is
   * not an answer's shape, stores none and is reported to `onError`.
   * @default keepSelections: the selected labels, never the typed text
   */
  redact?(answer: AskUserQuestionAnswer, info: AuditRedactInfo): AuditAnswer | undefined
  /**
   * The id the log names a principal by (`by.principal`), and deletes a
   * person's records by: never a secret such as a token.
   * @default a string or number principal as itself; any other: none
   */
  principalId?(principal: P): string | undefined
  /** This node's name in `where.node`. @default the coordinator's `nodeId`; none without one */
  nodeId?: string
}

/** What the audit trail counts, for `host.audit`. */
export interface AuditStats {
  /** Records the sink took. */
  readonly appended: number
  /** Records the sink threw or rejected on (each reported to `onError`). */
  readonly failed: number
  /** Resolves once every record handed over so far was appended or failed. */
  flush(): Promise<void>
}

/** How many shown-at times the trail remembers for questions still pending. */
const SEEN_LIMIT = 10_000

interface TrailDeps<P> {
  options: AuditOptions<P>
  nodeId: string | undefined
  now(): number
  report(error: unknown, where: string): void
}

/**
 * The host's side of the audit log: remembers when each pending question was
 * first shown here, builds a record when one ends (or its answer changes),
 * and hands records to the sink on a later turn, in order, never waiting
 * for it on an answer's path.
 */
export function createAuditTrail<P>(deps: TrailDeps<P>): { watch: AskWatch; stats: AuditStats } {
  const { options } = deps
  const records = createRecordBuilder<P>({
    nodeId: deps.nodeId,
    principalId: options.principalId,
    redact: guardedRedact(options.redact, deps.report),
    report: deps.report,
  })
  const queue = createAuditQueue(options.sink, deps.report)
  const seen = new Map<string, Seen>()

  function remember(rpcId: string): Seen {
    let found = seen.get(rpcId)
    if (found) return found
    found = {}
    seen.set(rpcId, found)
    if (seen.size > SEEN_LIMIT) {
      const oldest = seen.keys().next()
      if (!oldest.done) seen.delete(oldest.value)
    }
    return found
  }

  /** What this node saw of a question that ended; forgotten as it is read. */
  function forget(rpcId: string): Seen | undefined {
    const traced = seen.get(rpcId)
    seen.delete(rpcId)
    return traced
  }

  const watch: AskWatch = {
    shown(rpcId, on) {
      const traced = remember(rpcId)
      if (traced.shownAt !== undefined) return
      traced.shownAt = deps.now()
      traced.on = on
    },
    moved(rpcId, deadlineAt) {
      remember(rpcId).deadline = deadlineAt
    },
    ended(ending) {
      const endedAt = ending.settlement.by?.at ?? deps.now()
      queue.later(() => records.question(ending, endedAt, forget(ending.rpcId)))
    },
    amended(amendment) {
      queue.later(() => records.amendment(amendment))
    },
  }

  return {
    watch,
    stats: {
      get appended() {
        return queue.appended
      },
      get failed() {
        return queue.failed
      },
      flush() {
        return queue.flush()
      },
    },
  }
}
