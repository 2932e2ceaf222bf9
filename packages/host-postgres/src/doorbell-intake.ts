import type { PendingEntry } from '@parley/host'
import type { NodeContext } from './context.ts'
import { type Doorbell, type Dropped, readDoorbell } from './notifications.ts'
import { entryOf } from './rows.ts'

/** How many nonces of doorbells heard lately are kept to drop a replay. */
const HEARD_LIMIT = 10_000

/**
 * What this node does with the payloads its listener hears on the channel:
 * verifies them, drops replays and forgeries, and tells its host what the
 * other nodes' doorbells say. Counts both for the coordinator's `stats`.
 */
export interface DoorbellIntake {
  /** Verifies and parses a payload; one whose nonce was heard lately is `stale`. */
  read(payload: string | undefined): Doorbell | Dropped
  /** A payload that did not verify: counted, and the first one reported. */
  onDropped(why: Dropped): void
  /** Tells the host what a doorbell of another node says. */
  onDoorbell(bell: Doorbell): Promise<void>
  /** Doorbells acted on. */
  readonly notifications: number
  /** Payloads dropped because they did not verify. */
  readonly dropped: number
}

/**
 * The intake of one node. `load` reads a pending question, for a doorbell
 * whose question was too large to ride along.
 */
export function createDoorbellIntake(
  ctx: NodeContext,
  load: (rpcId: string) => Promise<PendingEntry | undefined>,
): DoorbellIntake {
  let notifications = 0
  let dropped = 0
  let warnedDropped = false
  /** Nonces of the doorbells heard lately: a replay of one is dropped. */
  const heard = new Set<string>()

  function read(payload: string | undefined): Doorbell | Dropped {
    const result = readDoorbell(ctx.keys, payload, Date.now())
    if (typeof result === 'string') return result
    if (heard.has(result.k)) return 'stale'
    heard.add(result.k)
    if (heard.size > HEARD_LIMIT) heard.delete(heard.values().next().value ?? '')
    return result
  }

  function onDropped(why: Dropped): void {
    dropped += 1
    if (warnedDropped) return
    warnedDropped = true
    ctx.report(
      new Error(
        `Dropped a notification on channel ${ctx.channel} that did not verify (${why}): another role ` +
          'or a node with another secret is using it. Later ones are only counted (stats.dropped).',
      ),
      'doorbell',
    )
  }

  async function onDoorbell(bell: Doorbell): Promise<void> {
    const node = ctx.node()
    if (!node || bell.n === ctx.nodeId) return
    notifications += 1
    switch (bell.t) {
      case 'q': {
        const { frameText } = bell
        return node.requested(bell.s, () => (frameText ? shown(bell.id, frameText) : load(bell.id)))
      }
      case 'r':
        // A small answer rides along, sealed, from the claim's own statement;
        // otherwise the node that awaits it reads the claimed row.
        return node.resolved({
          rpcId: bell.id,
          sessionId: bell.s,
          outcome: bell.o,
          reason: bell.w ?? undefined,
          owner: null,
          by: bell.b ?? undefined,
          ...(bell.answer && { settlement: { outcome: 'answered', answer: bell.answer } }),
        })
      case 'a':
        if (bell.prev === ctx.nodeId) node.superseded(bell.id)
        return
      case 'f':
        return node.frame(bell.s, bell.x)
      case 'd':
        return node.deadline({
          rpcId: bell.id,
          sessionId: bell.s,
          deadlineAt: bell.to,
          reason: bell.w,
          owner: bell.own,
        })
    }
  }

  return {
    read,
    onDropped,
    onDoorbell,
    get notifications() {
      return notifications
    },
    get dropped() {
      return dropped
    },
  }
}

/** A question its doorbell carried; its hub still refuses it once it was resolved here. */
async function shown(rpcId: string, frameText: string): Promise<PendingEntry> {
  return entryOf({ rpc_id: rpcId, frame_text: frameText })
}
