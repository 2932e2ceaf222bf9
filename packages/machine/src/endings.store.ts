/**
 * The cards a surface keeps after their request left the pending list, and
 * how each ended: one pure transition for `ComposerSlot` (which shows the
 * first pending request) and the Inbox (which shows the requests the person
 * opened). A renderer sends the surface's facts as events and draws
 * `state.ended`; it decides nothing.
 */
import { assertNever } from './assert-never.ts'
import type { ComposerEnding, ComposerRequest } from './composer.types.ts'
import { endingFor, type HostReport, type SendAttempt } from './endings.ts'
import { receiptStatus } from './receipt.ts'

/** A card on screen whose request left the pending list; `ending` `null`: this tab's send is in flight. */
export interface EndedCard<R extends ComposerRequest = ComposerRequest> {
  request: R
  /** When its request left (ms). */
  leftAt: number
  ending: ComposerEnding | null
}

/** Which pending requests a surface has on screen: the first (a slot), or those opened (an inbox). */
type EndingsShows = 'first' | 'opened'

/** Everything the endings transition holds. Plain data. */
export interface EndingsState<R extends ComposerRequest = ComposerRequest> {
  shows: EndingsShows
  /** The most ended cards kept; the oldest goes first. */
  limit: number
  pending: readonly R[]
  /** The requests the person opened (`shows: 'opened'`), pending or ended. */
  opened: readonly string[]
  /** The ended cards on screen, oldest first. */
  ended: readonly EndedCard<R>[]
  /** This tab's sends, by rpcId. */
  attempts: Readonly<Record<string, SendAttempt>>
  report: HostReport
  /**
   * Counts cards that went away (closed, or ended the way this tab chose):
   * when it grows, focus goes home (the chat input).
   */
  departures: number
}

/** The endings events: the surface's facts, as they change. */
export type EndingsEvent<R extends ComposerRequest = ComposerRequest> =
  /** The pending list changed (at `at` ms): a card on screen whose request left stays, ended. */
  | { type: 'PENDING_CHANGED'; pending: readonly R[]; at: number }
  /** The host's word on ended requests changed. */
  | { type: 'HOST_REPORTED'; report: HostReport }
  /** This tab sent an answer or cancel of `rpcId`. */
  | { type: 'SEND_STARTED'; rpcId: string; kind: SendAttempt['kind'] }
  /** Its promise resolved with `receipt` (read with the receipt schema), or rejected (`failed`). */
  | { type: 'SEND_SETTLED'; rpcId: string; kind: SendAttempt['kind']; receipt: unknown }
  | { type: 'SEND_FAILED'; rpcId: string; kind: SendAttempt['kind'] }
  /** The person opened or closed a card of `rpcId` (`shows: 'opened'`). */
  | { type: 'CARD_TOGGLED'; rpcId: string }
  /** The person closed an ended card. */
  | { type: 'CARD_CLOSED'; rpcId: string }

/** Options of {@link createEndingsState}. */
export interface EndingsOptions<R extends ComposerRequest = ComposerRequest> {
  /** @default 'first' */
  shows?: EndingsShows | undefined
  /** @default 3 for `first`, unbounded for `opened` */
  limit?: number | undefined
  /** The pending requests when the surface mounts. */
  pending?: readonly R[] | undefined
  /** The host's word when the surface mounts. */
  report?: HostReport | undefined
}

/** The most ended cards a slot keeps on screen. */
const ENDED_CARDS_LIMIT = 3

/** The state a surface starts from. */
export function createEndingsState<R extends ComposerRequest = ComposerRequest>(
  options: EndingsOptions<R> = {},
): EndingsState<R> {
  const shows = options.shows ?? 'first'
  return {
    shows,
    limit: options.limit ?? (shows === 'first' ? ENDED_CARDS_LIMIT : Number.POSITIVE_INFINITY),
    pending: options.pending ?? [],
    opened: [],
    ended: [],
    attempts: {},
    report: options.report ?? {},
    departures: 0,
  }
}

/** The pending requests this surface has on screen. */
function onScreen<R extends ComposerRequest>(state: EndingsState<R>): readonly R[] {
  if (state.shows === 'first') return state.pending.slice(0, 1)
  return state.pending.filter((request) => state.opened.includes(request.rpcId))
}

