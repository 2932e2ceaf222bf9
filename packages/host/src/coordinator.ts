import type { AskUserQuestionAnswer } from '@parley/seam'
import type {
  DeadlineReason,
  ExtendReceipt,
  QuestionEndedBy,
  QuestionOutcome,
} from '@parley/seam/wire'
import type { PendingEntry } from './pending-table.ts'

/** How a question ended, as a coordinator records and reports it. */
export type CoordinatedSettlement =
  | { outcome: 'answered'; answer: AskUserQuestionAnswer }
  | {
      outcome: Exclude<QuestionOutcome, 'answered'>
      reason?: 'server-gone' | undefined
      /**
       * For `timed-out`: the deadline that passed. The claim is refused when
       * the stored deadline moved past it (an extension this node had not
       * heard of yet).
       */
      deadlineAt?: number | undefined
    }

/** A question as a coordinator registers it: the pending entry plus who awaits it. */
export interface CoordinatedEntry extends PendingEntry {
  /** The key of a durable wait (`request.resumeKey`), unique per session. */
  readonly resumeKey?: string | undefined
  /** When the ask times out (ms since the epoch), if it has a `timeoutMs`. */
  readonly deadlineAt?: number | undefined
}

/** What registering an ask found. */
export type RegisterOutcome =
  /** A new pending question: this node publishes it and awaits it. */
  | { kind: 'created' }
  /** A question with the same `resumeKey` is pending: this node now awaits it instead. */
  | { kind: 'attached'; entry: PendingEntry; deadlineAt?: number | undefined }
  /** A question with the same `resumeKey` ended while no agent awaited it; delivered here, once. */
  | { kind: 'settled'; rpcId: string; settlement: CoordinatedSettlement }

/**
 * What a claim did: this claim won (the question's session is named), another
 * won first (or it was never pending), or this same response had already won.
 */
export type ClaimOutcome =
  | { status: 'won'; sessionId: string }
  | { status: 'lost' }
  | { status: 'repeat' }

/** A pending question's deadline, moved: where to, why, and which node awaits the question. */
export interface DeadlineMove {
  rpcId: string
  sessionId: string
  deadlineAt: number
  reason: DeadlineReason
  owner: string | null
}

/** How a coordinator reaches the host it serves (one per node). */
export interface CoordinatedNode {
  /**
   * A question registered on another node. `load` reads it; call it only when
   * a local stream may see `sessionId`. Calls arrive in commit order.
   */
  requested(sessionId: string, load: () => Promise<PendingEntry | undefined>): Promise<void>
  /**
   * A question ended on another node (or was reaped); `owner` is the node
   * that awaits it. `settlement` comes along when the coordinator already has
   * it (a small answer of a question without a `resumeKey`): the owner then
   * settles without reading it back.
   */
  resolved(info: {
    rpcId: string
    sessionId: string
    outcome: QuestionOutcome
    reason?: 'server-gone' | undefined
    owner: string | null
    settlement?: CoordinatedSettlement | undefined
    /** The tab that ended it, for the others to say so. */
    by?: QuestionEndedBy | undefined
  }): Promise<void> | void
  /** Another node now awaits this node's question (a re-attached agent). */
  superseded(rpcId: string): void
  /** Another node moved a pending question's deadline (a tab asked for more time there). */
  deadline(info: DeadlineMove): void
  /** An application frame another node broadcast (its JSON). */
  frame(sessionId: string, text: string): void
  /** Notifications may have been missed (the listener reconnected): drop local streams so clients replay. */
  resync(): void
  /**
   * The rpcIds this node's agents await, but those it is claiming or
   * collecting at this moment: for the periodic re-check, which calls it
   * again before it reports what it found.
   */
  awaited(): readonly string[]
  /**
   * Questions this node's coordinator ended because the node awaiting them
   * stopped (`server-gone`) or, ownerless, their deadline passed: told to the
   * one node that ended them, for its audit log. Optional for a coordinator.
   */
  reaped?(ended: readonly ReapedQuestion[]): void
  /** Reports an error the coordinator recovered from. */
  report(error: unknown, where: string): void
}

/** A question a coordinator's reaper ended. */
export interface ReapedQuestion {
  readonly entry: PendingEntry
  readonly outcome: 'aborted' | 'timed-out'
  readonly reason?: 'server-gone' | undefined
}

/**
 * The shared source of truth of a multi-node host: where pending questions
 * live, where the first valid answer is claimed, and how the other nodes
 * hear about it. `@parley/host-postgres` implements it; without one the host
 * is the in-memory, single-process one. Every method may be called
 * concurrently from many requests of the same node.
 */
export interface QuestionCoordinator {
  /** This node's id, unique in the cluster. */
  readonly nodeId: string
  /** Starts listening and heartbeating; called once by the host it is given to. */
  join(node: CoordinatedNode): Promise<void>
  /** Durably registers a pending question owned by this node (or attaches by `resumeKey`). */
  register(entry: CoordinatedEntry): Promise<RegisterOutcome>
  /** A pending question by rpcId; `undefined` when it is not pending (anywhere). */
  get(rpcId: string): Promise<PendingEntry | undefined>
  /**
   * Settles `rpcId` if it is still pending, in one statement, and tells every
   * node. `responseId` makes a retried respond idempotent.
   */
  claim(
    rpcId: string,
    settlement: CoordinatedSettlement,
    responseId?: string,
    /** The tab that ended it (answers and cancels), for the other nodes' tabs. */
    by?: QuestionEndedBy,
  ): Promise<ClaimOutcome>
  /** Did the response `responseId` already win `rpcId` of `sessionId`? (a retried POST) */
  repeated(rpcId: string, sessionId: string, responseId: string): Promise<boolean>
  /**
   * Reads how `rpcId` ended, for the node that awaits it, and marks the
   * result delivered; `undefined` when it is still pending or was delivered
   * to another attachment.
   */
  collect(rpcId: string): Promise<CoordinatedSettlement | undefined>
  /** The pending questions of the sessions `includes` admits (`sessions` when named), oldest first. */
  snapshot(
    includes: (sessionId: string) => boolean,
    sessions: ReadonlySet<string> | null,
  ): Promise<readonly PendingEntry[]>
  /**
   * Moves the deadline of pending question `rpcId` of `sessionId`, wherever
   * it is awaited, one move at a time: `decide` sees the question as stored
   * and its deadline now, and gives the receipt; an extension is stored and
   * every other node hears it (`CoordinatedNode.deadline`). `undefined` when
   * the question is not pending. Without this method an extend reaches only
   * the asks of the node it lands on.
   */
  extend?(
    rpcId: string,
    sessionId: string,
    reason: DeadlineReason,
    decide: (entry: PendingEntry, deadlineAt: number) => ExtendReceipt,
  ): Promise<{ receipt: ExtendReceipt; owner: string | null } | undefined>
  /** Relays an application frame (its JSON) to the other nodes' streams, best effort. */
  broadcast(sessionId: string, text: string): void
  /**
   * Leaves the cluster: stops listening and heartbeating. `release` lists the
   * durable questions this node awaited; they stay pending for a re-attaching agent.
   */
  leave(release: readonly string[]): Promise<void>
}
