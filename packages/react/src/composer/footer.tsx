import { createStatusesSelector, isLastQuestion } from '@parley/machine'
import { type ReactNode, useState } from 'react'
import { useStore } from 'zustand'
import { useComposerContext, useComposerState, useMessages } from './context.ts'
import { ChevronLeft, ChevronRight } from './icons.tsx'
import { getButtonProps, getMarkerProps, getStatusProps, part } from './props.ts'
import { isBusy, isEditable, primaryAction, statusOf } from './view.ts'

/** The collapsible body; hidden (not unmounted) while minimized. */
export function Body({ children }: { children?: ReactNode }) {
  const ctx = useComposerContext()
  const minimized = useComposerState((state) => state.minimized)
  return (
    <div {...part('body')} id={ctx.ids.body} hidden={minimized}>
      {children}
    </div>
  )
}

/** Footer row: navigation on one side, Skip and the primary button on the other. */
export function Footer({ children }: { children?: ReactNode }) {
  const minimized = useComposerState((state) => state.minimized)
  if (minimized) return null
  return (
    <div {...part('footer')}>
      {children ?? (
        <>
          <div {...part('navigation')}>
            <Pager />
            <Progress />
          </div>
          <div {...part('actions')}>
            <Skip />
            <Submit />
          </div>
        </>
      )}
    </div>
  )
}

/** Previous / next with `i / n`. Renders nothing for a single question. */
export function Pager() {
  const ctx = useComposerContext()
  const { messages, t } = useMessages()
  const view = useComposerState((state) => ({
    index: state.index,
    total: state.request.questions.length,
    editable: isEditable(state),
  }))
  if (view.total <= 1) return null
  return (
    <div {...part('pager')}>
      <button
        {...getButtonProps(ctx, 'previous', {
          label: messages.previous,
          disabled: !view.editable || view.index === 0,
          event: { type: 'GO_PREVIOUS' },
        })}
      >
        <ChevronLeft />
      </button>
      <span {...part('pager-position')}>
        {t('pagerPosition', { index: view.index + 1, total: view.total })}
      </span>
      <button
        {...getButtonProps(ctx, 'next', {
          label: messages.nextQuestion,
          disabled: !view.editable || view.index === view.total - 1,
          event: { type: 'GO_NEXT' },
        })}
      >
        <ChevronRight />
      </button>
    </div>
  )
}

/** One marker per question (answered / skipped / open); each jumps to its question. */
export function Progress() {
  const ctx = useComposerContext()
  const { messages, t } = useMessages()
  const [selectStatuses] = useState(createStatusesSelector)
  const statuses = useComposerState(selectStatuses, (state) => state.drafts)
  const { index, editable } = useComposerState((state) => ({
    index: state.index,
    editable: isEditable(state),
  }))
  if (statuses.length <= 1) return null
  const statusLabel = {
    answered: messages.statusAnswered,
    skipped: messages.statusSkipped,
    open: messages.statusOpen,
  }
  return (
    <ol {...part('progress')} aria-label={messages.progressLabel}>
      {statuses.map((status, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one marker per question position
        <li key={at}>
          <button
            {...getMarkerProps(ctx, {
              index: at,
              status,
              current: at === index,
              disabled: !editable,
              label: t('markerLabel', { index: at + 1, status: statusLabel[status] }),
            })}
          />
        </li>
      ))}
    </ol>
  )
}

/** Skips the question on screen (on the last one, submits). */
export function Skip() {
  const ctx = useComposerContext()
  const { messages } = useMessages()
  const editable = useComposerState(isEditable)
  return (
    <button
      {...getButtonProps(ctx, 'skip', { disabled: !editable, event: { type: 'SKIP_QUESTION' } })}
    >
      {messages.skip}
    </button>
  )
}

/** The primary button: Next, Submit, Try again, or Submitting… while busy. */
export function Submit() {
  const ctx = useComposerContext()
  const { messages } = useMessages()
  const view = useComposerState((state) => ({
    action: primaryAction(state),
    submitting: state.phase === 'submitting',
    disabled: !isEditable(state),
    last: isLastQuestion(state),
  }))
  const label = view.submitting
    ? messages.submitting
    : view.action === 'retry'
      ? messages.retry
      : view.action === 'submit'
        ? messages.submit
        : messages.next
  const event =
    view.action === 'retry'
      ? ({ type: 'RETRY' } as const)
      : view.action === 'submit'
        ? ({ type: 'SUBMIT' } as const)
        : ({ type: 'CONTINUE' } as const)
  return (
    <button
      {...getButtonProps(ctx, 'submit', { disabled: view.disabled, event })}
      data-state={view.submitting ? 'busy' : view.action}
      aria-busy={view.submitting || undefined}
    >
      {label}
    </button>
  )
}

/** `role="status"`: validation feedback, transport errors, "sent" and the outcome. */
export function Status() {
  const ctx = useComposerContext()
  const { messages } = useMessages()
  const view = useComposerState((state) => ({
    feedback: state.feedback,
    phase: state.phase,
    outcome: state.outcome,
    busy: isBusy(state),
  }))
  const status = statusOf(messages, view)
  return <div {...getStatusProps(ctx, { tone: status.tone })}>{status.text}</div>
}

/** Visually hidden polite live region announcing the question position. */
export function Announcer() {
  const ctx = useComposerContext()
  const { t } = useMessages()
  const announcement = useStore(ctx.ui, (ui) => ui.announcement)
  const message = announcement?.message
  const text =
    message?.key === 'question-position'
      ? t('questionPosition', { index: message.index + 1, total: message.total })
      : ''
  return (
    <div {...part('announcer')} aria-live="polite" aria-atomic="true">
      {text ? <span key={announcement?.n}>{text}</span> : null}
    </div>
  )
}
