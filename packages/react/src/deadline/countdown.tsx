// This chunk imports React and, of what the composer's eager chunk holds, only
// the one placeholder filler (`text/fill.ts`, a few lines): a bundler that
// splits shared code into its own chunk makes that one tiny.
import { useEffect, useRef, useState } from 'react'
import type { ComposerSendResult } from '../composer/controller.ts'
import { fill } from '../text/fill.ts'
import {
  ANNOUNCE_AT_MS,
  type DeadlineMessages,
  deadlineMessages,
  remainingTime,
  SPOKEN_FOR_MS,
} from './messages.ts'

const part = (name: string) => ({ 'data-scope': 'question-composer', 'data-part': name })

/** Props of the countdown a card with a deadline shows (set by `QuestionComposer`). */
export interface CountdownProps {
  /** The card's root element: activity is what happens inside it. */
  root: { readonly current: HTMLElement | null }
  /** The card's language (BCP 47). */
  lang: string
  /** When the host stops waiting, in ms since the epoch. */
  deadlineAt: number
  /** Asks for more time; without it there is no "More time" button. Its result is read as the host's receipt. */
  onExtend?: (() => ComposerSendResult) | undefined
  /** The person typed or chose something in the card (called at most every {@link ACTIVITY_EVERY_MS}). */
  onActivity?: (() => void) | undefined
  messages?: Partial<DeadlineMessages> | undefined
  now?: (() => number) | undefined
}

/** Activity is reported at most this often. */
export const ACTIVITY_EVERY_MS = 10_000

type ExtendState = 'idle' | 'busy' | 'at-limit' | 'failed'

/** How a receipt of `onExtend` reads: the host's `{ extended: false, reason: 'at-limit' }` ends the offer. */
function extendStateOf(value: unknown): ExtendState {
  if (typeof value !== 'object' || value === null) return 'idle'
  return Reflect.get(value, 'reason') === 'at-limit' ? 'at-limit' : 'idle'
}

/**
 * The deadline in words ("Waiting 4 min more"), the "More time" button, and
 * a polite live region that speaks at 5 and 2 minutes, 1 minute, 30 and 10
 * seconds left and after each extension, never every second. Typing,
 * pressing and tapping in the card are reported as activity.
 */
export default function Countdown({
  root,
  lang,
  deadlineAt,
  onExtend,
  onActivity,
  messages,
  now = Date.now,
}: CountdownProps) {
  const words = deadlineMessages(lang, messages)
  const [at, setAt] = useState(now)
  const [spoken, setSpoken] = useState('')
  const [extending, setExtending] = useState<ExtendState>('idle')
  const before = useRef({ deadlineAt, left: deadlineAt - at })
  const left = deadlineAt - at
  const time = remainingTime(left, lang)

  useEffect(() => {
    const timer = setInterval(() => setAt(now()), 1000)
    return () => clearInterval(timer)
  }, [now])

  useEffect(() => {
    const last = before.current
    before.current = { deadlineAt, left }
    if (deadlineAt > last.deadlineAt) setSpoken(fill(words.extended, { time }))
    else if (ANNOUNCE_AT_MS.some((mark) => last.left > mark && left <= mark))
      setSpoken(fill(words.waiting, { time }))
  }, [deadlineAt, left, time, words.extended, words.waiting])

  // Said once, then cleared: a reader who comes back to the region never hears an old time.
  useEffect(() => {
    if (!spoken) return
    const timer = setTimeout(() => setSpoken(''), SPOKEN_FOR_MS)
    return () => clearTimeout(timer)
  }, [spoken])

  useEffect(() => {
    const card = root.current
    if (!card || !onActivity) return
    let last = Number.NEGATIVE_INFINITY
    const onEvent = (event: Event) => {
      // "More time" is its own request, not activity.
      if (event.target instanceof Element && event.target.closest('[data-part="deadline"]')) return
      const moment = now()
      if (moment - last < ACTIVITY_EVERY_MS) return
      last = moment
      onActivity()
    }
    const kinds = ['input', 'keydown', 'pointerdown'] as const
    for (const kind of kinds) card.addEventListener(kind, onEvent)
    return () => {
      for (const kind of kinds) card.removeEventListener(kind, onEvent)
    }
  }, [root, onActivity, now])

  const extend = () => {
    if (!onExtend || extending === 'busy') return
    setExtending('busy')
    Promise.resolve(onExtend()).then(
      (value) => setExtending(extendStateOf(value)),
      () => setExtending('failed'),
    )
  }

  const note =
    extending === 'at-limit' ? words.atLimit : extending === 'failed' ? words.extendFailed : null
  return (
    <div
      {...part('deadline')}
      data-state={left <= 0 ? 'expired' : left <= 60_000 ? 'urgent' : 'waiting'}
    >
      <span {...part('deadline-text')}>
        {left <= 0 ? words.timeUp : fill(words.waiting, { time })}
      </span>
      {onExtend && left > 0 && extending !== 'at-limit' ? (
        <button
          type="button"
          {...part('extend')}
          aria-disabled={extending === 'busy' || undefined}
          onClick={extend}
        >
          {extending === 'busy' ? words.extending : words.extend}
        </button>
      ) : null}
      {note ? <span {...part('deadline-note')}>{note}</span> : null}
      <span {...part('deadline-announcer')} aria-live="polite">
        {spoken}
      </span>
    </div>
  )
}
