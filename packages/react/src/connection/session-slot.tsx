import { type ClientQuestion, selectSessionEndedBecause } from '@parley/client'
import type { ComposerEnding } from '@parley/machine'
import { queueOrder, soonerInQueue } from '@parley/machine'
import type { AskUserQuestionAnswer } from '@parley/seam'
import { useCallback, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { ComposerSlot, type ComposerSlotProps } from '../composer/composer-slot.tsx'
import type { ComposerCardInfo } from '../composer/question-composer.tsx'
import type { DeadlineMessages } from '../deadline/messages.ts'
import { fill } from '../text/fill.ts'
import { useCardDeadline } from './card-deadline.tsx'
import { useQuestionClient } from './client-context.tsx'
import {
  useCancel,
  useRespond,
  useSessionEndedBy,
  useSessionEndedWith,
  useSessionQuestions,
  useSessionResolutions,
} from './hooks.ts'
import { CONNECTION_MESSAGES } from './messages.ts'
import { QueueDeadlineAnnouncer, QueueDeadlineText } from './queue-deadline.tsx'

/** Props of {@link SessionComposerSlot}: a `ComposerSlot` whose requests come from the client. */
export interface SessionComposerSlotProps
  extends Omit<
    ComposerSlotProps,
    'requests' | 'resolutions' | 'endedWith' | 'endedBecause' | 'onAnswer' | 'onCancel'
  > {
  /** The conversation whose pending questions take over the chat input. */
  sessionId: string
  /**
   * Opens this question first while it is pending (a deep link: a
   * notification, a pasted address), however many arrived before it.
   */
  openRpcId?: string | undefined
  /** Cards with a deadline offer "More time" (the host decides how much). @default true */
  extendable?: boolean | undefined
  /**
   * Tell the host when the person types or chooses in a card with a
   * deadline, so a host whose policy extends on activity can (at most every
   * 10 s; after the host says `activity-off` for a question, no more). @default true
   */
  reportActivity?: boolean | undefined
  /** Overrides of the countdown's strings. */
  deadlineMessages?: Partial<DeadlineMessages> | undefined
  /** The host's extend route. @default '/api/extend' */
  extendPath?: string | undefined
}

/** The request `openRpcId` names first, the others in the order given. */
function openedFirst(
  requests: readonly ClientQuestion[],
  openRpcId: string | undefined,
): readonly ClientQuestion[] {
  const at = openRpcId === undefined ? -1 : requests.findIndex((q) => q.rpcId === openRpcId)
  const linked = requests[at]
  if (at <= 0 || !linked) return requests
  return [linked, ...requests.slice(0, at), ...requests.slice(at + 1)]
}

/**
 * `ComposerSlot` wired to the nearest `QuestionClientProvider`: the session's
 * pending requests take over the chat input, answers and cancels go to the
 * host, the host's outcomes reach the slot as `resolutions`, and the chat
 * input comes back once the host resolves them. The request that runs out
 * first is met first, and the card on screen stays (`queueOrder`); while a
 * waiting request runs out sooner than it, the chip says so ("Request 1 of 3
 * · 40 sec left on request 2"). A card whose request has a deadline shows its
 * countdown with "More time"; a card answered or dismissed in another window
 * says which and when ("Answered in another window at 10:42 (Chrome on macOS)."),
 * and an answered one shows the answer that counted when the host sent it,
 * this tab's drafts as "Your unsent draft".
 */
export function SessionComposerSlot({
  sessionId,
  openRpcId,
  extendable = true,
  reportActivity = true,
  deadlineMessages,
  extendPath,
  describeEnding,
  extra,
  ...slotProps
}: SessionComposerSlotProps) {
  const pending = useSessionQuestions(sessionId)
  // The request on screen: it keeps its place while it waits (see queueOrder).
  const [shown, setShown] = useState<string | undefined>(undefined)
  const requests = useMemo(
    () => openedFirst(queueOrder(pending, shown), openRpcId),
    [pending, shown, openRpcId],
  )
  const front = requests[0]?.rpcId
  if (front !== undefined && front !== shown) setShown(front)
  const sooner = soonerInQueue(requests)
  const resolutions = useSessionResolutions(sessionId)
  const endedBy = useSessionEndedBy(sessionId)
  const endedWith = useSessionEndedWith(sessionId)
  const endedBecause = useStore(
    useQuestionClient().store,
    useCallback((state) => selectSessionEndedBecause(state, sessionId), [sessionId]),
  )
  const respond = useRespond()
  const cancel = useCancel()
  const { mutateAsync: sendAnswer } = respond
  const { mutateAsync: sendCancel } = cancel
  const onAnswer = useCallback(
    (rpcId: string, answer: AskUserQuestionAnswer) => sendAnswer({ rpcId, sessionId, answer }),
    [sendAnswer, sessionId],
  )
  const onCancel = useCallback(
    (rpcId: string) => sendCancel({ rpcId, sessionId }),
    [sendCancel, sessionId],
  )
  const words = CONNECTION_MESSAGES[slotProps.locale ?? 'en'] ?? CONNECTION_MESSAGES.en

  const tellEnding = useCallback(
    (ending: ComposerEnding, request: ComposerCardInfo['request']) => {
      const own = describeEnding?.(ending, request)
      if (own !== undefined) return own
      const by = Object.hasOwn(endedBy, request.rpcId) ? endedBy[request.rpcId] : undefined
      if (!by || (ending.kind !== 'answered-elsewhere' && ending.kind !== 'cancelled-elsewhere'))
        return undefined
      const template =
        ending.kind === 'answered-elsewhere' ? words.answeredInWindow : words.dismissedInWindow
      const time = new Intl.DateTimeFormat(slotProps.locale ?? 'en', { timeStyle: 'short' }).format(
        by.at,
      )
      return fill(template, { time, client: by.label ? ` (${by.label})` : '' })
    },
    [describeEnding, endedBy, words, slotProps.locale],
  )

  const deadline = useCardDeadline({
    extendable,
    reportActivity,
    messages: deadlineMessages,
    extendPath,
    needed: pending.some((request) => request.deadlineAt !== undefined) ? sessionId : undefined,
  })
  const lang = slotProps.locale ?? 'en'
  const soonerId = sooner?.request.rpcId
  const soonerAt = sooner?.deadlineAt
  const soonerPosition = sooner?.position
  const soonerProps = useMemo(
    () =>
      soonerId !== undefined && soonerAt !== undefined && soonerPosition !== undefined
        ? {
            lang,
            rpcId: soonerId,
            position: soonerPosition,
            deadlineAt: soonerAt,
            messages: deadlineMessages,
          }
        : undefined,
    [lang, soonerId, soonerPosition, soonerAt, deadlineMessages],
  )
  const renderExtra = useCallback(
    (card: ComposerCardInfo) => (
      <>
        {deadline(card, sessionId)}
        {soonerProps && card.request.rpcId === front && !card.ending ? (
          <QueueDeadlineAnnouncer {...soonerProps} lang={card.lang} />
        ) : null}
        {extra?.(card)}
      </>
    ),
    [deadline, sessionId, extra, soonerProps, front],
  )

  return (
    <ComposerSlot
      {...slotProps}
      requests={requests}
      resolutions={resolutions}
      endedWith={endedWith}
      endedBecause={endedBecause}
      onAnswer={onAnswer}
      onCancel={onCancel}
      describeEnding={tellEnding}
      extra={renderExtra}
      queueNote={soonerProps ? <QueueDeadlineText {...soonerProps} /> : undefined}
    />
  )
}
