import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  UserQuestionError,
  type UserQuestionErrorCode,
} from '@parley/seam'
import {
  type DownlinkFrame,
  parseQuestionRequestedFrame,
  type QuestionOutcome,
} from '@parley/seam/wire'
import type { PendingStore } from './pending-table.ts'
import type { HostTimers, RegisteredInfo } from './types.ts'

interface AskDeps {
  store: PendingStore
  hub: { publish(sessionId: string, frame: DownlinkFrame, text?: string): void }
  timers: HostTimers
  now(): number
  mintRpcId(): string
  sessionOf?: ((request: AskUserQuestionRequest) => string | undefined) | undefined
  onRegistered?: ((info: RegisteredInfo) => void) | undefined
}

interface Settler {
  resolve(answer: AskUserQuestionAnswer): void
  reject(error: UserQuestionError): void
  cleanup(): void
}

/** How an ask ends: an answer, or an outcome that rejects it. */
export type Settlement =
  | { outcome: 'answered'; answer: AskUserQuestionAnswer }
  | { outcome: Exclude<QuestionOutcome, 'answered'>; cause?: unknown }

const FAILURES: Record<Exclude<QuestionOutcome, 'answered'>, [UserQuestionErrorCode, string]> = {
  cancelled: ['ASK_CANCELLED', 'The user cancelled the question.'],
  aborted: ['ASK_ABORTED', 'The ask was aborted.'],
  'timed-out': ['ASK_TIMED_OUT', 'Nobody answered the question in time.'],
}

/** The provider side: registers asks in the pending table and settles them exactly once. */
export function createAskRegistry(deps: AskDeps) {
  const settlers = new Map<string, Settler>()
  let disposed = false

  function register(
    request: AskUserQuestionRequest,
    settler: Omit<Settler, 'cleanup'>,
  ): UserQuestionError | null {
    if (disposed) return new UserQuestionError('The question host is disposed.', 'ASK_ABORTED')
    const sessionId = request.sessionId ?? deps.sessionOf?.(request)
    if (typeof sessionId !== 'string' || sessionId.length === 0)
      return new UserQuestionError(
        'The ask has no session: set request.sessionId or the host option sessionOf.',
        'ASK_MISSING_SESSION',
      )
    const { signal } = request
    if (signal?.aborted)
      return new UserQuestionError('The ask was aborted.', 'ASK_ABORTED', { cause: signal.reason })
    // The zod-free twin of QuestionRequestedFrameSchema (plus the batch rules a
    // client applies): a host called without the service still sends only
    // frames every tab accepts. Its output is a fresh copy, so the entry's
    // request shares it and later changes to the caller's objects change nothing.
    const parsed = parseQuestionRequestedFrame({
      type: 'question/requested',
      rpcId: deps.mintRpcId(),
      sessionId,
      ...(request.callId !== undefined && { callId: request.callId }),
      questions: request.questions,
      requestedAt: deps.now(),
    })
    if (!parsed.ok)
      return new UserQuestionError('The ask cannot be sent to a browser.', 'INVALID_QUESTION', {
        cause: parsed.issues,
      })
    const frame = parsed.value
    const { rpcId } = frame
    const frameText = JSON.stringify(frame)
    deps.store.add({
      rpcId,
      sessionId,
      frame,
      frameText,
      request: { ...request, questions: frame.questions },
    })
    const onAbort = () => settle(rpcId, { outcome: 'aborted', cause: signal?.reason })
    signal?.addEventListener('abort', onAbort, { once: true })
    const timer =
      request.timeoutMs === undefined
        ? undefined
        : deps.timers.setTimeout(() => settle(rpcId, { outcome: 'timed-out' }), request.timeoutMs)
    settlers.set(rpcId, {
      ...settler,
      cleanup() {
        signal?.removeEventListener('abort', onAbort)
        if (timer !== undefined) deps.timers.clearTimeout(timer)
      },
    })
    try {
      deps.onRegistered?.({ rpcId, sessionId, request })
    } catch {
      // An observer's failure must not lose the question.
    }
    if (settlers.has(rpcId)) deps.hub.publish(sessionId, frame, frameText)
    return null
  }

  /**
   * Claims `rpcId` (removing it synchronously), broadcasts `question/resolved`,
   * then settles the ask. False when the question was not pending.
   */
  function settle(rpcId: string, settlement: Settlement): boolean {
    const entry = deps.store.claim(rpcId)
    if (!entry) return false
    const settler = settlers.get(rpcId)
    settlers.delete(rpcId)
    settler?.cleanup()
    deps.hub.publish(entry.sessionId, {
      type: 'question/resolved',
      rpcId,
      sessionId: entry.sessionId,
      outcome: settlement.outcome,
    })
    if (settlement.outcome === 'answered') settler?.resolve(settlement.answer)
    else {
      const [code, message] = FAILURES[settlement.outcome]
      settler?.reject(new UserQuestionError(message, code, { cause: settlement.cause }))
    }
    return true
  }

  return {
    /** The `UserQuestionProvider.ask` of the host. */
    ask(request: AskUserQuestionRequest): Promise<AskUserQuestionAnswer> {
      return new Promise((resolve, reject) => {
        const refused = register(request, { resolve, reject })
        if (refused) reject(refused)
      })
    },
    settle,
    /** Settles every ask of this host `aborted` and refuses new ones. */
    dispose(): void {
      disposed = true
      for (const rpcId of [...settlers.keys()]) settle(rpcId, { outcome: 'aborted' })
    },
  }
}

export type AskRegistry = ReturnType<typeof createAskRegistry>
