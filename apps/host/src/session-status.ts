import type { SessionStatus } from '@parley/demo-chat'
import type { PendingEntry, QuestionCoordinator, ResolvedInfo } from '@parley/host'

/**
 * Whether a session waits for an answer (and whether that is a plan review),
 * as its badge shows. `changed` is told whenever a session's status may have
 * changed, so the demo can publish the new summary.
 */
export interface SessionStatusSource {
  /** An ask of `sessionId` started here; `pending` settles when it ends. */
  track(sessionId: string, planReview: boolean, pending: Promise<unknown>): void
  /** The host registered an ask of `sessionId` (its `onRegistered`). */
  registered(sessionId: string): void
  /** The host told its tabs a question ended (its `onResolved`). */
  resolved(info: ResolvedInfo): void
  statusOf(sessionIds: readonly string[]): Promise<Map<string, SessionStatus>>
}

function statusFrom(planReviews: Iterable<boolean>): SessionStatus {
  let status: SessionStatus = 'idle'
  for (const planReview of planReviews) {
    if (planReview) return 'plan-review'
    status = 'waiting-for-answer'
  }
  return status
}

/** One process: the asks this process's tracker saw are all there are. */
export function createLocalStatus(changed: (sessionId: string) => void): SessionStatusSource {
  const asks = new Map<string, Map<symbol, boolean>>()
  return {
    track(sessionId, planReview, pending) {
      const key = Symbol('ask')
      let own = asks.get(sessionId)
      if (!own) {
        own = new Map()
        asks.set(sessionId, own)
      }
      own.set(key, planReview)
      changed(sessionId)
      const done = () => {
        own.delete(key)
        if (own.size === 0 && asks.get(sessionId) === own) asks.delete(sessionId)
        changed(sessionId)
      }
      pending.then(done, done)
    },
    registered() {},
    resolved() {},
    async statusOf(sessionIds) {
      return new Map(sessionIds.map((id) => [id, statusFrom(asks.get(id)?.values() ?? [])]))
    },
  }
}

const isPlanReview = (entry: PendingEntry) =>
  entry.request.questions.some((question) => question.intent?.kind === 'plan-review')

/**
 * A cluster: the coordinator's pending questions are the truth, wherever
 * they were asked (and a dead node's are reaped there). A session's status
 * changes once its ask is registered (not before: the snapshot would not
 * show it yet) and once it settled.
 */
export function createClusterStatus(
  coordinator: Pick<QuestionCoordinator, 'snapshot'>,
  changed: (sessionId: string) => void,
): SessionStatusSource {
  return {
    track(sessionId, _planReview, pending) {
      const done = () => changed(sessionId)
      pending.then(done, done)
    },
    registered: changed,
    // A dead node's questions are reaped where no agent's promise settles: every survivor says so.
    resolved(info) {
      if (info.reason === 'server-gone') changed(info.sessionId)
    },
    async statusOf(sessionIds) {
      const wanted = new Set(sessionIds)
      const entries = await coordinator.snapshot((id) => wanted.has(id), wanted)
      const found = new Map<string, boolean[]>()
      for (const entry of entries) {
        const list = found.get(entry.sessionId) ?? []
        list.push(isPlanReview(entry))
        found.set(entry.sessionId, list)
      }
      return new Map(sessionIds.map((id) => [id, statusFrom(found.get(id) ?? [])]))
    },
  }
}
