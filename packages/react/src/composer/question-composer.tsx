import type { ComposerRequest } from '@parley/machine'
import { Suspense } from 'react'
import type { ComposerContextValue } from './context.ts'
import {
  type QuestionComposerOptions,
  useComposerController,
  useMessagesValue,
} from './controller.ts'
import { Announcer, Body, Footer, Status } from './footer.tsx'
import { DismissConfirm, Header } from './header.tsx'
import { isPlanReview, PlanReviewBody } from './plan-review.tsx'
import { Question } from './question.tsx'
import { Root } from './root.tsx'

/** Props of `QuestionComposer`. */
export interface QuestionComposerProps extends QuestionComposerOptions {
  /** Shows "Request 1 of N" when more requests wait (set by `ComposerSlot`). */
  queue?: { position: number; total: number } | undefined
  /** Forces a colour theme. @default follows prefers-color-scheme */
  theme?: 'light' | 'dark' | undefined
  className?: string | undefined
}

function Card({ queue, theme, className, ...options }: QuestionComposerProps) {
  const context = useComposerController(options)
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
}: Pick<
  QuestionComposerProps,
  'request' | 'locale' | 'messages' | 'queue' | 'theme' | 'className'
> & { context: ComposerContextValue }) {
  const i18n = useMessagesValue(locale, messages)
  const plan = isPlanReview(request)
  return (
    <Root composer={{ context, i18n }} theme={theme} className={className}>
      <Header
        queue={queue}
        eyebrow={plan ? (plan.header ?? i18n.messages.planEyebrow) : undefined}
      />
      <DismissConfirm />
      {plan ? (
        <PlanReviewBody question={plan} />
      ) : (
        <>
          <Body>
            <Question />
          </Body>
          <Status />
          <Footer />
        </>
      )}
      <Announcer />
    </Root>
  )
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

export type { ComposerRequest }
