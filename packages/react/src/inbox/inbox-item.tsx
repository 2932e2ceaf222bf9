// One row of the inbox: who asks, in which chat, how long ago, the time left,
// and the card answered in place under it.
import type { ClientQuestion } from '@parley/client'
import { askerChain } from '@parley/seam'
import { type MouseEvent, type ReactNode, useId } from 'react'
import { displayText } from '../text/display-text.ts'
import { fill } from '../text/fill.ts'
import type { InboxMessages } from './messages.ts'
import { TimeLeft } from './time-left.tsx'

/** `ms` ago in the locale's words ("now", "3 minutes ago", "3分前"). */
export function age(ms: number, lang: string): string {
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' })
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 45) return format.format(0, 'second')
  if (seconds < 3600) return format.format(-Math.max(1, Math.round(seconds / 60)), 'minute')
  if (seconds < 86_400) return format.format(-Math.round(seconds / 3600), 'hour')
  return format.format(-Math.round(seconds / 86_400), 'day')
}

export interface InboxItemProps {
  question: ClientQuestion
  ended: boolean
  expanded: boolean
  text: InboxMessages
  lang: string
  age: string
  now: () => number
  session: string
  href: string | undefined
  onOpen: ((question: ClientQuestion, event: MouseEvent<HTMLAnchorElement>) => void) | undefined
  onToggle(): void
  children: ReactNode
}

export function InboxItem({
  question,
  ended,
  expanded,
  text,
  lang,
  age: shownAge,
  now,
  session,
  href,
  onOpen,
  onToggle,
  children,
}: InboxItemProps) {
  const id = useId()
  const [first] = question.questions
  const more = question.questions.length - 1
  const asker = question.asker ? askerChain(question.asker) : text.inboxAssistant
  const shown = expanded || ended
  return (
    <li
      data-scope="inbox"
      data-part="item"
      data-state={ended ? 'ended' : expanded ? 'answering' : 'waiting'}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-meta`}
    >
      <p data-scope="inbox" data-part="meta" id={`${id}-meta`}>
        <span data-scope="inbox" data-part="asker" dir="auto">
          {displayText(asker)}
        </span>
        <span data-scope="inbox" data-part="session" dir="auto">
          {displayText(session)}
        </span>
        <time
          data-scope="inbox"
          data-part="age"
          dateTime={new Date(question.requestedAt).toISOString()}
        >
          {shownAge}
        </time>
        {question.deadlineAt !== undefined && !ended ? (
          <TimeLeft deadlineAt={question.deadlineAt} lang={lang} text={text} now={now} />
        ) : null}
      </p>
      <p data-scope="inbox" data-part="title" id={`${id}-title`} dir="auto">
        {displayText(first?.question ?? '')}
        {more > 0 ? (
          <span data-scope="inbox" data-part="more">
            {' '}
            {fill(text.inboxMore, { count: more })}
          </span>
        ) : null}
      </p>
      {question.asker?.reason ? (
        <p data-scope="inbox" data-part="reason" dir="auto">
          {displayText(question.asker.reason)}
        </p>
      ) : null}
      {ended ? null : (
        <div data-scope="inbox" data-part="actions">
          <button
            type="button"
            data-scope="inbox"
            data-part="answer-here"
            aria-expanded={expanded}
            aria-controls={`${id}-card`}
            aria-describedby={`${id}-title`}
            onClick={onToggle}
          >
            {expanded ? text.inboxHide : text.inboxAnswerHere}
          </button>
          {href !== undefined ? (
            <a
              data-scope="inbox"
              data-part="open-chat"
              href={href}
              aria-describedby={`${id}-title`}
              onClick={(event) => onOpen?.(question, event)}
            >
              {text.inboxOpenChat}
            </a>
          ) : null}
        </div>
      )}
      <div data-scope="inbox" data-part="card" id={`${id}-card`} hidden={!shown}>
        {shown ? children : null}
      </div>
    </li>
  )
}
