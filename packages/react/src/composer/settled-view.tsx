// This chunk imports nothing the composer's eager chunk holds (only React), so
// bundlers do not split that chunk around a shared one.

import type { ComposerEnding } from '@parley/machine'
import { type RefObject, useId, useRef } from 'react'
import { useClientLayoutEffect } from '../text/layout-effect.ts'
import type { MessagesValue } from './context.ts'

const part = (name: string) => ({ 'data-scope': 'question-composer', 'data-part': name })

/** A question and its answer as one line of text, as it is shown. */
interface EndedLine {
  id: string
  question: string
  answer: string
}

/** Props of the ended card's view: what `Settled` decided, as text. */
export interface SettledViewProps {
  ending: ComposerEnding
  /** The question that ended (its first), as shown: the card's heading. */
  title: string
  /** The heading's id: the card's region is named after it. */
  titleId: string
  /** Says what happened in place of the built-in sentence. */
  told: string | undefined
  /** False until what happened may be announced (after mount). */
  spoken: boolean
  i18n: MessagesValue
  /** This tab's drafts. */
  drafts: readonly EndedLine[]
  /** The answer that counted, from another tab, when the host sent it. */
  answer: readonly EndedLine[] | undefined
  copied: boolean
  onCopy(): void
  onSendAsMessage: (() => void) | undefined
  onClose: (() => void) | undefined
  closeRef: RefObject<HTMLButtonElement | null>
  /** Called once it is on screen (before paint): where focus goes then. */
  onShown(): void
}

const TEXT = {
  'answered-elsewhere': 'endedAnsweredElsewhere',
  'answer-not-used': 'endedAnswerNotUsed',
  'cancelled-elsewhere': 'endedCancelledElsewhere',
  aborted: 'endedAborted',
  stopped: 'endedStopped',
  'timed-out': 'endedTimedOutShort',
  'server-gone': 'endedServerGone',
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

/** Question and answer lines as a description list, in a figure named by its caption. */
function Lines({
  name,
  row,
  label,
  lines,
  blank,
}: {
  name: string
  row: string
  label: string
  lines: readonly EndedLine[]
  blank?: string
}) {
  // Named by its caption in every browser and testing tool, not only where HTML-AAM's rule is known.
  const id = useId()
  return (
    <figure {...part(`${name}-figure`)} aria-labelledby={id}>
      <figcaption {...part(`${name}-label`)} id={id}>
        {label}
      </figcaption>
      <dl {...part(name)}>
        {lines.map((line) => (
          <div key={line.id} {...part(row)}>
            <dt dir="auto">{line.question}</dt>
            <dd dir="auto">{line.answer || blank}</dd>
          </div>
        ))}
      </dl>
    </figure>
  )
}

/**
 * The body of an ended card: what happened (a live region), another tab's
 * answer when there is one, this tab's drafts ("Your unsent draft" beside
 * that answer, never presented as it), and Copy, "Send as a message" and Close.
 */
export default function SettledView({
  ending,
  title,
  titleId,
  told,
  spoken,
  i18n: { messages, t },
  drafts,
  answer,
  copied,
  onCopy,
  onSendAsMessage,
  onClose,
  closeRef,
  onShown,
}: SettledViewProps) {
  const shown = useRef(onShown)
  useClientLayoutEffect(() => shown.current(), [])
  const text =
    told ??
    (ending.kind === 'timed-out' && ending.waitedMs !== undefined && ending.waitedMs > 0
      ? t('endedTimedOut', { duration: duration(ending.waitedMs, messages.lang) })
      : messages[TEXT[ending.kind]])
  return (
    <div {...part('ended')} data-state={ending.kind}>
      {/* Which question ended, so a glance and a screen reader both tell the cards apart. */}
      <h2 {...part('ended-title')} id={titleId} dir="auto">
        {title}
      </h2>
      <p {...part('ended-message')} role="status">
        {spoken ? text : null}
      </p>
      {answer ? (
        <Lines
          name="ended-answers"
          row="ended-answer"
          label={messages.endedAnswerLabel}
          lines={answer}
          blank={messages.endedAnswerSkipped}
        />
      ) : null}
      {drafts.length === 0 ? (
        <p {...part('ended-empty')}>{messages.endedNoDrafts}</p>
      ) : answer ? (
        <Lines
          name="ended-drafts"
          row="ended-draft"
          label={messages.endedUnsentDraftLabel}
          lines={drafts}
        />
      ) : (
        <dl {...part('ended-drafts')} aria-label={messages.endedDraftsLabel}>
          {drafts.map((line) => (
            <div key={line.id} {...part('ended-draft')}>
              <dt dir="auto">{line.question}</dt>
              <dd dir="auto">{line.answer}</dd>
            </div>
          ))}
        </dl>
      )}
      <div {...part('ended-actions')}>
        {drafts.length > 0 ? (
          <button type="button" {...part('copy-drafts')} onClick={onCopy}>
            {copied ? messages.copiedDrafts : messages.copyDrafts}
          </button>
        ) : null}
        {drafts.length > 0 && onSendAsMessage ? (
          <button type="button" {...part('send-as-message')} onClick={onSendAsMessage}>
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
