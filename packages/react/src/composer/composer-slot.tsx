import { type ComposerOutcome, type ComposerRequest, ownEntry } from '@parley/machine'
import type { AskUserQuestionAnswer } from '@parley/seam'
import type { ReactNode } from 'react'
import { useRef } from 'react'
import { useClientLayoutEffect } from '../text/layout-effect.ts'
import type { ComposerSendResult } from './controller.ts'
import { focusIsLost } from './focus.ts'
import { QuestionComposer, type QuestionComposerProps } from './question-composer.tsx'
import { firstFocusable, titleIn, useTakeover } from './slot-takeover.ts'
import { useEndedCards } from './use-ended-cards.ts'

/** Props of `ComposerSlot`. */
export interface ComposerSlotProps
  extends Omit<
    QuestionComposerProps,
    'request' | 'onAnswer' | 'onCancel' | 'queue' | 'resolution' | 'className'
  > {
  /**
   * The session's pending requests in the order the person meets them (arrival
   * order, or `queueOrder` of `@parley/machine`); the first owns the composer.
   */
  requests: readonly ComposerRequest[]
  /**
   * Said in the "Request 1 of N" chip after the position: `SessionComposerSlot`
   * puts " · 40 sec left on request 2" here while a waiting request runs out first.
   */
  queueNote?: ReactNode
  /**
   * Sends the answer of request `rpcId`. What it returns is read as a
   * receipt: a promise (or any thenable, such as AI SDK's `addToolOutput`)
   * that resolves with `{ accepted: false, reason }` is refused and the user
   * can retry; one that resolves with anything else (a `RespondReceipt` with
   * `accepted: true`, `undefined`) is accepted; one that rejects is a
   * transport failure. Returning nothing (`void`) accepts at once.
   */
  onAnswer: (rpcId: string, answer: AskUserQuestionAnswer) => ComposerSendResult
  /** Cancels request `rpcId`. Its return is read like `onAnswer`'s. */
  onCancel: (rpcId: string) => ComposerSendResult
  /**
   * Host-broadcast outcomes by `rpcId` (own keys only); a present one
   * settles that card. `SessionComposerSlot` passes `useSessionResolutions`.
   */
  resolutions?: Readonly<Record<string, ComposerOutcome>> | undefined
  /**
   * The answers requests were answered with, by `rpcId` (own keys only): a
   * card answered in another tab shows the one that counted, and its own
   * drafts as "Your unsent draft". `SessionComposerSlot` passes `useSessionEndedWith`.
   */
  endedWith?: Readonly<Record<string, AskUserQuestionAnswer>> | undefined
  /**
   * Why requests were aborted, when known, by `rpcId` (own keys only): a
   * `server-gone` card says the server stopped or restarted.
   * `SessionComposerSlot` passes the client's `selectSessionEndedBecause`.
   */
  endedBecause?: Readonly<Record<string, 'server-gone'>> | undefined
  /** The chat input. Stays mounted (hidden and inert) while a request is pending. */
  children?: ReactNode
  /**
   * Sends text as a chat message. When given, a card that ended without this
   * tab's answer offers "Send as a message" with the user's drafts.
   */
  onSendAsMessage?: ((text: string) => void) | undefined
  /**
   * A user who typed in the chat input within this many ms keeps focus. A
   * user whose focus is in the chat input with unsent text keeps it for as
   * long as that lasts (until they send, clear or leave it). @default 1000
   */
  typingGraceMs?: number | undefined
  /** Clock in ms, injectable for tests. @default Date.now */
  now?: (() => number) | undefined
  /**
   * `overlay`: cards are laid over what is above the slot (the conversation's
   * end), bottom-anchored on the chat input's place, which keeps its box
   * under them; taking over and handing back move nothing on the page.
   * `inline`: a card takes the input's place in the flow. @default 'inline'
   */
  layout?: 'inline' | 'overlay' | undefined
  /**
   * When this tab's user stopped the agent (`Date.now()` at its Stop button).
   * Requests that end aborted from then on were the user's choice: a card
   * with no drafts closes itself, one with drafts says "You stopped the
   * assistant" and keeps them.
   */
  stoppedAt?: number | undefined
  className?: string | undefined
}

