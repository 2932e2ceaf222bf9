import { lazy, Suspense } from 'react'
import type { CountdownProps } from '../deadline/countdown.tsx'

export type { DeadlineMessages } from '../deadline/messages.ts'
export type { CountdownProps as DeadlineCountdownProps }

const Countdown = lazy(() => import('../deadline/countdown.tsx'))

/**
 * A card's deadline in words ("Waiting 4 min more", in the card's language),
 * its "More time" button (with `onExtend`), and polite announcements at 5
 * and 2 minutes, 1 minute, 30 and 10 seconds left and after each extension.
 * Typing, pressing and tapping in the card (`root`) call `onActivity`, at
 * most every 10 s. Loaded as its own chunk; `SessionComposerSlot` renders it
 * in every card whose request has a `deadlineAt`.
 */
export function DeadlineCountdown(props: CountdownProps) {
  return (
    <Suspense fallback={<Placeholder extendable={props.onExtend !== undefined} />}>
      <Countdown {...props} />
    </Suspense>
  )
}

const part = (name: string) => ({ 'data-scope': 'question-composer', 'data-part': name })

/**
 * The row's place, kept while its chunk loads: the same parts, unseen and
 * unread, so the card does not grow under a pointer about to press an option
 * when the words arrive (the row measured 47 px in the demo).
 */
function Placeholder({ extendable }: { extendable: boolean }) {
  return (
    <div {...part('deadline')} data-state="loading" aria-hidden="true">
      <span {...part('deadline-text')}>{'\u00a0'}</span>
      {extendable ? <span {...part('extend')}>{'\u00a0'}</span> : null}
    </div>
  )
}
