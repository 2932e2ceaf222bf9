import type { ComposerOutcome, ComposerRequest } from '@parley/machine'
import type { AskUserQuestionAnswer } from '@parley/seam'
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ComposerSendResult } from './controller.ts'
import { QuestionComposer, type QuestionComposerProps } from './question-composer.tsx'

/** Props of `ComposerSlot`. */
export interface ComposerSlotProps
  extends Omit<
    QuestionComposerProps,
    'request' | 'onAnswer' | 'onCancel' | 'queue' | 'resolution' | 'className'
  > {
  /** The session's pending requests in arrival order; the first owns the composer. */
  requests: readonly ComposerRequest[]
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
  /** The chat input. Stays mounted (hidden and inert) while a request is pending. */
  children?: ReactNode
  /** A user who typed in the chat input within this many ms keeps focus. @default 1000 */
  typingGraceMs?: number | undefined
  /** Clock in ms, injectable for tests. @default Date.now */
  now?: (() => number) | undefined
  className?: string | undefined
}

/** An own key only: an rpcId such as `constructor` is a plain id. */
function resolutionOf(
  resolutions: Readonly<Record<string, ComposerOutcome>> | undefined,
  rpcId: string,
): ComposerOutcome | undefined {
  return resolutions && Object.hasOwn(resolutions, rpcId) ? resolutions[rpcId] : undefined
}

const TITLE = '[data-scope="question-composer"][data-part="title"]'

function focusIsFree(slot: HTMLElement | null): boolean {
  const active = document.activeElement
  return !active || active === document.body || (slot?.contains(active) ?? false)
}

/**
 * Wraps a chat input. While a request is pending it shows the composer for the
 * oldest one ("Request 1 of N" when more wait) and hides the chat input
 * without unmounting it, so its draft survives; the input comes back when no
 * request is pending. It never takes focus from someone who typed in the chat
 * input within the last second: the takeover waits until they pause, then
 * focus moves to the composer heading (never to `<body>`).
 */
export function ComposerSlot({
  requests,
  onAnswer,
  onCancel,
  resolutions,
  children,
  typingGraceMs = 1000,
  now = Date.now,
  className,
  ...composerProps
}: ComposerSlotProps) {
  const slotRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLDivElement>(null)
  const lastInputAt = useRef(Number.NEGATIVE_INFINITY)
  const restoreTo = useRef<HTMLElement | null>(null)
  const [takenOver, setTakenOver] = useState<string | null>(null)
  const [wake, setWake] = useState(0)
  const active = requests[0]
  const activeId = active?.rpcId ?? null

  // biome-ignore lint/correctness/useExhaustiveDependencies: `wake` re-runs the check after a pause
  useEffect(() => {
    if (activeId === null) {
      setTakenOver(null)
      return
    }
    if (takenOver !== null) {
      setTakenOver(activeId)
      return
    }
    const idleFor = now() - lastInputAt.current
    if (idleFor >= typingGraceMs) {
      setTakenOver(activeId)
      return
    }
    const timer = setTimeout(() => setWake((n) => n + 1), typingGraceMs - idleFor)
    return () => clearTimeout(timer)
  }, [activeId, takenOver, typingGraceMs, now, wake])

  useLayoutEffect(() => {
    const slot = slotRef.current
    if (takenOver === null) {
      const target = restoreTo.current
      restoreTo.current = null
      if (target?.isConnected && focusIsFree(slot)) target.focus()
      return
    }
    const active = document.activeElement
    if (
      active instanceof HTMLElement &&
      slot?.querySelector('[data-part="input"]')?.contains(active)
    )
      restoreTo.current = active
    const focusTitle = () => {
      const title = slot?.querySelector<HTMLElement>(TITLE)
      if (title && focusIsFree(slot)) title.focus()
      return title
    }
    if (focusTitle() || !slot) return
    // A zh-CN or ja card may still wait for its dictionary: focus its title once it shows.
    const observer = new MutationObserver(() => {
      if (focusTitle()) observer.disconnect()
    })
    observer.observe(slot, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [takenOver])

  const onInput = useCallback(() => {
    lastInputAt.current = now()
  }, [now])

  const hidden = takenOver !== null
  // `inert` as an attribute, so React 18 (which has no `inert` prop) and 19 agree.
  useLayoutEffect(() => {
    inputRef.current?.toggleAttribute('inert', hidden)
  }, [hidden])

  return (
    <div
      data-scope="composer-slot"
      data-part="root"
      data-state={active ? 'pending' : 'idle'}
      className={className}
      ref={slotRef}
    >
      {active ? (
        <div data-scope="composer-slot" data-part="composer">
          <QuestionComposer
            {...composerProps}
            request={active}
            queue={{ position: 1, total: requests.length }}
            resolution={resolutionOf(resolutions, active.rpcId)}
            onAnswer={(answer) => onAnswer(active.rpcId, answer)}
            onCancel={() => onCancel(active.rpcId)}
          />
        </div>
      ) : null}
      <div
        data-scope="composer-slot"
        data-part="input"
        ref={inputRef}
        hidden={hidden}
        onInput={onInput}
      >
        {children}
      </div>
    </div>
  )
}
