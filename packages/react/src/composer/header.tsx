import { part } from '@parley/machine'
import { type ReactNode, useEffect, useRef } from 'react'
import { displayText } from '../text/display-text.ts'
import { useComposerContext } from './context.ts'
import { focusIsLost } from './focus.ts'
import { ChevronDown, ChevronUp, CloseIcon } from './icons.tsx'
import { useApiValue, usePart, useStaticApi, useStaticPart } from './use-part.ts'

/** Props of `Composer.Header`. */
export interface ComposerHeaderProps {
  /**
   * Shown as "Request 1 of N" when more requests wait, followed by `note`
   * (" · 40 sec left on request 2").
   */
  queue?: { position: number; total: number; note?: ReactNode } | undefined
  /** Replaces the eyebrow text (defaults to the question's `header`). */
  eyebrow?: ReactNode
  /** Extra controls; by default Minimize and Dismiss. */
  children?: ReactNode
  /** Show the controls (an ended card has none: it closes from its body). @default true */
  actions?: boolean | undefined
}

/** Eyebrow (the question's `header`), queue position, minimize and dismiss. */
export function Header({ queue, eyebrow, children, actions = true }: ComposerHeaderProps) {
  const header = useApiValue((api) => api.eyebrow)
  const summary = useApiValue((api) => (api.minimized ? (api.question?.question ?? '') : null))
  const position = useApiValue((api) =>
    queue && queue.total > 1 ? api.requestPosition(queue.position, queue.total) : null,
  )
  const label = eyebrow ?? header
  return (
    <div {...part('header')}>
      <p {...useStaticPart((api) => api.getEyebrowProps())}>
        {typeof label === 'string' ? displayText(label) : label}
      </p>
      {position ? (
        <span {...part('request-position')}>
          {position}
          {queue?.note}
        </span>
      ) : null}
      {actions ? (
        <div {...part('header-actions')}>
          {children ?? (
            <>
              <Minimize />
              <Dismiss />
            </>
          )}
        </div>
      ) : null}
      {summary !== null ? <Summary text={summary} /> : null}
    </div>
  )
}

function Summary({ text }: { text: string }) {
  return <p {...useStaticPart((api) => api.getSummaryProps())}>{displayText(text)}</p>
}

/** Collapses or expands the card; drafts and position are kept. */
export function Minimize() {
  const props = usePart((api) => api.getMinimizeProps())
  return <button {...props}>{props['aria-expanded'] ? <ChevronDown /> : <ChevronUp />}</button>
}

/** The × that cancels the whole request (asks first when answers would be lost). */
export function Dismiss() {
  return (
    <button {...usePart((api) => api.getDismissProps())}>
      <CloseIcon />
    </button>
  )
}

/** Inline confirmation shown when dismissing would discard answers. */
export function DismissConfirm() {
  const ctx = useComposerContext()
  const confirming = useApiValue((api) => api.confirming)
  const keepRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!confirming) return
    keepRef.current?.focus()
    return () => {
      // The bar is going away: don't leave focus on <body>.
      const root = ctx.rootRef.current
      if (root && focusIsLost())
        root.querySelector<HTMLElement>('[data-part="dismiss"], [data-part="title"]')?.focus()
    }
  }, [confirming, ctx])
  return confirming ? <ConfirmBar keepRef={keepRef} /> : null
}

function ConfirmBar({ keepRef }: { keepRef: { current: HTMLButtonElement | null } }) {
  const { labels } = useStaticApi()
  return (
    <div {...part('confirm')}>
      <p {...useStaticPart((api) => api.getConfirmPromptProps())}>{labels.confirmPrompt}</p>
      <div {...part('confirm-actions')}>
        <button ref={keepRef} {...usePart((api) => api.getKeepAnsweringProps())}>
          {labels.keepAnswering}
        </button>
        <button {...usePart((api) => api.getConfirmCancelProps())}>{labels.confirmDiscard}</button>
      </div>
    </div>
  )
}
