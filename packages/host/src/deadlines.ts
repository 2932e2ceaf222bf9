import type { AskUserQuestionRequest } from '@parley/seam'
import type { DeadlineReason, ExtendReceipt, QuestionDeadlineFrame } from '@parley/seam/wire'
import type { DeadlinePolicy, DeadlinePolicyOption, HostTimers } from './types.ts'

/** The longest delay a timer takes (2^31 − 1 ms, about 24.8 days); longer waits are chained. */
export const MAX_TIMER_MS = 2 ** 31 - 1

export type { DeadlinePolicy, DeadlinePolicyOption } from './types.ts'

/** A policy with every figure set. */
type Figures = { [K in keyof DeadlinePolicy]-?: NonNullable<DeadlinePolicy[K]> }

/** The figures of the default policy. */
export const DEFAULT_DEADLINE_POLICY: Readonly<Figures> = {
  stepMs: 300_000,
  maxTotalMs: 3_600_000,
  extendOnActivity: false,
  activityWindowMs: 60_000,
}

interface Clock {
  readonly rpcId: string
  readonly sessionId: string
  readonly request: AskUserQuestionRequest
  readonly policy: Figures
  readonly onDue: () => void
  /** The latest the deadline may move to. */
  readonly limitAt: number
  deadlineAt: number
  /** When the timer fires: the deadline, or a later one stored elsewhere (`rearm`). */
  armedAt: number
  /** The frame that says where the deadline is now, once it moved (sent after a replayed question). */
  movedFrame: string | undefined
  cancelTimer: () => void
}

interface DeadlineDeps {
  timers: HostTimers
  now(): number
  policy?: DeadlinePolicyOption | undefined
  publish(sessionId: string, frame: QuestionDeadlineFrame): void
  report(error: unknown, where: string): void
}

/** What a tab's extend asked for came to. */
export type ExtendOutcome = ExtendReceipt

/** The ask's own deadline as the host starts it. */
export interface DeadlineStart {
  rpcId: string
  sessionId: string
  request: AskUserQuestionRequest
  requestedAt: number
  timeoutMs: number
}

/** The figures `option` sets for `request`, the default's where it sets none (or throws). */
function policyOf(
  deps: Pick<DeadlineDeps, 'policy' | 'report'>,
  request: AskUserQuestionRequest,
): Figures {
  let chosen: DeadlinePolicy | undefined
  try {
    chosen = typeof deps.policy === 'function' ? deps.policy(request) : deps.policy
  } catch (error) {
    deps.report(error, 'deadlinePolicy')
  }
  const fallback = DEFAULT_DEADLINE_POLICY
  return {
    stepMs: chosen?.stepMs ?? fallback.stepMs,
    maxTotalMs: chosen?.maxTotalMs ?? fallback.maxTotalMs,
    extendOnActivity: chosen?.extendOnActivity ?? fallback.extendOnActivity,
    activityWindowMs: chosen?.activityWindowMs ?? fallback.activityWindowMs,
  }
}

/** Calls `onDue` after `ms`, chaining timers past {@link MAX_TIMER_MS}; returns the cancel. */
function after(
  deps: Pick<DeadlineDeps, 'timers' | 'report'>,
  ms: number,
  onDue: () => void,
): () => void {
  let handle: unknown
  const arm = (left: number) => {
    handle = deps.timers.setTimeout(
      () => {
        if (left > MAX_TIMER_MS) return arm(left - MAX_TIMER_MS)
        try {
          onDue()
        } catch (error) {
          deps.report(error, 'timeout')
        }
      },
      Math.min(left, MAX_TIMER_MS),
    )
  }
  arm(Math.max(0, ms))
  return () => deps.timers.clearTimeout(handle)
}

/** Where `reason` moves a deadline at `now`, within `limitAt`, or why it does not. */
function decide(
  now: number,
  policy: Figures,
  deadlineAt: number,
  limitAt: number,
  reason: DeadlineReason,
): ExtendOutcome {
  let wanted: number
  if (reason === 'activity') {
    if (!policy.extendOnActivity) return { extended: false, reason: 'activity-off', deadlineAt }
    if (deadlineAt - now > policy.activityWindowMs / 2)
      return { extended: false, reason: 'not-due', deadlineAt }
    wanted = now + policy.activityWindowMs
  } else wanted = deadlineAt + policy.stepMs
  const next = Math.min(wanted, limitAt)
  if (next <= deadlineAt) return { extended: false, reason: 'at-limit', deadlineAt }
  return { extended: true, deadlineAt: next }
}

