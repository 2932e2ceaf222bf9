import { UserQuestionError } from '@parley/seam'
import type { QuestionEndedBy, QuestionOutcome } from '@parley/seam/wire'
import type { AskDeps } from './ask-registry.ts'
import type { EndContext } from './ask-watch.ts'
import type { AskTable, EarlyEnding } from './cluster-ask-table.ts'
import type { CoordinatedSettlement, QuestionCoordinator } from './coordinator.ts'
import type { Settlement } from './settlement.ts'
import type { Waiter, WaiterEnding } from './waiters.ts'

/** What a cluster's ask registry is built with. */
export interface ClusterDeps extends AskDeps {
  coordinator: QuestionCoordinator
  /** Resolves once the coordinator joined; every ask waits for it. */
  joined: Promise<void>
}

/** What the claims of a node share with its registry: the table of questions and how a waiter is taken. */
export interface ClaimContext {
  readonly deps: ClusterDeps
  readonly table: AskTable
  /** Removes the waiter of `rpcId` (and its timer, listener, local entry); returns it. */
  take(rpcId: string): Waiter | undefined
}

/** Why a cluster ask ended without an answer, for `cause`. */
export const SERVER_GONE = 'server-gone'
export const SUPERSEDED = 'superseded: the same resumeKey was asked again and now waits elsewhere'

function toCoordinated(settlement: Settlement): CoordinatedSettlement {
  if (settlement.outcome === 'answered') return settlement
  return settlement.deadlineAt === undefined
    ? { outcome: settlement.outcome, reason: undefined }
    : { outcome: settlement.outcome, reason: undefined, deadlineAt: settlement.deadlineAt }
}

/** How an agent's wait ends with a settlement as the coordinator keeps it. */
export function endingOf(settlement: CoordinatedSettlement): WaiterEnding {
  if (settlement.outcome === 'answered') return settlement
  return { outcome: settlement.outcome, cause: settlement.reason }
}

/** The tabs' `question/resolved`; with the answer that counted when it is at hand. */
export function resolvedFrame(
  rpcId: string,
  sessionId: string,
  outcome: QuestionOutcome,
  reason?: 'server-gone',
  by?: QuestionEndedBy,
  settlement?: CoordinatedSettlement,
) {
  return {
    type: 'question/resolved' as const,
    rpcId,
    sessionId,
    outcome,
    ...(reason !== undefined && { reason }),
    ...(by !== undefined && { by }),
    ...(settlement?.outcome === 'answered' && { answer: settlement.answer }),
  }
}

/**
 * A node's claims and reads of the questions in its cluster: a claim in the
 * coordinator that settles this node's waiter when it wins, and the read of
 * an ending another node's claim won. Each is one turn in `table`.
 */
export function createClusterClaims(context: ClaimContext) {
  const { deps, table, take } = context
  const { coordinator } = deps

  /**
   * Claims `rpcId` in the coordinator; on a win, tells this node's streams and
   * settles this node's waiter (another node's waiter hears it from the
   * coordinator). True when the question was pending, or when `responseId`
   * already won it.
   */
  async function claim(
    rpcId: string,
    settlement: Settlement,
    responseId?: string,
    context?: EndContext,
  ): Promise<boolean> {
    const coordinated = toCoordinated(settlement)
    let outcome: Awaited<ReturnType<QuestionCoordinator['claim']>>
    try {
      outcome = await table.turn(rpcId, () =>
        coordinator.claim(rpcId, coordinated, responseId, settlement.by),
      )
    } catch (error) {
      deps.report(error, 'claim')
      throw error
    }
    if (outcome.status !== 'won') {
      // Settled elsewhere: its doorbell may have come while this claim ran, and waited for it.
      // A timeout may instead have lost to a deadline moved where this node has not heard yet.
      const settled = settlement.outcome === 'timed-out' ? rearmOrCollect(rpcId) : collect(rpcId)
      settled.catch((error: unknown) => deps.report(error, 'collect'))
      return outcome.status === 'repeat'
    }
    const { sessionId } = outcome
    deps.watch?.ended({
      rpcId,
      sessionId,
      entry: context?.entry ?? deps.store.get(rpcId),
      settlement,
      actor: context?.actor,
    })
    deps.hub.publish(
      sessionId,
      resolvedFrame(rpcId, sessionId, settlement.outcome, undefined, settlement.by, coordinated),
    )
    const waiter = take(rpcId)
    if (waiter) waiter.settle(settlement)
    else table.endedEarly(rpcId, coordinated)
    return true
  }

  /**
   * After a timeout's claim lost: a question still pending had its deadline
   * moved (its doorbell tells the tabs and the agent), so the timer waits for
   * the stored one; otherwise it ended elsewhere, and is collected.
   */
  async function rearmOrCollect(rpcId: string): Promise<void> {
    const stored = await coordinator.get(rpcId)
    const deadlineAt = stored?.frame.deadlineAt
    if (deadlineAt === undefined) return collect(rpcId)
    if (table.waiterOf(rpcId)) deps.deadlines.rearm(rpcId, deadlineAt)
  }

  /**
   * Reads how an awaited question ended and settles its waiter, unless a claim
   * or a read of this node is already at it (a doorbell and the re-check can
   * both report one ending).
   */
  async function collect(rpcId: string): Promise<void> {
    if (!table.waiterOf(rpcId) || table.busy(rpcId)) return
    const settlement = await table.turn(rpcId, () => coordinator.collect(rpcId))
    take(rpcId)?.settle(
      settlement
        ? endingOf(settlement)
        : new UserQuestionError('The ask now waits elsewhere.', 'ASK_ABORTED', {
            cause: SUPERSEDED,
          }),
    )
  }

  /** Settles a question that ended while it was registered: as this node won it, or as stored. */
  function settleEnded(rpcId: string, ended: EarlyEnding): void {
    if (ended === null) collect(rpcId).catch((error: unknown) => deps.report(error, 'collect'))
    else take(rpcId)?.settle(endingOf(ended))
  }

  return { claim, collect, settleEnded }
}

export type ClusterClaims = ReturnType<typeof createClusterClaims>
