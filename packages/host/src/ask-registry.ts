import type { AskUserQuestionAnswer, AskUserQuestionRequest } from '@parley/seam'
import type { DownlinkFrame } from '@parley/seam/wire'
import type { AskWatch, EndContext } from './ask-watch.ts'
import type { Deadlines } from './deadlines.ts'
import type { PendingEntry, PendingStore } from './pending-table.ts'
import type { Settlement } from './settlement.ts'
import type { RegisteredInfo } from './types.ts'

/** What an ask registry needs from the host around it. */
export interface AskDeps {
  store: PendingStore
  hub: { publish(sessionId: string, frame: DownlinkFrame, text?: string): void }
  deadlines: Pick<Deadlines, 'start' | 'armedAt' | 'rearm'>
  now(): number
  mintRpcId(): string
  sessionOf?: ((request: AskUserQuestionRequest) => string | undefined) | undefined
  onRegistered?: ((info: RegisteredInfo) => void) | undefined
  limits: AskLimits
  /** Hears each ending this node's claim won (the audit trail, the telemetry). */
  watch?: AskWatch | undefined
  report(error: unknown, where: string): void
}

/** The bounds an ask is checked against before anything is shown. */
export interface AskLimits {
  maxPendingPerSession: number
  maxPending: number
  maxQuestionBytes: number
}

/**
 * Where a host's asks live and end: the in-memory registry of one process
 * (`asks.ts`) or the registry of a node in a cluster (`cluster-asks.ts`).
 * Both keep each agent's wait the same way (`waiters.ts`): registered,
 * settled exactly once by an answer, a cancel, its deadline, its signal or
 * the host going away, and released.
 */
export interface AskRegistry {
  /**
   * The `UserQuestionProvider.ask` of the host: registers the question,
   * shows it to the session's tabs and resolves with the answer that wins.
   * `registered` sees the entry once it is stored, before any tab does.
   */
  ask(
    request: AskUserQuestionRequest,
    registered?: (entry: PendingEntry) => void,
  ): Promise<AskUserQuestionAnswer>
  /**
   * Claims `rpcId` and, when the claim wins, tells the tabs and settles the
   * agent awaiting it. True when the question was pending (or `responseId`
   * had already won it). The in-memory registry answers in the same turn.
   */
  settle(
    rpcId: string,
    settlement: Settlement,
    responseId?: string,
    context?: EndContext,
  ): boolean | Promise<boolean>
  /** Settles every pending ask of `sessionId` awaited here `aborted`; returns how many. */
  abortSession(sessionId: string, cause?: unknown): number
  /** Settles (or, in a cluster, lets go of) every ask awaited here and refuses new ones. */
  dispose(): Promise<void>
}

/** The registry of one process: its claims settle in the turn they are made. */
export interface LocalAskRegistry extends AskRegistry {
  settle(rpcId: string, settlement: Settlement, responseId?: string, context?: EndContext): boolean
}
