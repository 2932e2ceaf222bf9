import type { ComposerRequest } from './composer.types.ts'

/**
 * Requests whose `requestedAt` lie within this many ms of each other were
 * asked together (a planner and its subagents at once): the one whose
 * deadline comes first goes in front even after another of them was shown.
 */
export const ASKED_TOGETHER_MS = 1000

/** The deadline as a sort key: none sorts after every deadline. */
const deadlineOf = (request: ComposerRequest) => request.deadlineAt ?? Number.POSITIVE_INFINITY

const askedTogether = (a: ComposerRequest, b: ComposerRequest) =>
  a.requestedAt !== undefined &&
  b.requestedAt !== undefined &&
  Math.abs(a.requestedAt - b.requestedAt) <= ASKED_TOGETHER_MS

/**
 * The order a person meets a session's pending requests in (the first owns
 * the composer): the one whose deadline comes first, then later deadlines,
 * then those without one; arrival order among equals. The request on screen
 * (`shown`) stays in front while it is pending: a request asked later never
 * takes its place, however soon it runs out ({@link soonerInQueue} names it
 * instead). Only a request asked together with it ({@link ASKED_TOGETHER_MS})
 * whose deadline comes first does.
 */
export function queueOrder<R extends ComposerRequest>(
  requests: readonly R[],
  shown?: string | undefined,
): readonly R[] {
  const sorted = [...requests].sort((a, b) => deadlineOf(a) - deadlineOf(b))
  const kept = sorted.find((request) => request.rpcId === shown)
  if (!kept) return sorted
  const front = sorted.find((request) => request === kept || askedTogether(request, kept)) ?? kept
  return [front, ...sorted.filter((request) => request !== front)]
}

/** A waiting request that runs out before the one in front of the queue. */
export interface SoonerRequest<R extends ComposerRequest = ComposerRequest> {
  /** Its place in the queue, from 1 (the front is 1, so this is 2 or more). */
  position: number
  request: R
  /** Its deadline (ms since the epoch). */
  deadlineAt: number
}

/**
 * The waiting request whose deadline comes first, when it comes before the
 * front's (or the front has none): what "Request 1 of 3 · 40 sec left on
 * request 2" names. `undefined` when the front runs out first, or nothing
 * behind it has a deadline.
 */
export function soonerInQueue<R extends ComposerRequest>(
  queue: readonly R[],
): SoonerRequest<R> | undefined {
  const [front, ...waiting] = queue
  if (!front) return undefined
  let sooner: SoonerRequest<R> | undefined
  waiting.forEach((request, index) => {
    const { deadlineAt } = request
    if (deadlineAt === undefined || deadlineAt >= deadlineOf(front)) return
    if (!sooner || deadlineAt < sooner.deadlineAt)
      sooner = { position: index + 2, request, deadlineAt }
  })
  return sooner
}
