import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  UserQuestionError,
  type UserQuestionErrorCode,
} from '@parley/seam'
import {
  type DownlinkFrame,
  parseQuestionRequestedFrame,
  type QuestionEndedBy,
  type QuestionOutcome,
  type QuestionRequestedFrame,
} from '@parley/seam/wire'
import type { AskWatch, EndContext } from './ask-watch.ts'
import type { Deadlines } from './deadlines.ts'
import type { PendingEntry, PendingStore } from './pending-table.ts'
import type { Settlement } from './settlement.ts'
import type { RegisteredInfo } from './types.ts'

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

interface Settler {
  readonly sessionId: string
  resolve(answer: AskUserQuestionAnswer): void
  reject(error: UserQuestionError): void
  cleanup(): void
}

const UTF8 = new TextEncoder()

export type { Settlement } from './settlement.ts'

const FAILURES: Record<Exclude<QuestionOutcome, 'answered'>, [UserQuestionErrorCode, string]> = {
  cancelled: ['ASK_CANCELLED', 'The user cancelled the question.'],
  aborted: ['ASK_ABORTED', 'The ask was aborted.'],
  'timed-out': ['ASK_TIMED_OUT', 'Nobody answered the question in time.'],
}

/** A checked ask: its session and the frame every tab gets (as JSON too). */
export interface PreparedAsk {
  sessionId: string
  frame: QuestionRequestedFrame
  frameText: string
}

/**
 * The session and frame of `request`, checked as a client checks it, or the
 * error the ask rejects with (no session, aborted, cannot be sent).
 */
export function prepareAsk(
  deps: Pick<AskDeps, 'sessionOf' | 'mintRpcId' | 'now'>,
  request: AskUserQuestionRequest,
): PreparedAsk | UserQuestionError {
  const sessionId = request.sessionId ?? deps.sessionOf?.(request)
  if (typeof sessionId !== 'string' || sessionId.length === 0)
    return new UserQuestionError(
      'The ask has no session: set request.sessionId or the host option sessionOf.',
      'ASK_MISSING_SESSION',
    )
  if (request.signal?.aborted)
    return new UserQuestionError('The ask was aborted.', 'ASK_ABORTED', {
      cause: request.signal.reason,
    })
  // QuestionRequestedFrameSchema plus the batch rules a client applies: a
  // host called without the service still sends only frames every tab
  // accepts. Its output is a fresh copy, so the entry's request shares it
  // and later changes to the caller's objects change nothing.
  const requestedAt = deps.now()
  const { timeoutMs } = request
  const parsed = parseQuestionRequestedFrame({
    type: 'question/requested',
    rpcId: deps.mintRpcId(),
    sessionId,
    ...(request.callId !== undefined && { callId: request.callId }),
    questions: request.questions,
    requestedAt,
    ...(timeoutMs !== undefined && { deadlineAt: requestedAt + timeoutMs }),
    ...(request.asker !== undefined && { asker: request.asker }),
  })
  if (!parsed.ok)
    return new UserQuestionError('The ask cannot be sent to a browser.', 'INVALID_QUESTION', {
      cause: parsed.issues,
    })
  return { sessionId, frame: parsed.value, frameText: JSON.stringify(parsed.value) }
}

/** The rejection of an ask that ended with `outcome`. */
export function failure(
  outcome: Exclude<QuestionOutcome, 'answered'>,
  cause?: unknown,
): UserQuestionError {
  const [code, message] = FAILURES[outcome]
  return new UserQuestionError(message, code, { cause })
}

/**
 * The pending asks of each session, and the check an ask passes before it
 * registers: its frame's size, then its session's and the host's counts
 * (`held()`: how many this node holds).
 */
export function askLimits(limits: AskLimits, held: () => number) {
  const perSession = new Map<string, number>()
  return {
    count(sessionId: string, delta: 1 | -1): void {
      const next = (perSession.get(sessionId) ?? 0) + delta
      if (next > 0) perSession.set(sessionId, next)
      else perSession.delete(sessionId)
    },
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
      if (held() >= limits.maxPending)
        return new UserQuestionError(
          `The host already holds ${limits.maxPending} pending questions.`,
          'ASK_LIMIT_REACHED',
        )
      return null
    },
  }
}

