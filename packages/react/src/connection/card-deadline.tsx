import { extendDeadline, extendRouteExists } from '@parley/client/extend'
import { type ReactNode, useCallback, useRef } from 'react'
import type { ComposerCardInfo } from '../composer/question-composer.tsx'
import type { DeadlineMessages } from '../deadline/messages.ts'
import { useQuestionClient } from './client-context.tsx'
import { DeadlineCountdown } from './deadline-countdown.tsx'
import { useRouteExists } from './use-route-exists.ts'

/** How a card's countdown behaves: the props `SessionComposerSlot` and `Inbox` share. */
export interface CardDeadlineOptions {
  /** Cards with a deadline offer "More time" (the host decides how much). */
  extendable: boolean
  /** Typing and choosing in a card with a deadline are reported to the host. */
  reportActivity: boolean
  messages?: Partial<DeadlineMessages> | undefined
  /** The host's extend route. @default '/api/extend' */
  extendPath?: string | undefined
  /**
   * The session of a card with a deadline, or `undefined` when none has one:
   * only then is the host asked whether its extend route is mounted (the
   * check names that session, which the person may see).
   */
  needed: string | undefined
  now?: (() => number) | undefined
}

/**
 * Renders a card's countdown with "More time" (asked of the host through the
 * nearest `QuestionClientProvider`) and its activity reports, or nothing for
 * a card without a deadline or one that ended. After the host says it does
 * not extend on activity for a question, that question reports no more; a
 * host whose extend route was never mounted gets neither.
 */
export function useCardDeadline({
  extendable,
  reportActivity,
  messages,
  extendPath,
  needed,
  now,
}: CardDeadlineOptions): (card: ComposerCardInfo, sessionId: string) => ReactNode {
  const client = useQuestionClient()
  // Questions whose host said it does not extend on activity: not asked again.
  const quiet = useRef(new Set<string>())
  // A host whose extend route was never mounted: no More time, no activity posts.
  const extendRoute = useRouteExists(
    extendPath ?? '/api/extend',
    (extendable || reportActivity) && needed !== undefined,
    (own) => extendRouteExists(own, needed ?? '', { path: extendPath }),
  )
  return useCallback(
    (card, sessionId) => {
      const { request } = card
      if (request.deadlineAt === undefined || card.ending) return null
      const { rpcId } = request
      const extend = (reason: 'user' | 'activity') =>
        extendDeadline(client, rpcId, sessionId, reason, { path: extendPath })
      const onActivity = () => {
        if (quiet.current.has(rpcId)) return
        extend('activity').then(
          (receipt) => {
            if (!receipt.extended && receipt.reason !== 'not-due') quiet.current.add(rpcId)
          },
          () => {},
        )
      }
      return (
        <DeadlineCountdown
          root={card.root}
          lang={card.lang}
          deadlineAt={request.deadlineAt}
          onExtend={extendable && extendRoute === true ? () => extend('user') : undefined}
          onActivity={reportActivity && extendRoute !== false ? onActivity : undefined}
          messages={messages}
          now={now}
        />
      )
    },
    [client, extendPath, extendable, extendRoute, reportActivity, messages, now],
  )
}