/**
 * The host's deadlines: one clock per pending ask with a `timeoutMs`, which
 * times it out when it passes and which a tab may move within the policy.
 * Every move is published as `question/deadline` to the session's tabs and
 * reported to the ask's `onDeadline`.
 */
export function createDeadlines(deps: DeadlineDeps) {
  const clocks = new Map<string, Clock>()

  function move(clock: Clock, deadlineAt: number, reason: DeadlineReason): void {
    const previousDeadlineAt = clock.deadlineAt
    clock.cancelTimer()
    clock.deadlineAt = deadlineAt
    clock.armedAt = deadlineAt
    clock.cancelTimer = after(deps, deadlineAt - deps.now(), clock.onDue)
    const frame: QuestionDeadlineFrame = {
      type: 'question/deadline',
      rpcId: clock.rpcId,
      sessionId: clock.sessionId,
      deadlineAt,
      reason,
    }
    clock.movedFrame = JSON.stringify(frame)
    deps.publish(clock.sessionId, frame)
    try {
      clock.request.onDeadline?.({ deadlineAt, previousDeadlineAt, reason })
    } catch (error) {
      // An observer's failure must not undo the extension the tabs were told about.
      deps.report(error, 'onDeadline')
    }
  }

  return {
    /**
     * Starts the ask's clock: `onDue` runs `timeoutMs` from now (however
     * long). Returns the cancel, to call when the ask settles.
     */
    start(start: DeadlineStart, onDue: () => void): () => void {
      const policy = policyOf(deps, start.request)
      const deadlineAt = start.requestedAt + start.timeoutMs
      const clock: Clock = {
        rpcId: start.rpcId,
        sessionId: start.sessionId,
        request: start.request,
        policy,
        onDue,
        limitAt: Math.max(deadlineAt, start.requestedAt + policy.maxTotalMs),
        deadlineAt,
        armedAt: deadlineAt,
        movedFrame: undefined,
        cancelTimer: after(deps, start.timeoutMs, onDue),
      }
      clocks.set(start.rpcId, clock)
      return () => {
        clock.cancelTimer()
        if (clocks.get(start.rpcId) === clock) clocks.delete(start.rpcId)
      }
    },
    /**
     * A tab asks for more time for a pending ask (`user`), or says the person
     * is typing or choosing (`activity`). Moves the deadline as far as the
     * policy allows, or says why not.
     */
    extend(rpcId: string, reason: DeadlineReason): ExtendOutcome {
      const clock = clocks.get(rpcId)
      if (!clock) return { extended: false, reason: 'no-deadline' }
      const outcome = decide(deps.now(), clock.policy, clock.deadlineAt, clock.limitAt, reason)
      if (outcome.extended) move(clock, outcome.deadlineAt, reason)
      return outcome
    },
    /**
     * The same decision for a question as a cluster stores it: its frame
     * (when it was asked, its first deadline, the request the policy sees)
     * and where its deadline is now. Moves nothing.
     */
    decide(
      frame: { requestedAt: number; deadlineAt?: number | undefined },
      request: AskUserQuestionRequest,
      deadlineAt: number,
      reason: DeadlineReason,
    ): ExtendOutcome {
      if (frame.deadlineAt === undefined) return { extended: false, reason: 'no-deadline' }
      const policy = policyOf(deps, request)
      const limitAt = Math.max(frame.deadlineAt, frame.requestedAt + policy.maxTotalMs)
      return decide(deps.now(), policy, deadlineAt, limitAt, reason)
    },
    /** When the ask's timer fires (ms since the epoch), if it has one. */
    armedAt(rpcId: string): number | undefined {
      return clocks.get(rpcId)?.armedAt
    },
    /**
     * Fires the ask's timer at `at` instead, telling no one: a cluster stored
     * a later deadline this node has not heard of yet, and its news (`moved`)
     * will say so to the tabs and the agent.
     */
    rearm(rpcId: string, at: number): void {
      const clock = clocks.get(rpcId)
      if (!clock || at <= clock.armedAt) return
      clock.cancelTimer()
      clock.armedAt = at
      clock.cancelTimer = after(deps, at - deps.now(), clock.onDue)
    },
    /** Another node moved the deadline of an ask this node holds: its clock follows. */
    moved(rpcId: string, deadlineAt: number, reason: DeadlineReason): void {
      const clock = clocks.get(rpcId)
      if (clock && clock.deadlineAt !== deadlineAt) move(clock, deadlineAt, reason)
    },
    /** The `question/deadline` frame to send after this question's replayed frame, once it moved. */
    replayFrame(rpcId: string): string | undefined {
      return clocks.get(rpcId)?.movedFrame
    },
  }
}

export type Deadlines = ReturnType<typeof createDeadlines>
