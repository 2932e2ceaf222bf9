import type { ComposerRequest } from '@parley/machine'
import { type AskUserQuestionItem, parseRecommendedLabel } from '@parley/seam'
import { displayText } from '../text/display-text.ts'
import { useComposerContext, useComposerState, useMessages } from './context.ts'
import { MarkdownDetail } from './detail.tsx'
import { Body, Status } from './footer.tsx'
import { part } from './props.ts'
import { Title } from './question.tsx'
import { isEditable } from './view.ts'

/**
 * The question when `request` is a plan review: a single single-select
 * question with `intent.kind === 'plan-review'`, a `detail`, and at most two
 * options, one of them the `approve` label. Otherwise `null`.
 */
export function isPlanReview(request: ComposerRequest): AskUserQuestionItem | null {
  if (request.questions.length !== 1) return null
  const [question] = request.questions
  if (question?.intent?.kind !== 'plan-review' || !question.detail) return null
  if (question.multiSelect === true) return null
  const labels = (question.options ?? []).map((option) => option.label)
  if (labels.length > 2 || !labels.includes(question.intent.approve)) return null
  return question
}

/** Plan (Markdown detail) and its buttons: approve, decline when present, "Chat about it". */
export function PlanReviewBody({ question }: { question: AskUserQuestionItem }) {
  const ctx = useComposerContext()
  const { messages } = useMessages()
  const view = useComposerState(
    (state) => ({
      editable: isEditable(state),
      minimized: state.minimized,
      submitting: state.phase === 'submitting',
      chosen: state.drafts[question.id]?.selected[0],
    }),
    (state) => state.drafts[question.id],
    question,
  )
  const approve = question.intent?.approve ?? ''
  const decline = (question.options ?? []).find((option) => option.label !== approve)?.label
  const choose = (label: string) => {
    if (!view.editable) return
    ctx.send({ type: 'CHOOSE_OPTION', label })
    ctx.send({ type: 'SUBMIT' })
  }
  const action = (label: string, variant: 'primary' | 'secondary') => (
    <button
      {...part('plan-action')}
      type="button"
      data-variant={variant}
      aria-disabled={!view.editable || undefined}
      aria-busy={(view.submitting && view.chosen === label) || undefined}
      onClick={() => choose(label)}
    >
      {view.submitting && view.chosen === label ? (
        messages.submitting
      ) : (
        <bdi>{displayText(parseRecommendedLabel(label).display)}</bdi>
      )}
    </button>
  )
  return (
    <>
      <Body>
        <div {...part('question')} data-variant="plan">
          <Title />
          <MarkdownDetail source={question.detail ?? ''} id={ctx.ids.detail} variant="plan" />
        </div>
      </Body>
      <Status />
      {view.minimized ? null : (
        <div {...part('plan-actions')}>
          <button
            {...part('plan-action')}
            type="button"
            data-variant="quiet"
            aria-disabled={!view.editable || undefined}
            onClick={() => view.editable && ctx.send({ type: 'REQUEST_CANCEL' })}
          >
            {messages.chatAboutIt}
          </button>
          {decline ? action(decline, 'secondary') : null}
          {action(approve, 'primary')}
        </div>
      )}
    </>
  )
}