/** Each ended card's ending read again; those that end the way this tab chose go, and count. */
function settle<R extends ComposerRequest>(
  state: EndingsState<R>,
  ended: readonly EndedCard<R>[],
): EndingsState<R> {
  const kept: EndedCard<R>[] = []
  for (const card of ended) {
    const ending = endingFor(
      card.request,
      card.leftAt,
      state.attempts[card.request.rpcId],
      state.report,
    )
    if (ending !== 'leave') kept.push(sameEnding(card.ending, ending) ? card : { ...card, ending })
  }
  const gone = ended.length - kept.length
  const same =
    gone === 0 &&
    kept.length === state.ended.length &&
    kept.every((card, index) => card === state.ended[index])
  if (same) return state
  const attempts = gone === 0 ? state.attempts : withoutGone(state.attempts, ended, kept)
  return { ...state, ended: kept, attempts, departures: state.departures + gone }
}

function withoutGone<R extends ComposerRequest>(
  attempts: EndingsState['attempts'],
  before: readonly EndedCard<R>[],
  after: readonly EndedCard<R>[],
): EndingsState['attempts'] {
  const next = { ...attempts }
  for (const card of before) if (!after.includes(card)) delete next[card.request.rpcId]
  return next
}

function sameEnding(a: ComposerEnding | null, b: ComposerEnding | null): boolean {
  if (a === null || b === null) return a === b
  if (a.kind !== b.kind) return false
  if (a.kind === 'timed-out' && b.kind === 'timed-out') return a.waitedMs === b.waitedMs
  if (a.kind === 'answered-elsewhere' && b.kind === 'answered-elsewhere')
    return a.answer === b.answer
  return true
}

function pendingChanged<R extends ComposerRequest>(
  state: EndingsState<R>,
  pending: readonly R[],
  at: number,
): EndingsState<R> {
  const ids = new Set(pending.map((request) => request.rpcId))
  const left = onScreen(state).filter((request) => !ids.has(request.rpcId))
  const ended = [
    ...state.ended.filter((card) => !ids.has(card.request.rpcId)),
    ...left.map((request): EndedCard<R> => ({ request, leftAt: at, ending: null })),
  ].slice(-state.limit)
  const kept = new Set([...ids, ...ended.map((card) => card.request.rpcId)])
  const opened = state.opened.filter((rpcId) => kept.has(rpcId))
  return settle({ ...state, pending, opened }, ended)
}

/** The endings transition: pure, and the same state when nothing changed. */
export function endingsTransition<R extends ComposerRequest>(
  state: EndingsState<R>,
  event: EndingsEvent<R>,
): EndingsState<R> {
  switch (event.type) {
    case 'PENDING_CHANGED':
      return pendingChanged(state, event.pending, event.at)
    case 'HOST_REPORTED':
      return settle({ ...state, report: event.report }, state.ended)
    case 'SEND_STARTED': {
      const attempt: SendAttempt = { kind: event.kind, status: 'in-flight' }
      return settle(
        { ...state, attempts: { ...state.attempts, [event.rpcId]: attempt } },
        state.ended,
      )
    }
    case 'SEND_SETTLED':
    case 'SEND_FAILED': {
      // A receipt of an older send (a cancel after an answer) says nothing of the newer one.
      if (state.attempts[event.rpcId]?.kind !== event.kind) return state
      const status = event.type === 'SEND_FAILED' ? 'failed' : receiptStatus(event.receipt)
      const attempts = { ...state.attempts, [event.rpcId]: { kind: event.kind, status } }
      return settle({ ...state, attempts }, state.ended)
    }
    case 'CARD_TOGGLED': {
      const open = state.opened.includes(event.rpcId)
      const opened = open
        ? state.opened.filter((rpcId) => rpcId !== event.rpcId)
        : [...state.opened, event.rpcId]
      return { ...state, opened }
    }
    case 'CARD_CLOSED': {
      const ended = state.ended.filter((card) => card.request.rpcId !== event.rpcId)
      if (ended.length === state.ended.length && !state.opened.includes(event.rpcId)) return state
      const { [event.rpcId]: _, ...attempts } = state.attempts
      return {
        ...state,
        ended,
        attempts,
        opened: state.opened.filter((rpcId) => rpcId !== event.rpcId),
        departures: state.departures + (ended.length === state.ended.length ? 0 : 1),
      }
    }
    default:
      return assertNever(event)
  }
}

/** This tab's own send of an ended card is in flight: the slot stays as it is. */
export function isSending(state: EndingsState): boolean {
  return state.ended.some((card) => card.ending === null)
}
