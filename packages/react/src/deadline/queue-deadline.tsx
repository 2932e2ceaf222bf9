// Like the countdown, this chunk imports React and the placeholder filler only.
import { useEffect, useRef, useState } from 'react'
import { fill } from '../text/fill.ts'
import {
  ANNOUNCE_AT_MS,
  type DeadlineMessages,
  deadlineMessages,
  remainingTime,
  SPOKEN_FOR_MS,
} from './messages.ts'

const part = (name: string) => ({ 'data-scope': 'question-composer', 'data-part': name })

/** Props of the note the "Request 1 of N" chip carries while a waiting request runs out sooner. */
export interface QueueDeadlineProps {
  /** The card's language (BCP 47). */
  lang: string
  /** The sooner request's key: a new one is announced. */
  rpcId: string
  /** The sooner request's place in the queue (2 or more). */
  position: number
  /** When the host stops waiting for it, in ms since the epoch. */
  deadlineAt: number
  messages?: Partial<DeadlineMessages> | undefined
  now?: (() => number) | undefined
}

function useLeft(deadlineAt: number, now: () => number): number {
  const [at, setAt] = useState(now)
  useEffect(() => {
    const timer = setInterval(() => setAt(now()), 1000)
    return () => clearInterval(timer)
  }, [now])
  return deadlineAt - at
}

/** " · 40 sec left on request 2", for the chip, refreshed every second (not a live region). */
export function QueueDeadlineText({
  lang,
  position,
  deadlineAt,
  messages,
  now = Date.now,
}: QueueDeadlineProps) {
  const words = deadlineMessages(lang, messages)
  const left = useLeft(deadlineAt, now)
  return (
    <span {...part('queue-deadline')} data-state={left <= 60_000 ? 'urgent' : 'waiting'}>
      {fill(words.queueSooner, { time: remainingTime(left, lang), index: position })}
    </span>
  )
}

/**
 * A polite live region that says "Request 2 runs out first: 40 sec left."
 * once when a request starts running out first, then at 5 and 2 minutes,
 * 1 minute, 30 and 10 seconds left, never every second. Kept out of the
 * chip, so the chip reads the same with and without an announcement.
 */
export function QueueDeadlineAnnouncer({
  lang,
  rpcId,
  position,
  deadlineAt,
  messages,
  now = Date.now,
}: QueueDeadlineProps) {
  const words = deadlineMessages(lang, messages)
  const [spoken, setSpoken] = useState('')
  const left = useLeft(deadlineAt, now)
  const time = remainingTime(left, lang)
  const before = useRef<{ rpcId: string; left: number } | null>(null)

  useEffect(() => {
    const last = before.current
    before.current = { rpcId, left }
    const crossed = last && ANNOUNCE_AT_MS.some((mark) => last.left > mark && left <= mark)
    if (last?.rpcId !== rpcId || crossed)
      setSpoken(fill(words.queueSoonerSpoken, { time, index: position }))
  }, [rpcId, left, time, position, words.queueSoonerSpoken])

  // Said once, then cleared: a reader who comes back to the region never hears an old time.
  useEffect(() => {
    if (!spoken) return
    const timer = setTimeout(() => setSpoken(''), SPOKEN_FOR_MS)
    return () => clearTimeout(timer)
  }, [spoken])

  return (
    <span {...part('queue-deadline-announcer')} aria-live="polite">
      {spoken}
    </span>
  )
}