/**
 * Wraps a chat input. While a request is pending it shows the composer for the
 * first one ("Request 1 of N" when more wait) and hides the chat input
 * without unmounting it, so its draft survives; the input comes back when no
 * request is pending. It never takes focus from someone who typed in the chat
 * input within the last second: the takeover waits until they pause, then
 * focus moves to the composer heading (never to `<body>`).
 *
 * A card whose request ends in a way this tab did not choose (answered or
 * dismissed in another tab, this tab's answer not used, the assistant
 * stopped waiting, timed out, gone) stays, settled: it says what happened,
 * keeps the drafts visible with Copy and "Send as a message", and leaves when
 * the user closes it (at most 3 are kept; the chat input is usable meanwhile).
 * When a card leaves, focus goes to the chat input, never to `<body>`.
 */
export function ComposerSlot({
  requests,
  onAnswer,
  onCancel,
  resolutions,
  endedWith,
  endedBecause,
  children,
  onSendAsMessage,
  typingGraceMs = 1000,
  now = Date.now,
  layout,
  stoppedAt,
  className,
  queueNote,
  ...composerProps
}: ComposerSlotProps) {
  const slotRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLDivElement>(null)
  const active = requests[0]
  const activeId = active?.rpcId ?? null

  const report = { outcomes: resolutions, answers: endedWith, because: endedBecause, stoppedAt }
  const { cards, sending, departures, send, close } = useEndedCards(requests, report, 'first', now)
  const departed = useRef(departures)
  const [takenOver, suggestion, inputEvents, restoreTo] = useTakeover(
    activeId,
    sending,
    typingGraceMs,
    now,
    inputRef,
    slotRef,
  )
  const hidden = takenOver !== null

  // After a card was closed or left: focus goes home (the chat input, else the pending card).
  useClientLayoutEffect(() => {
    if (departed.current === departures) return
    departed.current = departures
    const slot = slotRef.current
    if (!focusIsLost()) return
    const home = hidden
      ? titleIn(slot ?? null)
      : ((restoreTo.current?.isConnected ? restoreTo.current : null) ??
        firstFocusable(inputRef.current))
    home?.focus()
  })

  // One keyed list: a card that leaves the pending list keeps its instance (and its drafts).
  const composers = cards.map(({ request, ending }) => (
    <QuestionComposer
      key={request.rpcId}
      {...composerProps}
      request={request}
      // While this tab's own send is in flight (ending null) the card stays as it is.
      resolution={ending ? ownEntry(resolutions, request.rpcId) : undefined}
      ending={ending ?? undefined}
      onAnswer={(answer) => send(request.rpcId, 'answer', onAnswer(request.rpcId, answer))}
      onCancel={() => send(request.rpcId, 'cancel', onCancel(request.rpcId))}
      onClose={() => close(request.rpcId)}
      onSendAsMessage={
        onSendAsMessage
          ? (text) => {
              onSendAsMessage(text)
              close(request.rpcId)
            }
          : undefined
      }
    />
  ))
  if (active)
    composers.push(
      <QuestionComposer
        key={active.rpcId}
        {...composerProps}
        request={active}
        queue={{ position: 1, total: requests.length, note: queueNote }}
        resolution={ownEntry(resolutions, active.rpcId)}
        onAnswer={(answer) => send(active.rpcId, 'answer', onAnswer(active.rpcId, answer))}
        onCancel={() => send(active.rpcId, 'cancel', onCancel(active.rpcId))}
        suggestion={suggestion ?? undefined}
      />,
    )

  return (
    <div
      data-scope="composer-slot"
      data-part="root"
      data-state={active ? 'pending' : 'idle'}
      data-layout={layout}
      className={className}
      ref={slotRef}
    >
      {composers.length > 0 ? (
        <div
          data-scope="composer-slot"
          data-part="composer"
          // Waiting for the user to finish in the chat input: shown over it, so nothing moves.
          data-state={active && takenOver === null ? 'waiting' : 'shown'}
        >
          {composers}
        </div>
      ) : null}
      <div
        data-scope="composer-slot"
        data-part="input"
        ref={inputRef}
        hidden={hidden}
        {...inputEvents}
      >
        {children}
      </div>
    </div>
  )
}
