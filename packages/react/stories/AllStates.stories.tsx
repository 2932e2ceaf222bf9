import type { ComposerEvent } from '@parley/machine'
import type { AskUserQuestionItem } from '@parley/seam'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { expect, waitFor } from 'storybook/test'
import {
  Composer,
  type ComposerLocale,
  QuestionComposer,
  type QuestionComposerOptions,
  useQuestionComposer,
} from '../src/index.ts'
import {
  colour,
  loadMarkdown,
  longOptions,
  markdownDetail,
  never,
  planReview,
  projectName,
  recommended,
  request,
  tenQuestions,
  toppings,
} from './fixtures.tsx'

const accept = async (): Promise<unknown> => ({ accepted: true })

interface Preset {
  name: string
  questions: AskUserQuestionItem[]
  /** Events sent once on mount: how the card gets into its state. */
  events?: ComposerEvent[]
  onAnswer?: QuestionComposerOptions['onAnswer']
  locale?: ComposerLocale
  theme?: 'dark'
  minimized?: boolean
  width?: number
  /** The phase the card should settle in (`data-state` of its root). */
  phase: string
}

/** A default-layout composer driven into a state by events, no interaction needed. */
function PresetComposer({ preset }: { preset: Preset }) {
  // One request object for the card's life: a new object is a replay.
  const [composerRequest] = useState(() => request(preset.questions, `rpc-${preset.name}`))
  const composer = useQuestionComposer({
    request: composerRequest,
    onAnswer: preset.onAnswer ?? accept,
    onCancel: accept,
    draftStorage: null,
    locale: preset.locale,
    defaultMinimized: preset.minimized,
    // Unique landmark names on a page with many cards.
    messages: { regionLabel: `Question from the assistant: ${preset.name}` },
  })
  const sent = useRef(false)
  const { send } = composer
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    for (const event of preset.events ?? []) send(event)
  }, [send, preset])
  return (
    <Composer.Root composer={composer} theme={preset.theme}>
      <Composer.Header />
      <Composer.DismissConfirm />
      <Composer.Body>
        <Composer.Question />
      </Composer.Body>
      <Composer.Status />
      <Composer.Footer />
      <Composer.Announcer />
    </Composer.Root>
  )
}

const choose = (label: string): ComposerEvent => ({ type: 'CHOOSE_OPTION', label })
const type = (text: string): ComposerEvent => ({ type: 'SET_CUSTOM_TEXT', text })
const submit: ComposerEvent = { type: 'SUBMIT' }

const presets: Preset[] = [
  { name: 'single-select', questions: [colour], events: [choose('Teal')], phase: 'answering' },
  {
    name: 'multi-select',
    questions: [toppings],
    events: [choose('Search'), choose('Offline mode')],
    phase: 'answering',
  },
  {
    name: 'multi-select with custom',
    questions: [toppings],
    events: [choose('Sharing'), type('Dark mode')],
    phase: 'answering',
  },
  { name: 'free text', questions: [projectName], events: [type('Parley')], phase: 'answering' },
  {
    name: 'long batch',
    questions: tenQuestions,
    events: [choose('Small'), { type: 'SKIP_QUESTION' }, choose('Large')],
    phase: 'answering',
  },
  { name: 'long options', questions: [longOptions], phase: 'answering' },
  { name: 'recommended', questions: [recommended], phase: 'answering' },
  { name: 'markdown detail', questions: [markdownDetail], phase: 'answering' },
  {
    name: 'skipped',
    questions: [colour, toppings, projectName],
    events: [{ type: 'SKIP_QUESTION' }, { type: 'SKIP_QUESTION' }],
    phase: 'answering',
  },
  {
    name: 'incomplete submit',
    questions: [colour, projectName],
    events: [{ type: 'GO_NEXT' }, type('Parley'), submit],
    phase: 'answering',
  },
  {
    name: 'submitting',
    questions: [colour],
    events: [choose('Indigo'), submit],
    onAnswer: never,
    phase: 'submitting',
  },
  {
    name: 'rejected receipt',
    questions: [colour],
    events: [choose('Indigo'), submit],
    onAnswer: async () => ({ accepted: false, reason: 'bad-response' }),
    phase: 'failed',
  },
  {
    name: 'transport error',
    questions: [colour],
    events: [choose('Indigo'), submit],
    onAnswer: async () => {
      // What a browser's fetch throws when the server cannot be reached.
      throw new TypeError('Failed to fetch')
    },
    phase: 'failed',
  },
  {
    name: 'sent',
    questions: [colour],
    events: [choose('Amber'), submit],
    phase: 'awaiting-resolution',
  },
  {
    name: 'cancel confirmation',
    questions: [colour],
    events: [choose('Teal'), { type: 'REQUEST_CANCEL' }],
    phase: 'answering',
  },
  { name: 'minimized', questions: [colour, projectName], minimized: true, phase: 'answering' },
  {
    name: 'zh-CN',
    questions: [colour, projectName],
    locale: 'zh-CN',
    events: [choose('Indigo')],
    phase: 'answering',
  },
  { name: 'ja', questions: [colour, projectName], locale: 'ja', phase: 'answering' },
  {
    name: 'dark',
    questions: [toppings],
    theme: 'dark',
    events: [choose('Search')],
    phase: 'answering',
  },
  { name: '320 px', questions: [colour, toppings], width: 320, phase: 'answering' },
]

