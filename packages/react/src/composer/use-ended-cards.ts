import type { ComposerOutcome, ComposerRequest } from '@parley/machine'
import type { AskUserQuestionAnswer } from '@parley/seam'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ComposerSendResult } from './controller.ts'
import { refusalOf } from './receipt.ts'
import { type Attempt, endingFor, RETIRED_LIMIT, type RetiredCard } from './retired.ts'
import type { ComposerEnding } from './settled.tsx'

/** An own key only: an rpcId such as `constructor` is a plain id. */
export function resolutionOf<T>(
  resolutions: Readonly<Record<string, T>> | undefined,
  rpcId: string,
): T | undefined {
  return resolutions && Object.hasOwn(resolutions, rpcId) ? resolutions[rpcId] : undefined
}

/** The answers requests were answered with, by `rpcId` (another tab's, that counted). */
export type EndedWith = Readonly<Record<string, AskUserQuestionAnswer>>
/** Why requests were aborted, when known, by `rpcId`. */
export type EndedBecause = Readonly<Record<string, 'server-gone'>>

/** What the host said of the requests that ended, besides their outcomes. */
export interface EndedDetails {
  stoppedAt?: number | undefined
  endedWith?: EndedWith | undefined
  endedBecause?: EndedBecause | undefined
}

/** Reads how the host took a send, by the same rule as the composer (the inbox's cards too). */
export function watchReceipt(
  result: ComposerSendResult,
  done: (status: Attempt['status']) => void,
): void {
  Promise.resolve(result).then(
    (value) => {
      const reason = refusalOf(value)
      done(reason === 'bad-response' ? 'refused' : (reason ?? 'accepted'))
    },
    () => done('failed'),
  )
}

/** How a retired card ended, by the host's outcome (and answer) and this tab's attempt. */
function endingOf(
  card: RetiredCard,
  resolutions: Readonly<Record<string, ComposerOutcome>> | undefined,
  attempts: ReadonlyMap<string, Attempt>,
  { stoppedAt, endedWith, endedBecause }: EndedDetails,
): ComposerEnding | 'leave' | null {
  const rpcId = card.request.rpcId
  const outcome = resolutionOf(resolutions, rpcId)
  const answer = resolutionOf(endedWith, rpcId)
  const because = resolutionOf(endedBecause, rpcId)
  return endingFor(card.request, outcome, attempts.get(rpcId), card.at, stoppedAt, answer, because)
}

/** A card on screen: a pending request, or one that left; `ending` is how it ended (`null`: not decided). */
interface ShownCard {
  request: ComposerRequest
  ending: ComposerEnding | null
}

/**
 * The slot's memory of cards whose request left the pending list while on
 * screen, and of this tab's own sends: which of them leave at once (the
 * user's own accepted answer or dismissal) and how the others ended.
 * `send` wraps a send to watch its receipt; `close` takes an ended card away;
 * `focusInputNext` is set when a card went and focus should go home.
 */
export function useEndedCards(
  requests: readonly ComposerRequest[],
  resolutions: Readonly<Record<string, ComposerOutcome>> | undefined,
  now: () => number,
  details: EndedDetails = {},
) {
  const { stoppedAt, endedWith, endedBecause } = details
  const active = requests[0]
  // This tab's sends, by rpcId, and the cards whose request left while on screen.
  const attempts = useRef(new Map<string, Attempt>())
  const [, setSettledSends] = useState(0)
  const [retired, setRetired] = useState<readonly RetiredCard[]>([])
  const [shown, setShown] = useState<ComposerRequest | null>(active ?? null)
  const [seenRequests, setSeenRequests] = useState(requests)
  const focusInputNext = useRef(false)
  if (seenRequests !== requests) {
    // Derived during render, so a leaving card never flashes away for a frame.
    setSeenRequests(requests)
    const pending = new Set(requests.map((request) => request.rpcId))
    const left = shown && !pending.has(shown.rpcId) ? shown : null
    setRetired((list) => {
      const kept = list.filter((card) => !pending.has(card.request.rpcId))
      return left ? [...kept, { request: left, at: now() }].slice(-RETIRED_LIMIT) : kept
    })
    setShown(active ?? null)
  }
  const cards = retired.flatMap((card) => {
    const ending = endingOf(card, resolutions, attempts.current, details)
    return ending === 'leave' ? [] : [{ request: card.request, ending }]
  })
  const leaving = cards.length !== retired.length
  useEffect(() => {
    if (!leaving) return
    focusInputNext.current = true
    setRetired((list) =>
      list.filter(
        (card) =>
          endingOf(card, resolutions, attempts.current, { stoppedAt, endedWith, endedBecause }) !==
          'leave',
      ),
    )
  }, [leaving, resolutions, stoppedAt, endedWith, endedBecause])

  const send = useCallback(
    (rpcId: string, kind: Attempt['kind'], result: ComposerSendResult): ComposerSendResult => {
      attempts.current.set(rpcId, { kind, status: 'in-flight' })
      watchReceipt(result, (status) => {
        if (attempts.current.get(rpcId)?.kind === kind)
          attempts.current.set(rpcId, { kind, status })
        setSettledSends((n) => n + 1)
      })
      return result
    },
    [],
  )
  const close = useCallback((rpcId: string) => {
    attempts.current.delete(rpcId)
    focusInputNext.current = true
    setRetired((list) => list.filter((card) => card.request.rpcId !== rpcId))
  }, [])

  return { cards: cards as ShownCard[], send, close, focusInputNext }
}
