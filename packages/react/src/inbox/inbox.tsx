import type { ClientQuestion, QuestionClientState } from '@parley/client'
import { type MouseEvent, useId, useRef } from 'react'
import { useStore } from 'zustand'
import { QuestionComposer, type QuestionComposerProps } from '../composer/question-composer.tsx'
import { useCardDeadline } from '../connection/card-deadline.tsx'
import { useQuestionClient } from '../connection/client-context.tsx'
import type { DeadlineMessages } from '../deadline/messages.ts'
import type { ComposerLocale } from '../locales/index.ts'
import { fill } from '../text/fill.ts'
import { useClientLayoutEffect } from '../text/layout-effect.ts'
import { useInboxCards } from './inbox-cards.ts'
import { age, InboxItem } from './inbox-item.tsx'
import { INBOX_MESSAGES, type InboxMessages } from './messages.ts'
import { useClock } from './time-left.tsx'
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

const sessionsOf = (state: QuestionClientState) => state.sessions

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
  const deadline = useCardDeadline({
    extendable,
    reportActivity,
    messages: deadlineMessages,
    extendPath,
    needed: waiting.find((question) => question.deadlineAt !== undefined)?.sessionId,
    now,
  })

  // A card that went took focus with it: give it to the heading, never to <body>.
  const hadFocus = useRef(false)
  useClientLayoutEffect(() => {
    const active = document.activeElement
    if (hadFocus.current && (!active || active === document.body)) headingRef.current?.focus()
  })

  const { rows, open, toggle, close, send } = useInboxCards(waiting, sessions, now)
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
