import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  UserQuestionError,
} from '@parley/seam'
import type { QuestionEndedBy, QuestionOutcome } from '@parley/seam/wire'
import type { EndContext } from './ask-watch.ts'
import { type AskDeps, askLimits, failure, prepareAsk, type Settlement } from './asks.ts'
import type { CoordinatedNode, CoordinatedSettlement, QuestionCoordinator } from './coordinator.ts'
import type { PendingEntry } from './pending-table.ts'

interface ClusterDeps extends AskDeps {
  coordinator: QuestionCoordinator
  /** Resolves once the coordinator joined; every ask waits for it. */
  joined: Promise<void>
}

interface Waiter {
  readonly sessionId: string
  readonly resumeKey: string | undefined
  resolve(answer: AskUserQuestionAnswer): void
  reject(error: UserQuestionError): void
  cleanup(): void
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

/**
 * The ask registry of a host in a cluster: the coordinator holds the truth
 * (the pending question, its claim); this node holds only the promises its
 * agents await, the timers and abort listeners of those asks, and a local
 * copy of the entries it owns (for `host.pending()`).
 */
export function createClusterAsks(deps: ClusterDeps) {
  const { coordinator } = deps
  const waiters = new Map<string, Waiter>()
  const { count, overLimit } = askLimits(deps.limits, () => waiters.size)
  /**
   * rpcId → claims and reads of this node in flight for it. A read that finds
   * the question already delivered means "delivered elsewhere" only when no
   * other path of this node may have delivered it, so they take turns.
   */
  const busy = new Map<string, number>()
  /**
   * Registrations in flight, and the questions that ended meanwhile: the
   * settlement this node's claim won, or `null` when another node's was
   * heard. The cluster sees a question once it is stored, before this node
   * awaits it, so an answer may come first.
   */
  let registering = 0
  const endedWhileRegistering = new Map<string, CoordinatedSettlement | null>()
  let disposed = false

  function enter(rpcId: string): void {
    busy.set(rpcId, (busy.get(rpcId) ?? 0) + 1)
  }

  function exit(rpcId: string): void {
    const left = (busy.get(rpcId) ?? 1) - 1
    if (left > 0) busy.set(rpcId, left)
    else busy.delete(rpcId)
  }

  /** Removes the waiter of `rpcId` (and its timer, listener, local entry); returns it. */
  function take(rpcId: string): Waiter | undefined {
    const waiter = waiters.get(rpcId)
    if (!waiter) return undefined
    waiters.delete(rpcId)
    count(waiter.sessionId, -1)
    waiter.cleanup()
    deps.store.claim(rpcId)
    return waiter
  }

  function finish(waiter: Waiter, settlement: CoordinatedSettlement): void {
    if (settlement.outcome === 'answered') waiter.resolve(settlement.answer)
    else waiter.reject(failure(settlement.outcome, settlement.reason))
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
    settle: Pick<Waiter, 'resolve' | 'reject'>,
  ): void {
    const { rpcId, sessionId } = entry
    const { signal } = request
    const onAbort = () => void claim(rpcId, { outcome: 'aborted', cause: signal?.reason })
    signal?.addEventListener('abort', onAbort, { once: true })
    // One reading of the clock: two could tick apart and put the deadline a millisecond early.
    const now = deps.now()
    const cancelTimer =
      deadlineAt === undefined
        ? undefined
        : deps.deadlines.start(
            // A re-attached ask keeps the deadline it was asked with.
            { rpcId, sessionId, request, requestedAt: now, timeoutMs: deadlineAt - now },
            () =>
              void claim(rpcId, {
                outcome: 'timed-out',
                deadlineAt: deps.deadlines.armedAt(rpcId),
              }),
          )
    count(sessionId, 1)
    if (!deps.store.get(rpcId)) deps.store.add(entry)
    waiters.set(rpcId, {
      ...settle,
      sessionId,
      resumeKey: request.resumeKey,
      cleanup() {
        signal?.removeEventListener('abort', onAbort)
        cancelTimer?.()
      },
    })
    if (signal?.aborted) onAbort()
  }

  async function register(
    request: AskUserQuestionRequest,
    settle: Pick<Waiter, 'resolve' | 'reject'>,
    registered?: (entry: PendingEntry) => void,
  ): Promise<void> {
    await deps.joined
    if (disposed) throw new UserQuestionError('The question host is disposed.', 'ASK_ABORTED')
    const prepared = prepareAsk(deps, request)
    if (prepared instanceof UserQuestionError) throw prepared
    const { sessionId, frame, frameText } = prepared
    const limited = overLimit(sessionId, frameText)
    if (limited) throw limited
    const entry: PendingEntry = {
      rpcId: frame.rpcId,
      sessionId,
      frame,
      frameText,
      request: { ...request, questions: frame.questions },
    }
    const deadlineAt =
      request.timeoutMs === undefined ? undefined : frame.requestedAt + request.timeoutMs
    registering += 1
    let found: Awaited<ReturnType<QuestionCoordinator['register']>>
    try {
      found = await coordinator.register({ ...entry, resumeKey: request.resumeKey, deadlineAt })
    } finally {
      registering -= 1
    }
    const awaitedId = found.kind === 'attached' ? found.entry.rpcId : entry.rpcId
    const ended = endedWhileRegistering.get(awaitedId)
    endedWhileRegistering.delete(awaitedId)
    if (registering === 0) endedWhileRegistering.clear()
    if (found.kind === 'settled') {
      const { settlement } = found
      if (settlement.outcome === 'answered') settle.resolve(settlement.answer)
      else settle.reject(failure(settlement.outcome, settlement.reason))
      return
    }
    if (found.kind === 'attached') {
      // An older attachment on this node (the agent asked again) gives way.
      take(found.entry.rpcId)?.reject(
        new UserQuestionError('The ask was asked again.', 'ASK_ABORTED', { cause: SUPERSEDED }),
      )
      registered?.(found.entry)
      await_(found.entry, request, found.deadlineAt, settle)
      if (ended !== undefined) settleEnded(awaitedId, ended)
      return
    }
    registered?.(entry)
    await_(entry, request, deadlineAt, settle)
    try {
      deps.onRegistered?.({ rpcId: entry.rpcId, sessionId, request })
    } catch (error) {
      deps.report(error, 'onRegistered')
    }
    // Ended already: the tabs got its question/resolved, and no card may follow it.
    if (ended !== undefined) settleEnded(entry.rpcId, ended)
    else if (waiters.has(entry.rpcId)) deps.hub.publish(sessionId, frame, frameText)
  }

  /** Settles a question that ended while it was registered: as this node won it, or as stored. */
  function settleEnded(rpcId: string, ended: CoordinatedSettlement | null): void {
    if (ended === null) collect(rpcId).catch((error: unknown) => deps.report(error, 'collect'))
    else {
      const waiter = take(rpcId)
      if (waiter) finish(waiter, ended)
    }
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
    enter(rpcId)
    try {
      outcome = await coordinator.claim(rpcId, coordinated, responseId, settlement.by)
    } catch (error) {
      deps.report(error, 'claim')
      throw error
    } finally {
      exit(rpcId)
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
    const waiter = waiters.get(rpcId)
    if (!waiter && registering > 0) endedWhileRegistering.set(rpcId, coordinated)
    if (waiter) {
      take(rpcId)
      if (settlement.outcome === 'answered') waiter.resolve(settlement.answer)
      else waiter.reject(failure(settlement.outcome, settlement.cause))
    }
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
    if (waiters.has(rpcId)) deps.deadlines.rearm(rpcId, deadlineAt)
  }

  /**
   * Reads how an awaited question ended and settles its waiter, unless a claim
   * or a read of this node is already at it (a doorbell and the re-check can
   * both report one ending).
   */
  async function collect(rpcId: string): Promise<void> {
    if (!waiters.has(rpcId) || busy.has(rpcId)) return
    let settlement: CoordinatedSettlement | undefined
    enter(rpcId)
    try {
      settlement = await coordinator.collect(rpcId)
    } finally {
      exit(rpcId)
    }
    const waiter = take(rpcId)
    if (!waiter) return
    if (settlement) finish(waiter, settlement)
    else
      waiter.reject(
        new UserQuestionError('The ask now waits elsewhere.', 'ASK_ABORTED', {
          cause: SUPERSEDED,
        }),
      )
  }

  /** How this host hears the rest of the cluster. */
  const node: Omit<CoordinatedNode, 'frame' | 'resync' | 'requested' | 'report' | 'deadline'> = {
    async resolved({ rpcId, sessionId, outcome, reason, settlement: carried, by }) {
      // A small answer rides in the doorbell: the tabs here show it too. A large one does not.
      deps.hub.publish(sessionId, resolvedFrame(rpcId, sessionId, outcome, reason, by, carried))
      const awaiting = waiters.get(rpcId)
      if (!awaiting) {
        // Ended before this node awaits it (its register is still returning): kept for then.
        if (registering > 0 && !endedWhileRegistering.has(rpcId))
          endedWhileRegistering.set(rpcId, null)
      } else if (carried && awaiting.resumeKey === undefined) {
        // A plain ask whose ending came along settles now; a durable wait is
        // delivered through the coordinator, exactly once.
        const waiter = take(rpcId)
        if (waiter) finish(waiter, carried)
        return
      }
      await collect(rpcId)
    },
    superseded(rpcId) {
      take(rpcId)?.reject(
        new UserQuestionError('The ask was asked again on another node.', 'ASK_ABORTED', {
          cause: SUPERSEDED,
        }),
      )
    },
    awaited: () => [...waiters.keys()],
  }

  return {
    node,
    ask(
      request: AskUserQuestionRequest,
      registered?: (entry: PendingEntry) => void,
    ): Promise<AskUserQuestionAnswer> {
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
    abortSession(sessionId: string, cause?: unknown): number {
      let settling = 0
      for (const [rpcId, waiter] of [...waiters]) {
        if (waiter.sessionId !== sessionId) continue
        settling += 1
        claim(rpcId, { outcome: 'aborted', cause }).catch(() => {})
      }
      return settling
    },
    /**
     * Leaves the cluster: plain asks are settled `aborted` for every tab;
     * durable ones (with a `resumeKey`) stay pending for a re-attaching
     * agent. This node's promises reject `ASK_ABORTED` either way.
     */
    async dispose(): Promise<void> {
      if (disposed) return
      disposed = true
      const durable: string[] = []
      const claims: Promise<unknown>[] = []
      for (const [rpcId, waiter] of [...waiters]) {
        if (waiter.resumeKey !== undefined) {
          durable.push(rpcId)
          take(rpcId)?.reject(failure('aborted', SERVER_GONE))
        } else claims.push(claim(rpcId, { outcome: 'aborted' }).catch(() => {}))
      }
      await Promise.all(claims)
      for (const rpcId of [...waiters.keys()]) take(rpcId)?.reject(failure('aborted'))
      await coordinator.leave(durable)
    },
  }
}

export type ClusterAsks = ReturnType<typeof createClusterAsks>
