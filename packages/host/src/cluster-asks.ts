import { type AskUserQuestionRequest, UserQuestionError } from '@parley/seam'
import type { QuestionEndedBy, QuestionOutcome } from '@parley/seam/wire'
import type { AskDeps, AskRegistry } from './ask-registry.ts'
import type { EndContext } from './ask-watch.ts'
import { admitAsk, type Settlement, tellRegistered } from './asks.ts'
import { createAskTable, type EarlyEnding } from './cluster-ask-table.ts'
import type { CoordinatedNode, CoordinatedSettlement, QuestionCoordinator } from './coordinator.ts'
import type { PendingEntry } from './pending-table.ts'
import {
  type AskSettle,
  createWaiters,
  failure,
  settleAsk,
  type Waiter,
  type WaiterEnding,
} from './waiters.ts'

interface ClusterDeps extends AskDeps {
  coordinator: QuestionCoordinator
  /** Resolves once the coordinator joined; every ask waits for it. */
  joined: Promise<void>
}

/** Why a cluster ask ended without an answer, for `cause`. */
export const SERVER_GONE = 'server-gone'
const SUPERSEDED = 'superseded: the same resumeKey was asked again and now waits elsewhere'

function toCoordinated(settlement: Settlement): CoordinatedSettlement {
  if (settlement.outcome === 'answered') return settlement
  return settlement.deadlineAt === undefined
    ? { outcome: settlement.outcome, reason: undefined }
    : { outcome: settlement.outcome, reason: undefined, deadlineAt: settlement.deadlineAt }
}

/** How an agent's wait ends with a settlement as the coordinator keeps it. */
function endingOf(settlement: CoordinatedSettlement): WaiterEnding {
  if (settlement.outcome === 'answered') return settlement
  return { outcome: settlement.outcome, cause: settlement.reason }
}

/**
 * The ask registry of a host in a cluster: the coordinator holds the truth
 * (the pending question, its claim); this node holds only the promises its
 * agents await, the timers and abort listeners of those asks, and a local
 * copy of the entries it owns (for `host.pending()`). Where each question
 * stands here is one record in `table` (`cluster-ask-table.ts`): registering,
 * ended early, awaited, or only claimed or read from here.
 */
