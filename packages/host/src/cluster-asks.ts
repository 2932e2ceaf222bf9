import { UserQuestionError } from '@parley/seam'
import type { AskRegistry } from './ask-registry.ts'
import { createAskTable } from './cluster-ask-table.ts'
import {
  type ClusterDeps,
  createClusterClaims,
  endingOf,
  resolvedFrame,
  SERVER_GONE,
  SUPERSEDED,
} from './cluster-claims.ts'
import { createClusterRegister } from './cluster-register.ts'
import type { CoordinatedNode } from './coordinator.ts'
import { createWaiters, failure, type Waiter } from './waiters.ts'

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
  const storing = createStoring(deps.joined)

  /** Removes the waiter of `rpcId` (and its timer, listener, local entry); returns it. */
  function take(rpcId: string): Waiter | undefined {
    const waiter = table.take(rpcId)
    if (!waiter) return undefined
    waiter.release()
    deps.store.claim(rpcId)
    return waiter
  }

  const { claim, collect, settleEnded } = createClusterClaims({ deps, table, take })

  const register = createClusterRegister({
    deps,
    table,
    take,
    waiters: lifecycle,
    claims: { claim, settleEnded },
    disposed: () => disposed,
  })

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
    // Not one this node is claiming or collecting right now: that turn ends it here, with
    // the answer and who sent it, where a re-check reading the row meanwhile would not.
    awaited: () =>
      table
        .waiters()
        .filter((waiter) => !table.busy(waiter.rpcId))
        .map((waiter) => waiter.rpcId),
  }

  return {
    node,
    ask(request, registered) {
      return new Promise((resolve, reject) => {
        const running = register(request, { resolve, reject }, registered).catch(
          (error: unknown) => {
            reject(
              error instanceof UserQuestionError
                ? error
                : new UserQuestionError('The ask could not be registered.', 'ASK_ABORTED', {
                    cause: error,
                  }),
            )
          },
        )
        storing.track(running)
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
     * agent. This node's promises reject `ASK_ABORTED` either way. An ask
     * still being stored is waited for, then left the same way.
     */
    async dispose() {
      if (disposed) return
      disposed = true
      await storing.done()
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

/**
 * The registrations of a node still being stored. A node that leaves waits
 * for them first, or an ask whose question the other tabs already show
 * would be left out of the leaving. Before the node joined, none got past
 * admission (and joining may never end), so there is nothing to wait for.
 */
function createStoring(joined: Promise<void>) {
  const running = new Set<Promise<void>>()
  let member = false
  joined.then(
    () => {
      member = true
    },
    () => {},
  )
  return {
    track(registration: Promise<void>): void {
      running.add(registration)
      void registration.finally(() => running.delete(registration))
    },
    async done(): Promise<void> {
      if (member) await Promise.all(running)
    },
  }
}

/** The ask registry of a node in a cluster, and how the node hears the rest of it. */
export interface ClusterAsks extends AskRegistry {
  readonly node: Pick<CoordinatedNode, 'resolved' | 'superseded' | 'awaited'>
}
