import type { ClientQuestion, QuestionClientState } from '@parley/client'
import type { ComposerOutcome } from '@parley/machine'
import { askerChain } from '@parley/seam'
import { type MouseEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { QuestionComposer, type QuestionComposerProps } from '../composer/question-composer.tsx'
import { type Attempt, endingFor } from '../composer/retired.ts'
import type { ComposerEnding } from '../composer/settled.tsx'
import { watchReceipt } from '../composer/use-ended-cards.ts'
import { useCardDeadline } from '../connection/card-deadline.tsx'
import { useQuestionClient } from '../connection/client-context.tsx'
import type { DeadlineMessages } from '../deadline/messages.ts'
import type { ComposerLocale } from '../locales/index.ts'
import { displayText } from '../text/display-text.ts'
import { fill } from '../text/fill.ts'
import { useClientLayoutEffect } from '../text/layout-effect.ts'
import { INBOX_MESSAGES, type InboxMessages } from './messages.ts'
import { TimeLeft, useClock } from './time-left.tsx'
import { useInbox } from './use-inbox.ts'

/** Props of {@link Inbox}. */
export interface InboxProps {
  /** The title of a question's chat ("Release checklist"). @default the session id */
  sessionTitle?: ((sessionId: string) => string | undefined) | undefined
  /**
   * The address of a question's chat (its deep link, such as
   * `/s/:sessionId?q=:rpcId`). Without it there is no "Open chat" link.
   */
  hrefFor?: ((question: ClientQuestion) => string) | undefined
  /**
   * Called when "Open chat" is followed; call `event.preventDefault()` to
   * route inside the app instead of loading the address.
   */
  onOpen?: ((question: ClientQuestion, event: MouseEvent<HTMLAnchorElement>) => void) | undefined
  /** @default 'en' */
  locale?: ComposerLocale | undefined
  /** Overrides of any of its strings. */
  messages?: Partial<InboxMessages> | undefined
  /** Options of the cards answered in place (theme, draft storage, the composer's own strings…). */
  composer?: Pick<
    QuestionComposerProps,
    'theme' | 'draftStorage' | 'messages' | 'stateReducer' | 'onSendAsMessage'
  >
  /** The heading's level. @default 2 */
  headingLevel?: 2 | 3 | 4 | undefined
  /** The cards answered here offer "More time" on a deadline (the host decides how much). @default true */
  extendable?: boolean | undefined
  /**
   * Tell the host when the person types or chooses in a card with a deadline
   * (at most every 10 s), as `SessionComposerSlot` does. @default true
   */
  reportActivity?: boolean | undefined
  /** Overrides of the cards' countdown strings. */
  deadlineMessages?: Partial<DeadlineMessages> | undefined
  /** The host's extend route. @default '/api/extend' */
  extendPath?: string | undefined
  /** Clock in ms, injectable for tests. @default Date.now */
  now?: (() => number) | undefined
  /** How often the ages refresh (ms); the time left on a deadline refreshes every second. @default 30000 */
  tickMs?: number | undefined
  className?: string | undefined
}

/** A card answered in place whose question left the waiting list. */
interface Kept {
  question: ClientQuestion
  at: number
}

const sessionsOf = (state: QuestionClientState) => state.sessions

/** How the host resolved `question` (own keys only), when it said. */
function outcomeOf(
  sessions: QuestionClientState['sessions'],
  question: ClientQuestion,
): ComposerOutcome | undefined {
  const session = Object.hasOwn(sessions, question.sessionId)
    ? sessions[question.sessionId]
    : undefined
  return session && Object.hasOwn(session.resolutions, question.rpcId)
    ? session.resolutions[question.rpcId]
    : undefined
}

/** The answer that counted for `question` (own keys only), when the host said. */
function answerOf(sessions: QuestionClientState['sessions'], question: ClientQuestion) {
  const session = Object.hasOwn(sessions, question.sessionId)
    ? sessions[question.sessionId]
    : undefined
  return session && Object.hasOwn(session.endedWith, question.rpcId)
    ? session.endedWith[question.rpcId]
    : undefined
}

/** `ms` ago in the locale's words ("now", "3 minutes ago", "3分前"). */
function age(ms: number, lang: string): string {
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' })
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 45) return format.format(0, 'second')
  if (seconds < 3600) return format.format(-Math.max(1, Math.round(seconds / 60)), 'minute')
  if (seconds < 86_400) return format.format(-Math.round(seconds / 3600), 'hour')
  return format.format(-Math.round(seconds / 86_400), 'day')
}

/**
 * One inbox across sessions: every question waiting for this principal,
 * oldest first, each with who asks, its chat, its age, the time left on its
 * deadline and a link to the chat, answerable in place ("Answer here" opens
 * its card under it, with the countdown and "More time" on a deadline). The
 * count sits in a polite live region, so arrivals and departures are
 * announced. A card answered in place that ends another way (answered in
 * another tab, timed out) stays, settled, until closed. Needs a
 * `QuestionClientProvider`; styled under `[data-scope="inbox"]` in `styles.css`.
 */
