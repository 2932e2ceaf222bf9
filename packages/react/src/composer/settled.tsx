import { draftLines, draftsAsText, part } from '@parley/machine'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { displayText } from '../text/display-text.ts'
import { useComposerContext, useMessages } from './context.ts'
import { focusIsFree, focusIsHeld } from './focus.ts'
import { useApiValue } from './use-part.ts'

/**
 * How a request ended without this tab's accepted answer, as the card then
 * says it: answered or dismissed in another tab, this tab's answer not used
 * (another tab's came first), the assistant stopped waiting, the user stopped
 * it here (`stopped`), it timed out
 * (after `waitedMs`, when known), or the host no longer has it.
 */
export type ComposerEnding =
  | { kind: 'answered-elsewhere' }
  | { kind: 'answer-not-used' }
  | { kind: 'cancelled-elsewhere' }
  | { kind: 'aborted' }
  | { kind: 'stopped' }
  | { kind: 'timed-out'; waitedMs?: number | undefined }
  | { kind: 'gone' }

const TEXT = {
  'answered-elsewhere': 'endedAnsweredElsewhere',
  'answer-not-used': 'endedAnswerNotUsed',
  'cancelled-elsewhere': 'endedCancelledElsewhere',
  aborted: 'endedAborted',
  stopped: 'endedStopped',
  'timed-out': 'endedTimedOutShort',
  gone: 'endedGone',
} as const

/** `ms` as the largest whole unit that fits, in the locale's words ("5 minutes", "5分"). */
function duration(ms: number, lang: string): string {
  const [value, unit] =
    ms >= 7_200_000
      ? [Math.round(ms / 3_600_000), 'hour']
      : ms >= 120_000
        ? [Math.round(ms / 60_000), 'minute']
        : [Math.max(1, Math.round(ms / 1000)), 'second']
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value)
}

/** Props of {@link Settled}. */
export interface SettledProps {
  ending: ComposerEnding
  /** Says what happened in place of the built-in sentence. */
  text?: string | undefined
  /** Closes the card. Without it there is no Close button. */
  onClose?: (() => void) | undefined
  /** Sends the drafts as a chat message. Without it there is no such button. */
  onSendAsMessage?: ((text: string) => void) | undefined
}

/**
 * The body of a card that ended in a way the user did not choose: which
 * question (its first, as a heading), what happened, in words (announced
 * once), every draft as selectable text, and
 * Copy, "Send as a message" and Close. Focus moves to Close when it was in
 * the card (or nowhere), except from the question the user was typing in:
 * that stays, read-only, and Escape or Tab goes on to Close.
 */
export function Settled({ ending, text: told, onClose, onSendAsMessage }: SettledProps) {
  const ctx = useComposerContext()
  const { messages, t } = useMessages()
  const lines = useApiValue((api) => draftLines(api.state))
  const title = useApiValue((api) => api.question?.question ?? '')
  const [spoken, setSpoken] = useState(false)
  const [copied, setCopied] = useState(false)
  const closeRef = useRef<HTMLButtonElement>(null)

  // Filled after mount, so the live region announces it.
  useEffect(() => setSpoken(true), [])
  // The user's own Stop with nothing typed: nothing to keep, so nothing to close.
  const empty = ending.kind === 'stopped' && lines.length === 0
  useEffect(() => {
    if (empty) onClose?.()
  }, [empty, onClose])
  // A layout effect, so it runs before the slot's (a parent's) focus restore sees body.
  // Focus held in the question the user was typing in stays there (focusIsFree says no).
  useLayoutEffect(() => {
    if (focusIsFree(ctx.rootRef.current)) closeRef.current?.focus()
  }, [ctx])
  // From a held question, Escape goes to Close (Tab reaches it too): never a keystroke
  // the user was already typing.
  useEffect(() => {
    const root = ctx.rootRef.current
    if (!root) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !focusIsHeld()) return
      if (!closeRef.current) return
      event.preventDefault()
      closeRef.current.focus()
    }
    root.addEventListener('keydown', onKeyDown)
    return () => root.removeEventListener('keydown', onKeyDown)
  }, [ctx])

  const text =
    told ??
    (ending.kind === 'timed-out' && ending.waitedMs !== undefined && ending.waitedMs > 0
      ? t('endedTimedOut', { duration: duration(ending.waitedMs, messages.lang) })
      : messages[TEXT[ending.kind]])
  const asText = () => draftsAsText(ctx.store.getState())
  const copy = () => {
    void navigator.clipboard?.writeText(asText()).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }

  return (
    <div {...part('ended')} data-state={ending.kind}>
      {/* Which question ended: the one on screen when it did. */}
      <h2 {...part('ended-title')} id={`${ctx.ids.root}-ended`} dir="auto">
        {displayText(title)}
      </h2>
      <p {...part('ended-message')} role="status">
        {spoken ? text : null}
      </p>
      {lines.length > 0 ? (
        <dl {...part('ended-drafts')} aria-label={messages.endedDraftsLabel}>
          {lines.map((line) => (
            <div key={line.id} {...part('ended-draft')}>
              <dt dir="auto">{displayText(line.question)}</dt>
              <dd dir="auto">{line.answer}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p {...part('ended-empty')}>{messages.endedNoDrafts}</p>
      )}
      <div {...part('ended-actions')}>
        {lines.length > 0 ? (
          <button type="button" {...part('copy-drafts')} onClick={copy}>
            {copied ? messages.copiedDrafts : messages.copyDrafts}
          </button>
        ) : null}
        {lines.length > 0 && onSendAsMessage ? (
          <button
            type="button"
            {...part('send-as-message')}
            onClick={() => onSendAsMessage(asText())}
          >
            {messages.sendAsMessage}
          </button>
        ) : null}
        {onClose ? (
          <button type="button" ref={closeRef} {...part('close-settled')} onClick={onClose}>
            {messages.closeSettled}
          </button>
        ) : null}
      </div>
    </div>
  )
}
