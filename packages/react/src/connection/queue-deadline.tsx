import { lazy, Suspense } from 'react'
import type { QueueDeadlineProps } from '../deadline/queue-deadline.tsx'

const Text = lazy(() =>
  import('../deadline/queue-deadline.tsx').then((module) => ({
    default: module.QueueDeadlineText,
  })),
)
const Announcer = lazy(() =>
  import('../deadline/queue-deadline.tsx').then((module) => ({
    default: module.QueueDeadlineAnnouncer,
  })),
)

/** " · 40 sec left on request 2" in the "Request 1 of N" chip; loaded with its own chunk. */
export function QueueDeadlineText(props: QueueDeadlineProps) {
  return (
    <Suspense fallback={null}>
      <Text {...props} />
    </Suspense>
  )
}

/** The polite announcement that a waiting request runs out first (once, then at a few marks). */
export function QueueDeadlineAnnouncer(props: QueueDeadlineProps) {
  return (
    <Suspense fallback={null}>
      <Announcer {...props} />
    </Suspense>
  )
}
