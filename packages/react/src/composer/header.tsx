import { selectCurrentQuestion } from '@parley/machine'
import { type ReactNode, useEffect, useRef } from 'react'
import { displayText } from '../text/display-text.ts'
import { useComposerContext, useComposerState, useMessages } from './context.ts'
import { ChevronDown, ChevronUp, CloseIcon } from './icons.tsx'
import { getButtonProps, part } from './props.ts'
import { isEditable } from './view.ts'

/** Props of `Composer.Header`. */
export interface ComposerHeaderProps {
  /** Shown as "Request 1 of N" when more requests wait. */
  queue?: { position: number; total: number } | undefined
  /** Replaces the eyebrow text (defaults to the question's `header`). */
  eyebrow?: ReactNode
  /** Extra controls; by default Minimize and Dismiss. */
  children?: ReactNode
}

/** Eyebrow (the question's `header`), queue position, minimize and dismiss. */
export function Header({ queue, eyebrow, children }: ComposerHeaderProps) {
  const { t, messages } = useMessages()
  const view = useComposerState((state) => ({
    header: selectCurrentQuestion(state)?.header,
    question: selectCurrentQuestion(state)?.question ?? '',
    minimized: state.minimized,
  }))
  const label = eyebrow ?? view.header ?? messages.eyebrow
  return (
    <div {...part('header')}>
      <p {...part('eyebrow')} dir="auto">
        {typeof label === 'string' ? displayText(label) : label}
      </p>
      {queue && queue.total > 1 ? (
        <span {...part('request-position')}>
          {t('requestPosition', { index: queue.position, total: queue.total })}
        </span>
      ) : null}
      <div {...part('header-actions')}>
        {children ?? (
          <>
            <Minimize />
            <Dismiss />
          </>
        )}
      </div>
      {view.minimized ? (
        <p {...part('summary')} dir="auto">
          {displayText(view.question)}
        </p>
      ) : null}
    </div>
  )
}

/** Collapses or expands the card; drafts and position are kept. */
export function Minimize() {
  const ctx = useComposerContext()
  const { messages } = useMessages()
  const minimized = useComposerState((state) => state.minimized)
  return (
    <button
      {...getButtonProps(ctx, 'minimize', {
        label: minimized ? messages.expand : messages.minimize,
        disabled: false,
        event: { type: minimized ? 'EXPAND' : 'MINIMIZE' },
      })}
      aria-expanded={!minimized}
      aria-controls={ctx.ids.body}
    >
      {minimized ? <ChevronUp /> : <ChevronDown />}
    </button>
  )
}

/** The × that cancels the whole request (asks first when answers would be lost). */
export function Dismiss() {
  const ctx = useComposerContext()
  const { messages } = useMessages()
  const editable = useComposerState(isEditable)
  return (
    <button
      {...getButtonProps(ctx, 'dismiss', {
        label: messages.dismiss,
        disabled: !editable,
        event: { type: 'REQUEST_CANCEL' },
      })}
    >
      <CloseIcon />
    </button>
  )
}

/** Inline confirmation shown when dismissing would discard answers. */
export function DismissConfirm() {
  const ctx = useComposerContext()
  const { messages } = useMessages()
  const confirming = useComposerState((state) => state.confirmingCancel)
  const keepRef = useRef<HTMLButtonElement>(null)
  const promptId = `${ctx.ids.root}-confirm`
  useEffect(() => {
    if (!confirming) return
    keepRef.current?.focus()
    return () => {
      // The bar is going away: don't leave focus on <body>.
      const root = ctx.rootRef.current
      if (root && (document.activeElement === document.body || !document.activeElement))
        root.querySelector<HTMLElement>('[data-part="dismiss"], [data-part="title"]')?.focus()
    }
  }, [confirming, ctx])
  if (!confirming) return null
  return (
    <div {...part('confirm')}>
      <p id={promptId}>{messages.confirmPrompt}</p>
      <div {...part('confirm-actions')}>
        <button
          ref={keepRef}
          aria-describedby={promptId}
          {...getButtonProps(ctx, 'keep-answering', {
            disabled: false,
            event: { type: 'KEEP_ANSWERING' },
          })}
        >
          {messages.keepAnswering}
        </button>
        <button
          {...getButtonProps(ctx, 'confirm-cancel', {
            disabled: false,
            event: { type: 'CONFIRM_CANCEL' },
          })}
        >
          {messages.confirmDiscard}
        </button>
      </div>
    </div>
  )
}
