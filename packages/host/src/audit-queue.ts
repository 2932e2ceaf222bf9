/**
 * The audit trail's hand-over to its sink: records are built and appended on
 * a later turn, in order and one at a time, never on an answer's path; what
 * the sink took and what failed are counted.
 */
import type { AuditRecord } from './audit-record.ts'
import type { AuditSink } from './audit-sink.ts'

/** The queue in front of one sink. */
export interface AuditQueue {
  /** Runs `build` on a later turn, after what was queued before, and appends its record (if any). */
  later(build: () => AuditRecord | undefined): void
  /** Records the sink took. */
  readonly appended: number
  /** Records whose build threw, or the sink threw or rejected on (each reported). */
  readonly failed: number
  /** Resolves once every record queued so far was appended or failed. */
  flush(): Promise<void>
}

/** A queue that appends to `sink`, reporting every failure to `report`. */
export function createAuditQueue(
  sink: AuditSink,
  report: (error: unknown, where: string) => void,
): AuditQueue {
  let queue: (() => AuditRecord | undefined)[] = []
  let scheduled = false
  let appended = 0
  let failed = 0
  let inFlight: Promise<void> = Promise.resolve()

  async function append(record: AuditRecord): Promise<void> {
    try {
      await sink.append(record)
      appended += 1
    } catch (error) {
      failed += 1
      report(error, 'audit.append')
    }
  }

  /** Builds and appends the queued records, in order, on a turn of their own. */
  function drain(): void {
    scheduled = false
    const batch = queue
    queue = []
    inFlight = inFlight.then(async () => {
      for (const build of batch) {
        let record: AuditRecord | undefined
        try {
          record = build()
        } catch (error) {
          failed += 1
          report(error, 'audit.record')
        }
        if (record) await append(record)
      }
    })
  }

  return {
    later(build) {
      queue.push(build)
      if (scheduled) return
      scheduled = true
      setTimeout(drain, 0)
    },
    get appended() {
      return appended
    },
    get failed() {
      return failed
    },
    async flush() {
      for (;;) {
        const current = inFlight
        if (scheduled) drain()
        await current
        if (current === inFlight && !scheduled) return
      }
    },
  }
}
