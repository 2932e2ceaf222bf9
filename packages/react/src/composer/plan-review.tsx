import { type ComposerRequest, part } from '@parley/machine'
import type { AskUserQuestionItem } from '@parley/seam'
import { displayText } from '../text/display-text.ts'
import { MarkdownDetail } from './detail.tsx'
import { Body, Status } from './footer.tsx'
import { Title } from './question.tsx'
import { useApiValue, usePart, useStaticApi, useStaticPart } from './use-part.ts'

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

function PlanAction({ label, variant }: { label: string; variant: 'primary' | 'secondary' }) {
  const text = useApiValue((api) => api.planActionText(label))
  const props = usePart((api) => api.getPlanActionProps(label, variant))
  return <button {...props}>{props['aria-busy'] ? text : <bdi>{displayText(text)}</bdi>}</button>
}

function ChatAboutIt() {
  const { labels } = useStaticApi()
  return (
    <button {...usePart((api) => api.getPlanActionProps(null, 'quiet'))}>
      {labels.chatAboutIt}
    </button>
  )
}

/** Plan (Markdown detail) and its buttons: approve, decline when present, "Chat about it". */
export function PlanReviewBody({ question }: { question: AskUserQuestionItem }) {
  const minimized = useApiValue((api) => api.minimized)
  const detail = useStaticPart((api) => api.getDetailProps('plan'))
  const approve = question.intent?.approve ?? ''
  const decline = (question.options ?? []).find((option) => option.label !== approve)?.label
  return (
    <>
      <Body>
        <div {...part('question')} data-variant="plan">
          <Title />
          <MarkdownDetail source={question.detail ?? ''} props={detail} />
        </div>
      </Body>
      <Status />
      {minimized ? null : (
        <div {...part('plan-actions')}>
          <ChatAboutIt />
          {decline ? <PlanAction label={decline} variant="secondary" /> : null}
          <PlanAction label={approve} variant="primary" />
        </div>
      )}
    </>
  )
}
