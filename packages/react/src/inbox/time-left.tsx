import { useEffect, useState } from 'react'
import { remainingTime } from '../deadline/messages.ts'
import { fill } from '../text/fill.ts'
import type { InboxMessages } from './messages.ts'

/** Re-renders every `tickMs` so ages stay current. */
export function useClock(now: () => number, tickMs: number): number {
  const [time, setTime] = useState(now)
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), tickMs)
    return () => clearInterval(timer)
  }, [now, tickMs])
  return time
}

/** The time left on a row's deadline ("45 sec left"), refreshed every second; not a live region. */
export function TimeLeft({
  deadlineAt,
  lang,
  text,
  now,
}: {
  deadlineAt: number
  lang: string
  text: InboxMessages
  now: () => number
}) {
  const left = deadlineAt - useClock(now, 1000)
  return (
    <span
      data-scope="inbox"
      data-part="deadline"
      data-state={left <= 0 ? 'expired' : left <= 60_000 ? 'urgent' : 'waiting'}
    >
      {left <= 0 ? text.inboxTimeUp : fill(text.inboxTimeLeft, { time: remainingTime(left, lang) })}
    </span>
  )
}