export function createClusterAsks(deps: ClusterDeps): ClusterAsks {
  const { coordinator } = deps
  const table = createAskTable()
  const lifecycle = createWaiters(deps)
  let disposed = false

  /** Removes the waiter of `rpcId` (and its timer, listener, local entry); returns it. */
  function take(rpcId: string): Waiter | undefined {
    const waiter = table.take(rpcId)
    if (!waiter) return undefined
    waiter.release()
    deps.store.claim(rpcId)
    return waiter
  }

  /** The tabs' `question/resolved`; with the answer that counted when it is at hand. */
  function resolvedFrame(
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

  /** Starts waiting for `entry` on this node: abort listener, timer, local copy. */
  function await_(
    entry: PendingEntry,
    request: AskUserQuestionRequest,
    deadlineAt: number | undefined,
    settle: AskSettle,
  ): void {
    const { rpcId, sessionId } = entry
    // One reading of the clock: two could tick apart and put the deadline a millisecond early.
    const now = deps.now()
    if (!deps.store.get(rpcId)) deps.store.add(entry)
    lifecycle.start(
      {
        rpcId,
        sessionId,
        request,
        settle,
        // A re-attached ask keeps the deadline it was asked with.
        deadline:
          deadlineAt === undefined ? undefined : { requestedAt: now, timeoutMs: deadlineAt - now },
        onAbort: () => void claim(rpcId, { outcome: 'aborted', cause: request.signal?.reason }),
        onDue: () =>
          void claim(rpcId, { outcome: 'timed-out', deadlineAt: deps.deadlines.armedAt(rpcId) }),
      },
      (waiter) => table.awaiting(waiter),
    )
  }

  async function register(
    request: AskUserQuestionRequest,
    settle: AskSettle,
    registered?: (entry: PendingEntry) => void,
  ): Promise<void> {
    await deps.joined
    const prepared = admitAsk(deps, lifecycle, request, disposed)
    if (prepared instanceof UserQuestionError) throw prepared
    const { sessionId, frame, frameText, entry } = prepared
    const deadlineAt =
      request.timeoutMs === undefined ? undefined : frame.requestedAt + request.timeoutMs
    table.registering(entry.rpcId)
    let found: Awaited<ReturnType<QuestionCoordinator['register']>>
    try {
      found = await coordinator.register({ ...entry, resumeKey: request.resumeKey, deadlineAt })
    } catch (error) {
      table.registered(entry.rpcId, entry.rpcId)
      throw error
    }
    const awaitedId = found.kind === 'attached' ? found.entry.rpcId : entry.rpcId
    const ended = table.registered(entry.rpcId, awaitedId)
    if (found.kind === 'settled') return settleAsk(settle, endingOf(found.settlement))
    if (found.kind === 'attached') {
      // An older attachment on this node (the agent asked again) gives way.
      take(found.entry.rpcId)?.settle(
        new UserQuestionError('The ask was asked again.', 'ASK_ABORTED', { cause: SUPERSEDED }),
      )
      registered?.(found.entry)
      await_(found.entry, request, found.deadlineAt, settle)
      if (ended !== undefined) settleEnded(awaitedId, ended)
      return
    }
    registered?.(entry)
    await_(entry, request, deadlineAt, settle)
    tellRegistered(deps, entry)
    // Ended already: the tabs got its question/resolved, and no card may follow it.
    if (ended !== undefined) settleEnded(entry.rpcId, ended)
    else if (table.waiterOf(entry.rpcId)) deps.hub.publish(sessionId, frame, frameText)
  }

  /** Settles a question that ended while it was registered: as this node won it, or as stored. */
  function settleEnded(rpcId: string, ended: EarlyEnding): void {
    if (ended === null) collect(rpcId).catch((error: unknown) => deps.report(error, 'collect'))
    else take(rpcId)?.settle(endingOf(ended))
  }

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

  /** How this host hears the rest of the cluster. */
  const node: ClusterAsks['node'] = {
    async resolved({ rpcId, sessionId, outcome, reason, settlement: carried, by }) {
      // A small answer rides in the doorbell: the tabs here show it too. A large one does not.
      deps.hub.publish(sessionId, resolvedFrame(rpcId, sessionId, outcome, reason, by, carried))
      const awaiting = table.waiterOf(rpcId)
      // Ended before this node awaits it (its register is still returning): kept for then.
      if (!awaiting) table.endedEarly(rpcId, null)
      else if (carried && awaiting.resumeKey === undefined) {
        // A plain ask whose ending came along settles now; a durable wait is
        // delivered through the coordinator, exactly once.
        take(rpcId)?.settle(endingOf(carried))
        return
      }
      await collect(rpcId)
    },
    superseded(rpcId) {
      take(rpcId)?.settle(
        new UserQuestionError('The ask was asked again on another node.', 'ASK_ABORTED', {
          cause: SUPERSEDED,
        }),
      )
    },
    awaited: () => table.waiters().map((waiter) => waiter.rpcId),
  }

  return {
    node,
    ask(request, registered) {
      return new Promise((resolve, reject) => {
        register(request, { resolve, reject }, registered).catch((error: unknown) => {
          reject(
            error instanceof UserQuestionError
              ? error
              : new UserQuestionError('The ask could not be registered.', 'ASK_ABORTED', {
                  cause: error,
                }),
          )
        })
      })
    },
    settle: claim,
    /** Settles every pending ask of `sessionId` this node awaits `aborted`; returns how many. */
    abortSession(sessionId, cause) {
      let settling = 0
      for (const waiter of table.waiters()) {
        if (waiter.sessionId !== sessionId) continue
        settling += 1
        claim(waiter.rpcId, { outcome: 'aborted', cause }).catch(() => {})
      }
      return settling
    },
    /**
     * Leaves the cluster: plain asks are settled `aborted` for every tab;
     * durable ones (with a `resumeKey`) stay pending for a re-attaching
     * agent. This node's promises reject `ASK_ABORTED` either way.
     */
    async dispose() {
      if (disposed) return
      disposed = true
      const durable: string[] = []
      const claims: Promise<unknown>[] = []
      for (const { rpcId, resumeKey } of table.waiters()) {
        if (resumeKey !== undefined) {
          durable.push(rpcId)
          take(rpcId)?.settle(failure('aborted', SERVER_GONE))
        } else claims.push(claim(rpcId, { outcome: 'aborted' }).catch(() => {}))
      }
      await Promise.all(claims)
      for (const { rpcId } of table.waiters()) take(rpcId)?.settle(failure('aborted'))
      await coordinator.leave(durable)
    },
  }
}

/** The ask registry of a node in a cluster, and how the node hears the rest of it. */
export interface ClusterAsks extends AskRegistry {
  readonly node: Pick<CoordinatedNode, 'resolved' | 'superseded' | 'awaited'>
}
