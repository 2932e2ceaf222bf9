import { type AskUserQuestionRequest, UserQuestionError } from '@parley/seam'
import { admitAsk, tellRegistered } from './asks.ts'
import type { ClaimContext, ClusterClaims } from './cluster-claims.ts'
import { endingOf, SUPERSEDED } from './cluster-claims.ts'
import type { QuestionCoordinator } from './coordinator.ts'
import type { PendingEntry } from './pending-table.ts'
import { type AskSettle, settleAsk, type Waiters } from './waiters.ts'

/** What a node's registration of its asks works with: the claims' context, the waiters, its claims. */
export interface RegisterContext extends ClaimContext {
  readonly waiters: Waiters
  readonly claims: Pick<ClusterClaims, 'claim' | 'settleEnded'>
  disposed(): boolean
}

/**
 * How a node of a cluster registers an ask: stored in the coordinator first
 * (or attached to the pending question of its `resumeKey`, or handed the
 * ending that question had meanwhile), then awaited here; an ending heard
 * while it was being stored settles it at once, and no card follows it.
 */
export function createClusterRegister(context: RegisterContext) {
  const { deps, table, take, waiters } = context
  const { coordinator } = deps
  const { claim, settleEnded } = context.claims

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
    waiters.start(
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
    const prepared = admitAsk(deps, waiters, request, context.disposed())
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

  return register
}
