import type { ComposerEnding, ComposerRequest } from '@parley/machine'
import { type ReactNode, type RefObject, Suspense, useEffect, useState } from 'react'
import { useStore } from 'zustand'
import type { ComposerContextValue } from './context.ts'
import {
  type QuestionComposerOptions,
  useComposerController,
  useMessagesValue,
} from './controller.ts'
import { Announcer, Body, Footer, Status } from './footer.tsx'
import { type ComposerHeaderProps, DismissConfirm, Header } from './header.tsx'
import { IntentBody } from './intent-body.tsx'
import { isPlanReview } from './plan-review.tsx'
import { Question } from './question.tsx'
import { Root } from './root.tsx'
import { preloadSettled, Settled } from './settled.tsx'

/** Props of `QuestionComposer`. */
export interface QuestionComposerProps extends QuestionComposerOptions {
  /** Shows "Request 1 of N" when more requests wait (set by `ComposerSlot`). */
  queue?: ComposerHeaderProps['queue']
  /** Forces a colour theme. @default follows prefers-color-scheme */
  theme?: 'light' | 'dark' | undefined
  /** Closes an ended card (its Close button). */
  onClose?: (() => void) | undefined
  /** Sends an ended card's drafts as a chat message (its "Send as a message" button). */
  onSendAsMessage?: ((text: string) => void) | undefined
  /**
   * Text the user meant for the chat (an Enter in the chat input while this
   * question waited): each new `n` puts it in the question's custom answer
   * and focuses that field, for the user to confirm. Set by `ComposerSlot`.
   */
  suggestion?: { text: string; n: number } | undefined
  /**
   * Says how an ended card ended, in place of the built-in sentence
   * (`undefined` keeps it). `SessionComposerSlot` says which window answered
   * and when with it.
   */
  describeEnding?:
    | ((ending: ComposerEnding, request: ComposerRequest) => string | undefined)
    | undefined
  /**
   * Renders more content at the bottom of the card, for each card:
   * `SessionComposerSlot` shows the deadline's countdown with it.
   */
  extra?: ((card: ComposerCardInfo) => ReactNode) | undefined
  className?: string | undefined
}

/** What `extra` is told about the card it renders into. */
export interface ComposerCardInfo {
  request: ComposerRequest
  /** How the card ended, once it has. */
  ending: ComposerEnding | undefined
  /** The card's language (its dictionary's `lang`). */
  lang: string
  /** The card's root element, once mounted. */
  root: { readonly current: HTMLElement | null }
}

function Card({
  queue,
  theme,
  className,
  ending,
  onClose,
  onSendAsMessage,
  suggestion,
  describeEnding,
  extra,
  ...options
}: QuestionComposerProps) {
  // An ended card is settled by the machine, whatever the host's broadcast said (or if none came).
  const context = useComposerController({ ...options, ending })
  const suggested = isPlanReview(options.request) ? undefined : suggestion
  // The ended view is its own chunk: there, and taking focus, the moment this card ends.
  useEffect(() => {
    preloadSettled().catch(() => {})
  }, [])
  useEffect(() => {
    if (!suggested) return
    context.send({ type: 'SET_CUSTOM_TEXT', text: suggested.text })
    context.ui.setState({ focus: { target: { part: 'custom-answer' }, n: -suggested.n } })
  }, [context, suggested])
  // Only the view waits for a dictionary chunk: the store and its effects stay put.
  return (
    <Suspense fallback={null}>
      <CardView
        context={context}
        request={options.request}
        locale={options.locale}
        messages={options.messages}
        queue={queue}
        theme={theme}
        className={className}
        onClose={onClose}
        onSendAsMessage={onSendAsMessage}
        describeEnding={describeEnding}
        extra={extra}
      />
    </Suspense>
  )
}

function CardView({
  context,
  request,
  locale,
  messages,
  queue,
  theme,
  className,
  onClose,
  onSendAsMessage,
  describeEnding,
  extra,
}: Pick<
  QuestionComposerProps,
  | 'request'
  | 'locale'
  | 'messages'
  | 'queue'
  | 'theme'
  | 'className'
  | 'onClose'
  | 'onSendAsMessage'
  | 'describeEnding'
  | 'extra'
> & { context: ComposerContextValue }) {
  const i18n = useMessagesValue(locale, messages)
  // How the card ended is the machine's word (`REQUEST_ENDED`), read through its state.
  const ending = useStore(context.store, (state) => state.ending) ?? undefined
  const plan = isPlanReview(request)
  const held = useHeldQuestion(ending !== undefined && !plan, context.rootRef)
  return (
    <Root
      composer={{ context, i18n }}
      theme={theme}
      className={className}
      data-ended={ending?.kind}
      // An ended card's region is named after its question too ("… Which colour?").
      aria-labelledby={ending && `${context.ids.root}-ended`}
    >
      <Header
        queue={queue}
        eyebrow={plan ? (plan.header ?? i18n.messages.planEyebrow) : undefined}
        actions={!ending}
      />
      <DismissConfirm />
      {/* The question keeps its place, so a held field keeps its element, focus and caret. */}
      {!ending || held ? (
        plan ? (
          <IntentBody question={plan} />
        ) : (
          <Body>
            <Question />
          </Body>
        )
      ) : null}
      {ending ? (
        <Settled
          ending={ending}
          text={describeEnding?.(ending, request)}
          onClose={onClose}
          onSendAsMessage={onSendAsMessage}
        />
      ) : plan ? null : (
        <>
          <Status />
          {/* A lone approval's decisions send it: no Skip, no Submit. */}
          {request.questions[1] || request.questions[0]?.intent?.kind !== 'approval' ? (
            <Footer />
          ) : null}
        </>
      )}
      {extra?.({ request, ending, lang: i18n.messages.lang, root: context.rootRef })}
      <Announcer />
    </Root>
  )
}

/**
 * True once the card has ended while focus was in its question (the field the
 * user was typing in, an option; not its title): the question then stays, read-only (the
 * machine's settled phase), with focus and caret where they were, instead of
 * unmounting under the user's keystrokes. Read when the ending arrives,
 * before the commit that shows it.
 */
function useHeldQuestion(ended: boolean, root: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(ended)
  const [held, setHeld] = useState(false)
  if (ended !== seen) {
    setSeen(ended)
    const body = root.current?.querySelector('[data-part="body"]')
    const active = document.activeElement
    // Its title (where a takeover puts focus) holds nothing the user typed: not held.
    setHeld(
      ended && body?.contains(active) === true && active?.getAttribute('data-part') !== 'title',
    )
  }
  return ended && held
}

/**
 * The styled, ready-to-use composer for one request. A single plan-review
 * question renders as a `PlanReviewCard`; everything else walks the batch one
 * question at a time. State resets when `request.rpcId` changes.
 */
export function QuestionComposer(props: QuestionComposerProps) {
  return <Card key={props.request.rpcId} {...props} />
}

/**
 * The plan-review card: the plan (the question's Markdown `detail`) with the
 * request's own approve / decline labels and "Chat about it", which cancels.
 * `QuestionComposer` picks it by itself when `isPlanReview(request)` holds;
 * a request that does not qualify renders the generic composer.
 */
export function PlanReviewCard(props: QuestionComposerProps) {
  return <QuestionComposer {...props} />
}