function Cell({
  name,
  width,
  children,
}: {
  name: string
  width?: number | undefined
  children: ReactNode
}) {
  return (
    <figure data-preset={name} style={{ margin: 0, width: width ?? '100%', minWidth: 0 }}>
      <figcaption style={{ font: '600 12px/1.4 system-ui', margin: '0 0 6px', color: '#3f3f46' }}>
        {name}
      </figcaption>
      {/* A zh-CN or ja card waits for its dictionary chunk here. */}
      <Suspense fallback={null}>{children}</Suspense>
    </figure>
  )
}

/** Every state on one page (Radix's all-states idea). */
function AllStatesPage() {
  return (
    <div
      style={{
        display: 'grid',
        gap: 24,
        gridTemplateColumns: 'repeat(auto-fill, minmax(340px, 1fr))',
        alignItems: 'start',
      }}
    >
      {presets.map((preset) => (
        <Cell key={preset.name} name={preset.name} width={preset.width}>
          <PresetComposer preset={preset} />
        </Cell>
      ))}
      <Cell name="plan review">
        <QuestionComposer
          request={request([planReview], 'rpc-plan')}
          onAnswer={accept}
          onCancel={accept}
          draftStorage={null}
          messages={{ regionLabel: 'Question from the assistant: plan review' }}
        />
      </Cell>
    </div>
  )
}

const meta = {
  title: 'Composer/All states',
  component: AllStatesPage,
  // A page of presets, not a public component: no docs page of its own.
  tags: ['!autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ padding: 24 }}>{Story()}</div>],
} satisfies Meta<typeof AllStatesPage>
export default meta

export const AllStates: StoryObj<typeof meta> = {
  // The markdown-detail and plan-review cells render their Markdown at once.
  loaders: [loadMarkdown],
  play: async ({ canvasElement }) => {
    const rootOf = (name: string) =>
      canvasElement.querySelector(`[data-preset="${name}"] [data-part="root"]`)
    for (const preset of presets) {
      await waitFor(() => expect(rootOf(preset.name)).toHaveAttribute('data-state', preset.phase))
    }
    const status = (name: string) =>
      canvasElement.querySelector(`[data-preset="${name}"] [role="status"]`)
    await expect(status('incomplete submit')).toHaveTextContent(/Answer or skip every question/)
    await expect(status('rejected receipt')).toHaveTextContent(/not accepted/)
    await expect(status('transport error')).toHaveTextContent(/the server cannot be reached/)
    await expect(status('sent')).toHaveTextContent(/Sent/)
    await expect(
      canvasElement.querySelector('[data-preset="cancel confirmation"] [data-part="confirm"]'),
    ).toBeVisible()
    await expect(rootOf('minimized')).toHaveAttribute('data-minimized')
  },
}
