import type { AskUserQuestionAnswer } from '@parley/seam'
import type { QuestionEndedBy, QuestionOutcome, QuestionRequestedFrame } from '@parley/seam/wire'

/**
 * One pending request as the client shows it. It fits `@parley/react`'s
 * `ComposerSlot` `requests` (a `ComposerRequest`) as it is.
 */
export interface ClientQuestion {
  readonly rpcId: string
  readonly sessionId: string
  readonly callId?: string | undefined
  readonly questions: QuestionRequestedFrame['questions']
  /** Host time (ms since the epoch) when the question was asked. */
  readonly requestedAt: number
  /**
   * When the host stops waiting (ms since the epoch, host time), for an ask
   * with a deadline. When it moves (`question/deadline`), the request is
   * replaced by a copy with the new one, in the same place.
   */
  readonly deadlineAt?: number | undefined
  /** Who is asking, when the agent said (`askerChain` shows it as one line). */
  readonly asker?: QuestionRequestedFrame['asker']
}

/** How the host settled a request, by `rpcId`. Own keys only, no prototype. */
export type SessionResolutions = Readonly<Record<string, QuestionOutcome>>

/** Which client ended a recent request and when (answers and cancels), by `rpcId`. */
export type SessionEndedBy = Readonly<Record<string, QuestionEndedBy>>

/** The answer a recent request was answered with, when the host said, by `rpcId`. */
export type SessionEndedWith = Readonly<Record<string, AskUserQuestionAnswer>>

/**
 * Why a recent request was `aborted`, when more is known than "the agent
 * stopped", by `rpcId`: `server-gone`, the host process whose agent awaited
 * it stopped (a cluster node said so, or this client reconnected to a
 * restarted host that no longer had it), so no answer can reach the agent.
 */
export type SessionEndedBecause = Readonly<Record<string, QuestionEndedBecause>>
/** Why a question ended without an outcome from its agent: `server-gone`, its host process stopped. */
export type QuestionEndedBecause = 'server-gone'

/**
 * One session's requests as an immutable value; every change returns a new
 * one, and an update that changes nothing returns the same object.
 */
export interface SessionQuestions {
  /** Pending requests in arrival order; a replayed `rpcId` keeps its place. */
  readonly requests: readonly ClientQuestion[]
  /** Outcomes of the last {@link RESOLUTION_LIMIT} `question/resolved` frames. */
  readonly resolutions: SessionResolutions
  /** For the outcomes in `resolutions` a tab caused: its client label and the time. */
  readonly endedBy: SessionEndedBy
  /** For the `answered` outcomes in `resolutions` whose frame carried it: the answer that counted. */
  readonly endedWith: SessionEndedWith
  /** For the `aborted` outcomes in `resolutions` with a known cause: why. */
  readonly endedBecause: SessionEndedBecause
  /** The `rpcId`s of `resolutions`, oldest first (which one goes next). */
  readonly resolved: readonly string[]
  /** Retired `rpcId`s, oldest first: a late or replayed frame cannot resurrect them. */
  readonly tombstones: readonly string[]
}

/** How many retired `rpcId`s a session remembers. */
export const TOMBSTONE_LIMIT = 500
/** How many outcomes a session remembers. */
export const RESOLUTION_LIMIT = 50

/** The empty list `selectSessionQuestions` returns for an unknown session. */
export const NO_QUESTIONS: readonly ClientQuestion[] = Object.freeze([])
/** The empty map `selectSessionResolutions` returns when nothing was resolved. */
export const NO_RESOLUTIONS: SessionResolutions = Object.freeze(Object.create(null))
/** The empty map `selectSessionEndedBy` returns when no tab ended anything. */
export const NO_ENDED_BY: SessionEndedBy = Object.freeze(Object.create(null))
/** The empty map `selectSessionEndedWith` returns when no frame carried an answer. */
export const NO_ENDED_WITH: SessionEndedWith = Object.freeze(Object.create(null))

/** The empty map `selectSessionEndedBecause` returns when no abort had a known cause. */
export const NO_ENDED_BECAUSE: SessionEndedBecause = Object.freeze(Object.create(null))

/** A session nothing arrived for yet. */
export const EMPTY_SESSION: SessionQuestions = Object.freeze({
  requests: NO_QUESTIONS,
  resolutions: NO_RESOLUTIONS,
  endedBy: NO_ENDED_BY,
  endedWith: NO_ENDED_WITH,
  endedBecause: NO_ENDED_BECAUSE,
  resolved: [],
  tombstones: [],
})

