// This chunk imports nothing the composer's eager chunk holds but React and
// `displayText` (already a chunk of its own, shared with the Markdown one): the
// composer's parts and hooks come in the `kit` prop.
import type { AskUserQuestionItem } from '@parley/seam'
import { lazy, Suspense, useState } from 'react'
import { displayText } from '../text/display-text.ts'
import { ApprovalCard } from './approval-card.tsx'
import type { ComposerKit } from './intent-kit.ts'

type MarkdownModule = typeof import('../markdown/markdown.tsx')
let markdown: MarkdownModule | undefined
const loadMarkdown = () => import('../markdown/markdown.tsx').then((module) => (markdown = module))
const LazyMarkdown = lazy(loadMarkdown)
// Started with this chunk: a preview then renders at once (a lazy component suspends on
// its first render even when its chunk is loaded, and that frame would move the card).
loadMarkdown().catch(() => {})

function Markdown(props: { source: string; shortened: string }) {
  // The loaded type if its chunk is here at mount, else the lazy one (a lazy component
  // suspends on its first render even when loaded), kept for the instance's life: a type
  // that changed on a later render would remount the view and lose its state.
  const [Loaded] = useState(() => markdown?.default ?? LazyMarkdown)
  return <Loaded {...props} />
}

/** Props of the intent views. */
export interface IntentViewProps {
  /** The question whose intent to render; none for the option previews of the one on screen. */
  question?: AskUserQuestionItem | undefined
  kit: ComposerKit
}

const part = (name: string) => ({ 'data-scope': 'question-composer', 'data-part': name })

function Preview({ index, kit }: { index: number; kit: ComposerKit }) {
  const preview = kit.useApiValue((api) => api.option(index).preview)
  const props = kit.usePart((api) => api.getOptionPreviewProps(index))
  const { messages } = kit.useMessages()
  if (preview === undefined) return null
  return (
    <div {...props}>
      <Markdown source={preview} shortened={messages.detailShortened} />
    </div>
  )
}

/**
 * The question's option previews (Markdown, through the lazy Markdown chunk),
 * all in one area the size of the largest: the focused option's shows, the
 * others keep their place hidden, so moving focus moves nothing.
 */
function OptionPreviews({ kit }: { kit: ComposerKit }) {
  const count = kit.useApiValue((api) => api.optionCount)
  return (
    <div {...part('option-previews')}>
      <Suspense fallback={null}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are addressed by position
          <Preview key={index} index={index} kit={kit} />
        ))}
      </Suspense>
    </div>
  )
}

function PlanAction({
  kit,
  label,
  variant,
}: {
  kit: ComposerKit
  label: string
  variant: 'primary' | 'secondary'
}) {
  const text = kit.useApiValue((api) => api.planActionText(label))
  const props = kit.usePart((api) => api.getPlanActionProps(label, variant))
  return <button {...props}>{props['aria-busy'] ? text : <bdi>{displayText(text)}</bdi>}</button>
}

function ChatAboutIt({ kit }: { kit: ComposerKit }) {
  const labels = kit.useApiValue((api) => api.labels)
  return (
    <button {...kit.usePart((api) => api.getPlanActionProps(null, 'quiet'))}>
      {labels.chatAboutIt}
    </button>
  )
}

/** Plan (Markdown detail) and its buttons: approve, decline when present, "Chat about it". */
function PlanReviewBody({ question, kit }: { question: AskUserQuestionItem; kit: ComposerKit }) {
  const { Body, Status, Title, MarkdownDetail } = kit
  const minimized = kit.useApiValue((api) => api.minimized)
  const detail = kit.usePart((api) => api.getDetailProps('plan'))
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
          <ChatAboutIt kit={kit} />
          {decline ? <PlanAction kit={kit} label={decline} variant="secondary" /> : null}
          <PlanAction kit={kit} label={approve} variant="primary" />
        </div>
      )}
    </>
  )
}

/** The body of a plan review, an approval (its tool call and decisions), or (without a question) the option previews. */
export default function IntentView({ question, kit }: IntentViewProps) {
  if (!question) return <OptionPreviews kit={kit} />
  if (question.intent?.kind === 'approval') return <ApprovalCard question={question} kit={kit} />
  return <PlanReviewBody question={question} kit={kit} />
}
