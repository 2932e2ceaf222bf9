import type { AskUserQuestionAnswer, AskUserQuestionItem } from '@parley/seam'
import type { DeadlineReason, MuxTransport } from '@parley/seam/wire'
import type { PendingEntry } from './pending-table.ts'
import type { Settlement } from './settlement.ts'

/** The downlink a question was delivered on. */
export interface ShownOn {
  /** The hub's id of the stream (node-local). */
  readonly stream: string
  readonly transport: MuxTransport | undefined
}

/** Who sent a response or an amendment: the principal the route admitted. */
interface Actor {
  readonly principal: unknown
}

/** What a route knows of a settle it asks for: who sent it, and the question it looked up. */
export interface EndContext {
  readonly actor?: Actor | undefined
  readonly entry?: PendingEntry | undefined
}

/** A question's ending, told by the node whose claim won it. */
export interface AskEnding {
  readonly rpcId: string
  readonly sessionId: string
  /** The question, when this node has it (its own, or one it looked up to answer). */
  readonly entry: PendingEntry | undefined
  readonly settlement: Settlement
  /** The principal that answered or cancelled it; absent for timeouts and aborts. */
  readonly actor?: Actor | undefined
  /** `server-gone`: the node that awaited it stopped, and the cluster ended it. */
  readonly reason?: 'server-gone' | undefined
}

/** An accepted change of a standing answer. */
export interface AskAmendment {
  readonly rpcId: string
  readonly sessionId: string
  readonly revision: number
  readonly changed: readonly string[]
  /** The questions the answer answers. */
  readonly questions: readonly AskUserQuestionItem[]
  readonly answer: AskUserQuestionAnswer
  readonly actor: Actor
  /** The client label of the tab that sent it. */
  readonly client: string
  readonly at: number
}

/**
 * What the host tells its observers (the audit trail, the telemetry) as asks
 * live: every method is called in the turn the thing happened and must
 * return at once, never throw into the host (the host guards it anyway).
 */
export interface AskWatch {
  /** A question's frame was delivered to a tab (live or in a replay). */
  shown(rpcId: string, on: ShownOn): void
  /** A pending question's deadline moved on this node. */
  moved(rpcId: string, deadlineAt: number, reason: DeadlineReason): void
  /** A question ended and this node's claim won it. */
  ended(ending: AskEnding): void
  /** An answer was changed. */
  amended(amendment: AskAmendment): void
}

/** One watch that tells each of `watches` in turn, each guarded; `undefined` when there are none. */
export function combineWatches(
  watches: readonly (AskWatch | undefined)[],
  report: (error: unknown, where: string) => void,
): AskWatch | undefined {
  const present = watches.filter((watch): watch is AskWatch => watch !== undefined)
  if (present.length === 0) return undefined
  const tell = (where: string, call: (watch: AskWatch) => void) => {
    for (const watch of present) {
      try {
        call(watch)
      } catch (error) {
        report(error, where)
      }
    }
  }
  return {
    shown: (rpcId, on) => tell('watch.shown', (watch) => watch.shown(rpcId, on)),
    moved: (rpcId, deadlineAt, reason) =>
      tell('watch.moved', (watch) => watch.moved(rpcId, deadlineAt, reason)),
    ended: (ending) => tell('watch.ended', (watch) => watch.ended(ending)),
    amended: (amendment) => tell('watch.amended', (watch) => watch.amended(amendment)),
  }
}
