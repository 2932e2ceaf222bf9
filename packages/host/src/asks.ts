import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  UserQuestionError,
} from '@parley/seam'
import { parseQuestionRequestedFrame, type QuestionRequestedFrame } from '@parley/seam/wire'
import type { AskDeps, LocalAskRegistry } from './ask-registry.ts'
import type { EndContext } from './ask-watch.ts'
import type { PendingEntry } from './pending-table.ts'
import type { Settlement } from './settlement.ts'
import { createWaiters, type Waiter, type Waiters } from './waiters.ts'

export type { AskDeps } from './ask-registry.ts'
export type { Settlement } from './settlement.ts'

/** A checked ask: its session, the frame every tab gets (as JSON too), and its pending entry. */
export interface PreparedAsk {
  sessionId: string
  frame: QuestionRequestedFrame
  frameText: string
  entry: PendingEntry
}

/**
 * The session and frame of `request`, checked as a client checks it, or the
 * error the ask rejects with (no session, aborted, cannot be sent).
 */
function prepareAsk(
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
  const frame = parsed.value
  const frameText = JSON.stringify(frame)
  const entry: PendingEntry = {
    rpcId: frame.rpcId,
    sessionId,
    frame,
    frameText,
    request: { ...request, questions: frame.questions },
  }
  return { sessionId, frame, frameText, entry }
}

/**
 * The checks an ask passes before it registers, on either registry: the
 * host is not disposed, the request prepares, and it fits the limits.
 */
export function admitAsk(
  deps: Pick<AskDeps, 'sessionOf' | 'mintRpcId' | 'now'>,
  waiters: Pick<Waiters, 'overLimit'>,
  request: AskUserQuestionRequest,
  disposed: boolean,
): PreparedAsk | UserQuestionError {
  if (disposed) return new UserQuestionError('The question host is disposed.', 'ASK_ABORTED')
  const prepared = prepareAsk(deps, request)
  if (prepared instanceof UserQuestionError) return prepared
  return waiters.overLimit(prepared.sessionId, prepared.frameText) ?? prepared
}

/** Tells `onRegistered` about a new ask; an observer's failure must not lose the question. */
export function tellRegistered(deps: AskDeps, entry: PendingEntry): void {
  try {
    deps.onRegistered?.({ rpcId: entry.rpcId, sessionId: entry.sessionId, request: entry.request })
  } catch (error) {
    deps.report(error, 'onRegistered')
  }
}

/** The provider side of one process: registers asks in the pending table and settles them exactly once. */
export function createAskRegistry(deps: AskDeps): LocalAskRegistry {
  const waiting = new Map<string, Waiter>()
  const waiters = createWaiters(deps)
  let disposed = false

  function register(
    request: AskUserQuestionRequest,
    settle: {
      resolve(answer: AskUserQuestionAnswer): void
      reject(error: UserQuestionError): void
    },
    registered?: (entry: PendingEntry) => void,
  ): UserQuestionError | null {
    const prepared = admitAsk(deps, waiters, request, disposed)
    if (prepared instanceof UserQuestionError) return prepared
    const { sessionId, frame, frameText, entry } = prepared
    const { rpcId } = frame
    deps.store.add(entry)
    registered?.(entry)
    waiters.start(
      {
        rpcId,
        sessionId,
        request,
        settle,
        deadline:
          request.timeoutMs === undefined
            ? undefined
            : { requestedAt: frame.requestedAt, timeoutMs: request.timeoutMs },
        onAbort: () => claim(rpcId, { outcome: 'aborted', cause: request.signal?.reason }),
        onDue: () => claim(rpcId, { outcome: 'timed-out' }),
      },
      (waiter) => waiting.set(rpcId, waiter),
    )
    tellRegistered(deps, entry)
    if (waiting.has(rpcId)) deps.hub.publish(sessionId, frame, frameText)
    return null
  }

  /**
   * Claims `rpcId` (removing it synchronously), broadcasts `question/resolved`,
   * then settles the ask. False when the question was not pending.
   */
  function claim(
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
    const waiter = waiting.get(rpcId)
    waiting.delete(rpcId)
    waiter?.release()
    deps.hub.publish(entry.sessionId, {
      type: 'question/resolved',
      rpcId,
      sessionId: entry.sessionId,
      outcome: settlement.outcome,
      ...(settlement.by && { by: settlement.by }),
      ...(settlement.outcome !== 'answered' &&
        settlement.reason !== undefined && { reason: settlement.reason }),
      // The session's other tabs show the answer that counted.
      ...(settlement.outcome === 'answered' && { answer: settlement.answer }),
    })
    waiter?.settle(settlement)
    return true
  }

  return {
    ask(request, registered) {
      return new Promise((resolve, reject) => {
        const refused = register(request, { resolve, reject }, registered)
        if (refused) reject(refused)
      })
    },
    settle: claim,
    abortSession(sessionId, cause) {
      let settled = 0
      for (const [rpcId, waiter] of [...waiting]) {
        if (waiter.sessionId === sessionId && claim(rpcId, { outcome: 'aborted', cause }))
          settled += 1
      }
      return settled
    },
    async dispose() {
      disposed = true
      // The host is going away with its agents' asks: every tab says the server is gone.
      for (const rpcId of [...waiting.keys()])
        claim(rpcId, { outcome: 'aborted', reason: 'server-gone' })
    },
  }
}
