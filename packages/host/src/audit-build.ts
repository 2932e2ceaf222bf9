/**
 * Building the audit log's records: a `question` record from a question's
 * ending and what this node saw of it, an `amendment` record from an
 * accepted change of its answer. No I/O; the app's hooks it calls are
 * guarded.
 */
import type { AskAmendment, AskEnding, ShownOn } from './ask-watch.ts'
import {
  AUDIT_RECORD_VERSION,
  type AuditActor,
  type AuditPlace,
  type AuditRecord,
} from './audit-record.ts'
import type { Redact } from './audit-redact.ts'

/** What the trail saw of a pending question on this node. */
export interface Seen {
  shownAt?: number
  on?: ShownOn
  deadline?: number
}

/** What the record builders need. `P` is the host's principal type. */
export interface RecordBuilderDeps<P> {
  /** This node's name in `where.node`, when it has one. */
  nodeId: string | undefined
  /** The app's `principalId` hook; a string or number principal as itself without one. */
  principalId: ((principal: P) => string | undefined) | undefined
  /** Trims the answer a record keeps (already guarded: it never throws). */
  redact: Redact
  report(error: unknown, where: string): void
}

/** Builds the records of one host's audit trail. */
export interface RecordBuilder {
  /** The record of a question that ended; `undefined` when this node does not have the question. */
  question(ending: AskEnding, endedAt: number, seen: Seen | undefined): AuditRecord | undefined
  /** The record of an accepted amendment. */
  amendment(amendment: AskAmendment): AuditRecord
}

const FAILURE_CODES = {
  cancelled: 'ASK_CANCELLED',
  aborted: 'ASK_ABORTED',
  'timed-out': 'ASK_TIMED_OUT',
} as const

function defaultPrincipalId(principal: unknown): string | undefined {
  if (typeof principal === 'string') return principal
  return typeof principal === 'number' ? String(principal) : undefined
}

/** The record builders for `deps`. */
export function createRecordBuilder<P>(deps: RecordBuilderDeps<P>): RecordBuilder {
  const principalId = deps.principalId ?? defaultPrincipalId

  function place(on: ShownOn | undefined): AuditPlace {
    return {
      ...(deps.nodeId !== undefined && { node: deps.nodeId }),
      ...(on && { connection: on.stream }),
      ...(on?.transport !== undefined && { transport: on.transport }),
    }
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

  function question(
    ending: AskEnding,
    endedAt: number,
    traced: Seen | undefined,
  ): AuditRecord | undefined {
    const { entry, settlement, rpcId, sessionId } = ending
    if (!entry) return undefined
    const { frame } = entry
    const deadline = traced?.deadline ?? frame.deadlineAt
    const answer =
      settlement.outcome === 'answered'
        ? deps.redact(settlement.answer, {
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

  function amendment(change: AskAmendment): AuditRecord {
    const { rpcId, sessionId, questions } = change
    const answer = deps.redact(change.answer, { rpcId, sessionId, questions, kind: 'amendment' })
    return {
      version: AUDIT_RECORD_VERSION,
      kind: 'amendment',
      rpcId,
      sessionId,
      revision: change.revision,
      changed: [...change.changed],
      ...(answer !== undefined && { answer }),
      by: actor(change.actor.principal, change.client),
      where: place(undefined),
      at: { amended: change.at },
    }
  }

  return { question, amendment }
}
