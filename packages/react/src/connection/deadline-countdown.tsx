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
    <Suspense fallback={null}>
      <Countdown {...props} />
    </Suspense>
  )
}
