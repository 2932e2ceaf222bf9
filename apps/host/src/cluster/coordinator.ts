import type { Pool } from 'pg'
import type { Coordinator } from '../session-status.ts'

/**
 * The cluster's `QuestionCoordinator`: `@parley/host-postgres` on the same
 * pool as the demo's own tables (it migrates its own `parley_` tables when
 * the host joins).
 */
export function createCoordinator(_pool: Pool, _nodeId: string): Coordinator {
  throw new Error(
    'Cluster mode needs @parley/host-postgres, which this checkout does not have yet.',
  )
}

/**
 * The coordinator as the host gets it, plus a promise of its `join()`: the
 * node serves no request before it joined (the session badges read the
 * coordinator's tables, which `join()` creates).
 */
export function trackJoin(coordinator: Coordinator): {
  coordinator: Coordinator
  joined: Promise<void>
} {
  let joined!: (done: Promise<void>) => void
  const join = new Promise<void>((resolve, reject) => {
    joined = (done) => done.then(resolve, reject)
  })
  const tracked: Coordinator = {
    get nodeId() {
      return coordinator.nodeId
    },
    join(node) {
      const done = coordinator.join(node)
      joined(done)
      return done
    },
    register: (entry) => coordinator.register(entry),
    get: (rpcId) => coordinator.get(rpcId),
    claim: (rpcId, settlement, responseId) => coordinator.claim(rpcId, settlement, responseId),
    repeated: (rpcId, sessionId, responseId) => coordinator.repeated(rpcId, sessionId, responseId),
    collect: (rpcId) => coordinator.collect(rpcId),
    snapshot: (includes, sessions) => coordinator.snapshot(includes, sessions),
    broadcast: (sessionId, text) => coordinator.broadcast(sessionId, text),
    leave: (release) => coordinator.leave(release),
  }
  return { coordinator: tracked, joined: join }
}
