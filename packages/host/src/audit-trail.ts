import type { AskUserQuestionAnswer, AskUserQuestionItem } from '@parley/seam'
import * as v from 'valibot'
import type { AskAmendment, AskEnding, AskWatch, ShownOn } from './ask-watch.ts'
import {
  AUDIT_RECORD_VERSION,
  type AuditActor,
  type AuditAnswer,
  AuditAnswerSchema,
  type AuditPlace,
  type AuditRecord,
} from './audit-record.ts'
import type { AuditSink } from './audit-sink.ts'

/** What the `redact` hook is told about the answer it trims. */
export interface AuditRedactInfo {
  readonly rpcId: string
  readonly sessionId: string
  /** The questions the answer answers. */
  readonly questions: readonly AskUserQuestionItem[]
  /** `answer` for the first answer, `amendment` for a change of it. */
  readonly kind: 'answer' | 'amendment'
}

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

/**
 * The default `redact`: keeps which options were selected (the decision)
 * and drops every typed text (`custom`), marking the item `redacted`. Typed
 * text is where people put what should not be logged (an address, a token).
 * One exception: an approval's edit keeps its `custom`, the arguments the
 * person approved the call with, as the record keeps the arguments it was
 * shown with (`intent.input`); without them the log could not say what ran.
 */
export function keepSelections(
  answer: AskUserQuestionAnswer,
  info?: Pick<AuditRedactInfo, 'questions'>,
): AuditAnswer {
  const edits = new Map<string, string>()
  for (const question of info?.questions ?? []) {
    const edit = question.intent?.kind === 'approval' ? question.intent.edit : undefined
    if (edit !== undefined) edits.set(question.id, edit)
  }
  return {
    answers: answer.answers.map((item) => {
      const selected = [...item.selected]
      if (item.custom === undefined) return { id: item.id, selected }
      const edit = edits.get(item.id)
      if (edit !== undefined && selected.length === 1 && selected[0] === edit)
        return { id: item.id, selected, custom: item.custom }
      return { id: item.id, selected, redacted: true as const }
    }),
  }
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

const FAILURE_CODES = {
  cancelled: 'ASK_CANCELLED',
  aborted: 'ASK_ABORTED',
  'timed-out': 'ASK_TIMED_OUT',
} as const

function defaultPrincipalId(principal: unknown): string | undefined {
  if (typeof principal === 'string') return principal
  return typeof principal === 'number' ? String(principal) : undefined
}

/** What the trail saw of a pending question on this node. */
interface Seen {
  shownAt?: number
  on?: ShownOn
  deadline?: number
}

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
  const { sink } = deps.options
  const redact = deps.options.redact ?? keepSelections
  const principalId = deps.options.principalId ?? defaultPrincipalId
  const seen = new Map<string, Seen>()
  let queue: (() => AuditRecord | undefined)[] = []
  let scheduled = false
  let appended = 0
  let failed = 0
  let inFlight: Promise<void> = Promise.resolve()

  function place(on: ShownOn | undefined): AuditPlace {
    return {
      ...(deps.nodeId !== undefined && { node: deps.nodeId }),
      ...(on && { connection: on.stream }),
      ...(on?.transport !== undefined && { transport: on.transport }),
    }
  }

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

  function actor(principal: unknown, client: string | undefined): AuditActor {
    let id: string | undefined
    try {
      id = principalId(principal as P)
    } catch (error) {
      deps.report(error, 'audit.principalId')
    }
    return {
      ...(typeof id === 'string' && { principal: id }),
      ...(client !== undefined && { client }),
    }
  }

  function trimmed(answer: AskUserQuestionAnswer, info: AuditRedactInfo): AuditAnswer | undefined {
    // The default's output is built here, in the record's shape: only an app's hook is parsed.
    if (!deps.options.redact) return keepSelections(answer)
    let kept: unknown
    try {
      kept = redact(answer, info)
    } catch (error) {
      deps.report(error, 'audit.redact')
      return undefined
    }
    if (kept === undefined) return undefined
    const parsed = v.safeParse(AuditAnswerSchema, kept)
    if (parsed.success) return parsed.output
    deps.report(new TypeError('audit.redact returned no answer shape'), 'audit.redact')
    return undefined
  }

  function questionRecord(ending: AskEnding, endedAt: number): AuditRecord | undefined {
    const { entry, settlement, rpcId, sessionId } = ending
    const traced = seen.get(rpcId)
    seen.delete(rpcId)
    if (!entry) return undefined
    const { frame } = entry
    const deadline = traced?.deadline ?? frame.deadlineAt
    const answer =
      settlement.outcome === 'answered'
        ? trimmed(settlement.answer, {
            rpcId,
            sessionId,
            questions: frame.questions,
            kind: 'answer',
          })
        : undefined
    const by =
      ending.actor || settlement.by
        ? actor(ending.actor?.principal, settlement.by?.label)
        : undefined
    return {
      version: AUDIT_RECORD_VERSION,
      kind: 'question',
      rpcId,
      sessionId,
      ...(frame.callId !== undefined && { callId: frame.callId }),
      questions: frame.questions,
      ...(frame.asker !== undefined && { asker: frame.asker }),
      outcome: settlement.outcome,
      ...(ending.reason !== undefined && { reason: ending.reason }),
      ...(settlement.outcome !== 'answered' && { code: FAILURE_CODES[settlement.outcome] }),
      ...(answer !== undefined && { answer }),
      ...(by !== undefined && { by }),
      where: place(traced?.on),
      at: {
        asked: frame.requestedAt,
        ...(traced?.shownAt !== undefined && { shown: traced.shownAt }),
        ...(deadline !== undefined && { deadline }),
        ended: endedAt,
      },
    }
  }

  function amendmentRecord(amendment: AskAmendment): AuditRecord {
    const { rpcId, sessionId, questions } = amendment
    const answer = trimmed(amendment.answer, { rpcId, sessionId, questions, kind: 'amendment' })
    return {
      version: AUDIT_RECORD_VERSION,
      kind: 'amendment',
      rpcId,
      sessionId,
      revision: amendment.revision,
      changed: [...amendment.changed],
      ...(answer !== undefined && { answer }),
      by: actor(amendment.actor.principal, amendment.client),
      where: place(undefined),
      at: { amended: amendment.at },
    }
  }

  async function append(record: AuditRecord): Promise<void> {
    try {
      await sink.append(record)
      appended += 1
    } catch (error) {
      failed += 1
      deps.report(error, 'audit.append')
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
          deps.report(error, 'audit.record')
        }
        if (record) await append(record)
      }
    })
  }

  function later(build: () => AuditRecord | undefined): void {
    queue.push(build)
    if (scheduled) return
    scheduled = true
    setTimeout(drain, 0)
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
      later(() => questionRecord(ending, endedAt))
    },
    amended(amendment) {
      later(() => amendmentRecord(amendment))
    },
  }

  return {
    watch,
    stats: {
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
    },
  }
}
