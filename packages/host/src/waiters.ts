import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  UserQuestionError,
  type UserQuestionErrorCode,
} from '@parley/seam'
import type { QuestionOutcome } from '@parley/seam/wire'
import type { AskLimits } from './ask-registry.ts'
import type { Deadlines } from './deadlines.ts'

/** The agent's side of an ask: the settle functions of the promise it awaits. */
export interface AskSettle {
  resolve(answer: AskUserQuestionAnswer): void
  reject(error: UserQuestionError): void
}

/** How an agent's wait ends: an answer, an outcome it rejects with (and why), or an error. */
export type WaiterEnding =
  | { outcome: 'answered'; answer: AskUserQuestionAnswer }
  | { outcome: Exclude<QuestionOutcome, 'answered'>; cause?: unknown }
  | UserQuestionError

const FAILURES: Record<Exclude<QuestionOutcome, 'answered'>, [UserQuestionErrorCode, string]> = {
  cancelled: ['ASK_CANCELLED', 'The user cancelled the question.'],
  aborted: ['ASK_ABORTED', 'The ask was aborted.'],
  'timed-out': ['ASK_TIMED_OUT', 'Nobody answered the question in time.'],
}

/** The rejection of an ask that ended with `outcome`. */
export function failure(
  outcome: Exclude<QuestionOutcome, 'answered'>,
  cause?: unknown,
): UserQuestionError {
  const [code, message] = FAILURES[outcome]
  return new UserQuestionError(message, code, { cause })
}

/** Settles `settle` with `ending`: resolves with an answer, rejects otherwise. */
export function settleAsk(settle: AskSettle, ending: WaiterEnding): void {
  if (ending instanceof UserQuestionError) settle.reject(ending)
  else if (ending.outcome === 'answered') settle.resolve(ending.answer)
  else settle.reject(failure(ending.outcome, ending.cause))
}

/** One agent's wait for one question on this node. */
export interface Waiter {
  readonly rpcId: string
  readonly sessionId: string
  /** The key of a durable wait (`request.resumeKey`). */
  readonly resumeKey: string | undefined
  /** Stops its clock and abort listener and frees its slot; false when it was released already. */
  release(): boolean
  /** Releases it and settles the agent's promise with `ending`; false when it was settled already. */
  settle(ending: WaiterEnding): boolean
}

/** A wait to start: the question, the agent's promise, and what its clock and signal call. */
export interface WaiterStart {
  rpcId: string
  sessionId: string
  request: AskUserQuestionRequest
  settle: AskSettle
  /** When its clock starts and how long it runs; none without a `timeoutMs`. */
  deadline?: { requestedAt: number; timeoutMs: number } | undefined
  /** The request's signal aborted (called at once when it already had). */
  onAbort(): void
  /** The deadline passed. */
  onDue(): void
}

const UTF8 = new TextEncoder()

/**
 * The waiter lifecycle both ask registries share: a wait is started (its
 * abort listener and clock armed, its slot counted against the limits),
 * released once (listener, clock and slot let go) and settled once. Who
 * holds the waiters, and what a claim is, stays with each registry.
 */
export function createWaiters(deps: { limits: AskLimits; deadlines: Pick<Deadlines, 'start'> }) {
  const { limits } = deps
  const perSession = new Map<string, number>()
  let live = 0

  function count(sessionId: string, delta: 1 | -1): void {
    live += delta
    const next = (perSession.get(sessionId) ?? 0) + delta
    if (next > 0) perSession.set(sessionId, next)
    else perSession.delete(sessionId)
  }

  return {
    /** How many waits are started and not released. */
    get size(): number {
      return live
    },
    /** Why an ask of `sessionId` with this frame may not register now (size, then counts), or `null`. */
    overLimit(sessionId: string, frameText: string): UserQuestionError | null {
      if (UTF8.encode(frameText).byteLength > limits.maxQuestionBytes)
        return new UserQuestionError(
          `The question is larger than the host sends to a browser (${limits.maxQuestionBytes} bytes).`,
          'ASK_TOO_LARGE',
        )
      if ((perSession.get(sessionId) ?? 0) >= limits.maxPendingPerSession)
        return new UserQuestionError(
          `The session already has ${limits.maxPendingPerSession} pending questions.`,
          'ASK_LIMIT_REACHED',
        )
      if (live >= limits.maxPending)
        return new UserQuestionError(
          `The host already holds ${limits.maxPending} pending questions.`,
          'ASK_LIMIT_REACHED',
        )
      return null
    },
    /**
     * Starts a wait and hands it to `keep` (the registry stores it), then,
     * when the signal aborted already, calls `onAbort`.
     */
    start(start: WaiterStart, keep: (waiter: Waiter) => void): Waiter {
      const { rpcId, sessionId, request, deadline, onAbort } = start
      const { signal } = request
      // The registry's own callbacks, as they are: nothing here keeps `start` alive.
      signal?.addEventListener('abort', onAbort, { once: true })
      const cancelTimer =
        deadline === undefined
          ? undefined
          : deps.deadlines.start({ rpcId, sessionId, request, ...deadline }, start.onDue)
      count(sessionId, 1)
      const waiter = new ActiveWaiter(rpcId, sessionId, request.resumeKey, start.settle, count, {
        signal,
        onAbort,
        cancelTimer,
      })
      keep(waiter)
      if (signal?.aborted) onAbort()
      return waiter
    },
  }
}

/**
 * One started wait. A class, so each pending ask holds its fields and no
 * closures of its own (its methods live on the prototype): B4 counts the
 * bytes every pending ask costs.
 */
/** What a started wait undoes when it is released: its abort listener and its deadline timer. */
interface WaiterHooks {
  readonly signal: AbortSignal | undefined
  readonly onAbort: () => void
  readonly cancelTimer: (() => void) | undefined
}

class ActiveWaiter implements Waiter {
  private released = false
  private settled = false

  constructor(
    readonly rpcId: string,
    readonly sessionId: string,
    readonly resumeKey: string | undefined,
    private readonly answerTo: AskSettle,
    private readonly count: (sessionId: string, delta: 1 | -1) => void,
    private readonly hooks: WaiterHooks,
  ) {}

  release(): boolean {
    if (this.released) return false
    this.released = true
    const { signal, onAbort, cancelTimer } = this.hooks
    signal?.removeEventListener('abort', onAbort)
    cancelTimer?.()
    this.count(this.sessionId, -1)
    return true
  }

  settle(ending: WaiterEnding): boolean {
    this.release()
    if (this.settled) return false
    this.settled = true
    settleAsk(this.answerTo, ending)
    return true
  }
}

export type Waiters = ReturnType<typeof createWaiters>