export function Inbox({
  sessionTitle,
  hrefFor,
  onOpen,
  locale = 'en',
  messages,
  composer,
  headingLevel = 2,
  extendable = true,
  reportActivity = true,
  deadlineMessages,
  extendPath,
  now = Date.now,
  tickMs = 30_000,
  className,
}: InboxProps) {
  const client = useQuestionClient()
  const waiting = useInbox()
  const sessions = useStore(client.store, sessionsOf)
  const text = { ...(INBOX_MESSAGES[locale] ?? INBOX_MESSAGES.en), ...messages }
  const lang = locale
  const time = useClock(now, tickMs)
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set())
  const [kept, setKept] = useState<readonly Kept[]>([])
  const [seen, setSeen] = useState(waiting)
  const attempts = useRef(new Map<string, Attempt>())
  const [, setSettled] = useState(0)
  const deadline = useCardDeadline({
    extendable,
    reportActivity,
    messages: deadlineMessages,
    extendPath,
    needed: waiting.find((question) => question.deadlineAt !== undefined)?.sessionId,
    now,
  })

  if (seen !== waiting) {
    // Derived in render, so a card answered in place never flashes away for a frame.
    setSeen(waiting)
    const pending = new Set(waiting.map((question) => question.rpcId))
    const left = seen.filter((question) => !pending.has(question.rpcId) && open.has(question.rpcId))
    if (left.length > 0)
      setKept((list) => [...list, ...left.map((question) => ({ question, at: now() }))])
  }

  const endingOf = (question: ClientQuestion, at: number) =>
    endingFor(
      question,
      outcomeOf(sessions, question),
      attempts.current.get(question.rpcId),
      at,
      undefined,
      answerOf(sessions, question),
    )
  const ended = kept.flatMap((card) => {
    const ending = endingOf(card.question, card.at)
    return ending === 'leave' ? [] : [{ question: card.question, ending }]
  })
  const leaving = ended.length !== kept.length
  // biome-ignore lint/correctness/useExhaustiveDependencies: endingOf reads the same sessions
  useEffect(() => {
    if (!leaving) return
    setKept((list) => list.filter((card) => endingOf(card.question, card.at) !== 'leave'))
  }, [leaving, sessions])

  // A card that went took focus with it: give it to the heading, never to <body>.
  const hadFocus = useRef(false)
  useClientLayoutEffect(() => {
    const active = document.activeElement
    if (hadFocus.current && (!active || active === document.body)) headingRef.current?.focus()
  })

  const send = useCallback((rpcId: string, kind: Attempt['kind'], result: Promise<unknown>) => {
    attempts.current.set(rpcId, { kind, status: 'in-flight' })
    watchReceipt(result, (status) => {
      if (attempts.current.get(rpcId)?.kind === kind) attempts.current.set(rpcId, { kind, status })
      setSettled((n) => n + 1)
    })
    return result
  }, [])
  const toggle = (rpcId: string) =>
    setOpen((current) => {
      const next = new Set(current)
      if (!next.delete(rpcId)) next.add(rpcId)
      return next
    })
  const close = (rpcId: string) => {
    setKept((list) => list.filter((card) => card.question.rpcId !== rpcId))
    setOpen((current) => {
      const next = new Set(current)
      next.delete(rpcId)
      return next
    })
  }

  const rows: { question: ClientQuestion; ending?: ComposerEnding | null }[] = [
    ...waiting.map((question) => ({ question })),
    ...ended,
  ].sort((a, b) => a.question.requestedAt - b.question.requestedAt)
  const Heading = `h${headingLevel}` as const

  return (
    <section
      data-scope="inbox"
      data-part="root"
      data-state={waiting.length > 0 ? 'waiting' : 'empty'}
      aria-labelledby={headingId}
      className={className}
      lang={lang}
      onFocus={() => {
        hadFocus.current = true
      }}
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget))
          hadFocus.current = false
      }}
    >
      <div data-scope="inbox" data-part="header">
        <Heading
          id={headingId}
          data-scope="inbox"
          data-part="heading"
          tabIndex={-1}
          ref={headingRef}
        >
          {text.inboxHeading}
        </Heading>
        <p data-scope="inbox" data-part="count" role="status">
          {fill(text.inboxCount, { count: waiting.length })}
        </p>
      </div>
      {rows.length === 0 ? (
        <p data-scope="inbox" data-part="empty">
          {text.inboxEmpty}
        </p>
      ) : (
        <ol data-scope="inbox" data-part="list">
          {rows.map(({ question, ending }) => (
            <InboxItem
              key={question.rpcId}
              question={question}
              ended={Boolean(ending)}
              expanded={open.has(question.rpcId)}
              text={text}
              lang={lang}
              age={age(time - question.requestedAt, lang)}
              now={now}
              session={sessionTitle?.(question.sessionId) ?? question.sessionId}
              href={hrefFor?.(question)}
              onOpen={onOpen}
              onToggle={() => toggle(question.rpcId)}
            >
              <QuestionComposer
                {...composer}
                locale={locale}
                request={question}
                ending={ending ?? undefined}
                onAnswer={(answer) =>
                  send(
                    question.rpcId,
                    'answer',
                    client.respond(question.rpcId, question.sessionId, answer),
                  )
                }
                onCancel={() =>
                  send(question.rpcId, 'cancel', client.cancel(question.rpcId, question.sessionId))
                }
                onClose={() => close(question.rpcId)}
                extra={(card) => deadline(card, question.sessionId)}
              />
            </InboxItem>
          ))}
        </ol>
      )}
    </section>
  )
}

interface InboxItemProps {
  question: ClientQuestion
  ended: boolean
  expanded: boolean
  text: InboxMessages
  lang: string
  age: string
  now: () => number
  session: string
  href: string | undefined
  onOpen: InboxProps['onOpen']
  onToggle(): void
  children: React.ReactNode
}

function InboxItem({
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