/** The provider side: registers asks in the pending table and settles them exactly once. */
export function createAskRegistry(deps: AskDeps) {
  const settlers = new Map<string, Settler>()
  const { count, overLimit } = askLimits(deps.limits, () => settlers.size)
  let disposed = false

  function register(
    request: AskUserQuestionRequest,
    settler: Pick<Settler, 'resolve' | 'reject'>,
    registered?: (entry: PendingEntry) => void,
  ): UserQuestionError | null {
    if (disposed) return new UserQuestionError('The question host is disposed.', 'ASK_ABORTED')
    const prepared = prepareAsk(deps, request)
    if (prepared instanceof UserQuestionError) return prepared
    const { sessionId, frame, frameText } = prepared
    const { signal, timeoutMs } = request
    const { rpcId } = frame
    const limited = overLimit(sessionId, frameText)
    if (limited) return limited
    const entry: PendingEntry = {
      rpcId,
      sessionId,
      frame,
      frameText,
      request: { ...request, questions: frame.questions },
    }
    deps.store.add(entry)
    registered?.(entry)
    const onAbort = () => settle(rpcId, { outcome: 'aborted', cause: signal?.reason })
    signal?.addEventListener('abort', onAbort, { once: true })
    const cancelTimer =
      timeoutMs === undefined
        ? undefined
        : deps.deadlines.start(
            { rpcId, sessionId, request, requestedAt: frame.requestedAt, timeoutMs },
            () => settle(rpcId, { outcome: 'timed-out' }),
          )
    count(sessionId, 1)
    settlers.set(rpcId, {
      ...settler,
      sessionId,
      cleanup() {
        signal?.removeEventListener('abort', onAbort)
        cancelTimer?.()
      },
    })
    try {
      deps.onRegistered?.({ rpcId, sessionId, request })
    } catch (error) {
      // An observer's failure must not lose the question.
      deps.report(error, 'onRegistered')
    }
    if (settlers.has(rpcId)) deps.hub.publish(sessionId, frame, frameText)
    return null
  }

  /**
   * Claims `rpcId` (removing it synchronously), broadcasts `question/resolved`,
   * then settles the ask. False when the question was not pending.
   */
  function settle(
    rpcId: string,
    settlement: Settlement,
    _responseId?: string,
    context?: EndContext,
  ): boolean {
    const entry = deps.store.claim(rpcId)
    if (!entry) return false
    deps.watch?.ended({
      rpcId,
      sessionId: entry.sessionId,
      entry,
      settlement,
      actor: context?.actor,
    })
    const settler = settlers.get(rpcId)
    settlers.delete(rpcId)
    if (settler) count(settler.sessionId, -1)
    settler?.cleanup()
    deps.hub.publish(entry.sessionId, {
      type: 'question/resolved',
      rpcId,
      sessionId: entry.sessionId,
      outcome: settlement.outcome,
      ...(settlement.by && { by: settlement.by }),
      // The session's other tabs show the answer that counted.
      ...(settlement.outcome === 'answered' && { answer: settlement.answer }),
    })
    if (settlement.outcome === 'answered') settler?.resolve(settlement.answer)
    else {
      settler?.reject(failure(settlement.outcome, settlement.cause))
    }
    return true
  }

  return {
    /** The `UserQuestionProvider.ask` of the host. */
    ask(
      request: AskUserQuestionRequest,
      registered?: (entry: PendingEntry) => void,
    ): Promise<AskUserQuestionAnswer> {
      return new Promise((resolve, reject) => {
        const refused = register(request, { resolve, reject }, registered)
        if (refused) reject(refused)
      })
    },
    settle,
    /** Settles every pending ask of `sessionId` `aborted`; returns how many. */
    abortSession(sessionId: string, cause?: unknown): number {
      let settled = 0
      for (const [rpcId, settler] of [...settlers]) {
        if (settler.sessionId === sessionId && settle(rpcId, { outcome: 'aborted', cause }))
          settled += 1
      }
      return settled
    },
    /** Settles every ask of this host `aborted` and refuses new ones. */
    dispose(): void {
      disposed = true
      for (const rpcId of [...settlers.keys()]) settle(rpcId, { outcome: 'aborted' })
    },
  }
}

export type AskRegistry = ReturnType<typeof createAskRegistry>
