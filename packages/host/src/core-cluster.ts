import {
  AppFrameSchema,
  type DeadlineReason,
  type ExtendReceipt,
  parseWith,
} from '@parley/seam/wire'
import type { AskWatch } from './ask-watch.ts'
import type { ClusterAsks } from './cluster-asks.ts'
import type { CoordinatedNode, DeadlineMove, QuestionCoordinator } from './coordinator.ts'
import type { Report } from './core-options.ts'
import type { Deadlines } from './deadlines.ts'
import type { StreamHub } from './mux.ts'
import type { PendingEntry, PendingStore } from './pending-table.ts'

/** What the cluster wiring reaches: the hub, the clocks, the local table and the cluster's asks. */
export interface ClusterWiringDeps<P> {
  coordinator: QuestionCoordinator | undefined
  hub: StreamHub<P>
  deadlines: Deadlines
  store: PendingStore
  /** The cluster's ask registry, once it exists (it waits for `joined`, made first). */
  asks(): ClusterAsks | undefined
  watch: AskWatch | undefined
  report: Report
}

/** How the host meets its cluster (or, without a coordinator, stands alone). */
export interface ClusterWiring {
  /** Resolves once the coordinator joined (at once without one). */
  readonly joined: Promise<void>
  /** The pending question `rpcId`: awaited here, shown here lately, or read from the coordinator. */
  lookup(rpcId: string): PendingEntry | undefined | Promise<PendingEntry | undefined>
  /**
   * More time for a pending ask: on one node, its clock decides; in a cluster
   * the coordinator moves it where it is stored (from any node, one move at a
   * time), by the same policy read from the stored question.
   */
  extend(
    rpcId: string,
    sessionId: string,
    reason: DeadlineReason,
  ): Promise<ExtendReceipt | undefined>
}

/**
 * The last `size` questions another node asked that this node's tabs were
 * shown, so an answer POSTed here needs no read of the shared table.
 */
function createEntryCache(size: number) {
  const entries = new Map<string, PendingEntry>()
  return {
    get: (rpcId: string) => entries.get(rpcId),
    remember(entry: PendingEntry): void {
      entries.set(entry.rpcId, entry)
      const oldest = entries.keys().next()
      if (entries.size > size && !oldest.done) entries.delete(oldest.value)
    },
    forget: (rpcId: string) => void entries.delete(rpcId),
  }
}

/** Joins the coordinator's cluster, wiring its events to the hub, the clocks and the asks. */
export function wireCluster<P>(deps: ClusterWiringDeps<P>): ClusterWiring {
  const { coordinator, hub, deadlines, store, watch, report } = deps
  const seen = createEntryCache(1_000)

  /** A deadline moved in the cluster: the node that awaits the ask moves its clock, the others tell their tabs. */
  function followDeadline(move: DeadlineMove): void {
    if (move.owner === coordinator?.nodeId) {
      deadlines.moved(move.rpcId, move.deadlineAt, move.reason)
      return
    }
    const { rpcId, sessionId, deadlineAt, reason } = move
    hub.publish(sessionId, { type: 'question/deadline', rpcId, sessionId, deadlineAt, reason })
  }

  const node: CoordinatedNode = {
    async requested(sessionId, load) {
      if (!hub.watches(sessionId)) return
      const shown = await hub.publishLoaded(sessionId, load)
      if (shown) seen.remember(shown)
    },
    resolved(info) {
      seen.forget(info.rpcId)
      return deps.asks()?.node.resolved(info)
    },
    superseded: (rpcId) => deps.asks()?.node.superseded(rpcId),
    deadline: followDeadline,
    awaited: () => deps.asks()?.node.awaited() ?? [],
    reaped(ended) {
      for (const { entry, outcome, reason } of ended)
        watch?.ended({
          rpcId: entry.rpcId,
          sessionId: entry.sessionId,
          entry,
          settlement: { outcome },
          reason,
        })
    },
    frame(sessionId, text) {
      let data: unknown
      try {
        data = JSON.parse(text)
      } catch {
        return
      }
      const parsed = parseWith(AppFrameSchema, data)
      if (parsed.ok) hub.publish(sessionId, parsed.value, text)
    },
    resync: () => void hub.dropAll(),
    report,
  }

  let joined = Promise.resolve()
  if (coordinator) {
    joined = coordinator.join(node)
    joined.catch((error: unknown) => report(error, 'coordinator.join'))
  }

  return {
    joined,
    // A cached entry only spares the read: the claim itself checks it is still pending.
    lookup: (rpcId) =>
      store.get(rpcId) ?? seen.get(rpcId) ?? (coordinator ? coordinator.get(rpcId) : undefined),
    async extend(rpcId, sessionId, reason) {
      if (!coordinator?.extend) {
        const entry = store.get(rpcId)
        if (!entry || entry.sessionId !== sessionId) return undefined
        return deadlines.extend(rpcId, reason)
      }
      const moved = await coordinator.extend(rpcId, sessionId, reason, (entry, deadlineAt) =>
        deadlines.decide(entry.frame, entry.request, deadlineAt, reason),
      )
      if (moved?.receipt.extended) {
        const { deadlineAt } = moved.receipt
        followDeadline({ rpcId, sessionId, deadlineAt, reason, owner: moved.owner })
      }
      return moved?.receipt
    },
  }
}