function questionOf(frame: QuestionRequestedFrame): ClientQuestion {
  return {
    rpcId: frame.rpcId,
    sessionId: frame.sessionId,
    ...(frame.callId !== undefined && { callId: frame.callId }),
    questions: frame.questions,
    requestedAt: frame.requestedAt,
    ...(frame.deadlineAt !== undefined && { deadlineAt: frame.deadlineAt }),
    ...(frame.asker !== undefined && { asker: frame.asker }),
  }
}

/**
 * Adds a requested question at the end. A replay of a queued `rpcId` changes
 * nothing (the host replays the identical frame); a tombstoned one is ignored.
 */
export function addRequest(
  queue: SessionQuestions,
  frame: QuestionRequestedFrame,
): SessionQuestions {
  const { rpcId } = frame
  if (queue.tombstones.includes(rpcId) || queue.requests.some((q) => q.rpcId === rpcId))
    return queue
  return { ...queue, requests: [...queue.requests, questionOf(frame)] }
}

/** Moves a pending request's deadline (`question/deadline`): a copy of it, in its place. */
export function moveDeadline(
  queue: SessionQuestions,
  rpcId: string,
  deadlineAt: number,
): SessionQuestions {
  const at = queue.requests.findIndex((q) => q.rpcId === rpcId)
  const request = queue.requests[at]
  if (!request || request.deadlineAt === deadlineAt) return queue
  const requests = [...queue.requests]
  requests[at] = { ...request, deadlineAt }
  return { ...queue, requests }
}

function retireAll(queue: SessionQuestions, rpcIds: readonly string[]): SessionQuestions {
  const fresh = rpcIds.filter((id) => !queue.tombstones.includes(id))
  const requests = queue.requests.filter((q) => !rpcIds.includes(q.rpcId))
  if (fresh.length === 0 && requests.length === queue.requests.length) return queue
  return {
    ...queue,
    requests,
    tombstones: fresh.length
      ? [...queue.tombstones, ...fresh].slice(-TOMBSTONE_LIMIT)
      : queue.tombstones,
  }
}

/** How a request ended, as the host (or a reconnect) said: every part optional. */
export interface Ending {
  outcome?: QuestionOutcome | undefined
  /** The client that caused it (answers and cancels). */
  by?: QuestionEndedBy | undefined
  /** For `answered`: the answer that counted. */
  answer?: AskUserQuestionAnswer | undefined
  /** For `aborted`: why, when known. */
  because?: QuestionEndedBecause | undefined
}

/**
 * Removes a request for good and tombstones its `rpcId`; the ending's
 * `outcome` (and who caused it, the answer that counted, why it was aborted)
 * is recorded when known.
 */
export function retireRequest(
  queue: SessionQuestions,
  rpcId: string,
  { outcome, by, answer, because }: Ending = {},
): SessionQuestions {
  const retired = retireAll(queue, [rpcId])
  if (!outcome || Object.hasOwn(retired.resolutions, rpcId)) return retired
  const resolved = [...retired.resolved, rpcId].slice(-RESOLUTION_LIMIT)
  const resolutions: Record<string, QuestionOutcome> = Object.create(null)
  const endedBy: Record<string, QuestionEndedBy> = Object.create(null)
  const endedWith: Record<string, AskUserQuestionAnswer> = Object.create(null)
  const endedBecause: Record<string, QuestionEndedBecause> = Object.create(null)
  for (const id of resolved) {
    const own = id === rpcId
    resolutions[id] = retired.resolutions[id] ?? outcome
    const who = own ? by : retired.endedBy[id]
    if (who) endedBy[id] = who
    const what = own ? outcome === 'answered' && answer : retired.endedWith[id]
    if (what) endedWith[id] = what
    const why = own ? outcome === 'aborted' && because : retired.endedBecause[id]
    if (why) endedBecause[id] = why
  }
  return { ...retired, resolved, resolutions, endedBy, endedWith, endedBecause }
}

/**
 * After `mux/ready`: drops (and tombstones) every request the replay did not
 * carry. `restarted`: the host this client reconnected to is another
 * instance, so each of them is recorded as `aborted`, `server-gone`.
 */
export function reconcileRequests(
  queue: SessionQuestions,
  replayed: ReadonlySet<string>,
  restarted = false,
): SessionQuestions {
  const gone = queue.requests.filter((q) => !replayed.has(q.rpcId)).map((q) => q.rpcId)
  if (!restarted) return gone.length ? retireAll(queue, gone) : queue
  const lost: Ending = { outcome: 'aborted', because: 'server-gone' }
  return gone.reduce((next, rpcId) => retireRequest(next, rpcId, lost), queue)
}
