import type { ComposerStateReducer } from '@parley/machine'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Composer, useQuestionComposer } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, name, renderComposer } from './fixtures.tsx'

const request = makeRequest([colour, name])

function Headless({ onAnswer }: { onAnswer: (answer: unknown) => Promise<unknown> }) {
  const composer = useQuestionComposer({
    request,
    onAnswer,
    onCancel: async () => ({}),
    draftStorage: memoryStorage(),
  })
  const options = composer.question?.options ?? []
  return (
    <section {...composer.getRootProps()}>
      <h3 {...composer.getTitleProps()}>{composer.question?.question}</h3>
      {options.length > 0 ? (
        <div {...composer.getOptionsProps()}>
          {options.map((option, index) => (
            <button key={option.label} {...composer.getOptionProps(index)}>
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
      <textarea {...composer.getCustomInputProps()} />
      <p>
        {composer.progress.position} of {composer.progress.total}
      </p>
      <button {...composer.getSubmitProps()}>{composer.primaryLabel}</button>
      <div {...composer.getStatusProps()}>{composer.status.text}</div>
    </section>
  )
}

function Parts() {
  const composer = useQuestionComposer({
    request,
    onAnswer: async () => ({}),
    onCancel: async () => ({}),
    draftStorage: null,
    locale: 'ja',
  })
  return (
    <Composer.Root composer={composer}>
      <Composer.Title />
      <Composer.Options />
      <Composer.Skip />
      <Composer.Status />
    </Composer.Root>
  )
}

describe('useQuestionComposer', () => {
  it('drives a fully custom layout through prop getters', async () => {
    const user = userEvent.setup()
    const onAnswer = vi.fn(async () => ({ accepted: true }))
    render(<Headless onAnswer={onAnswer} />)
    expect(screen.getByRole('radiogroup', { name: 'Which colour?' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    expect(screen.getByText('2 of 2')).toBeInTheDocument()
    // This layout renders no label: the field is named by the question alone.
    expect(screen.getByRole('textbox', { name: name.question })).toHaveFocus()
    // Enter on the last question, with every question answered, sends the batch.
    await user.keyboard('Parley{Enter}')
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [
        { id: 'colour', selected: ['Red'] },
        { id: 'name', selected: [], custom: 'Parley' },
      ],
    })
  })

  it('feeds the styled parts through Composer.Root', async () => {
    const user = userEvent.setup()
    // A lazily loaded locale suspends the hook's caller until its strings are there.
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <Parts />
        </Suspense>,
      )
    })
    const skip = await screen.findByRole('button', { name: 'スキップ' })
    const root = document.querySelector('[data-part="root"]')
    expect(root).toHaveAttribute('data-scope', 'question-composer')
    await user.click(skip)
    expect(screen.getByRole('heading', { name: 'What is the project called?' })).toBeInTheDocument()
  })

  it('parts outside Composer.Root explain what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Composer.Skip />)).toThrow(/inside <Composer.Root>/)
    vi.restoreAllMocks()
  })
})

describe('stateReducer', () => {
  it('lets a host amend a change, e.g. forbid skipping', async () => {
    const stateReducer: ComposerStateReducer = (state, { event, changes }) =>
      event.type === 'SKIP_QUESTION' ? state : changes
    const { user } = renderComposer({ stateReducer })
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    expect(screen.getByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
  })

  it('an edit the reducer refuses or amends shows in the field as the machine has it', async () => {
    const stateReducer: ComposerStateReducer = (state, { event, changes }) => {
      if (event.type !== 'SET_CUSTOM_TEXT') return changes
      if (event.text.length > 5) return state
      const draft = changes.drafts.name
      return draft
        ? {
            ...changes,
            drafts: { ...changes.drafts, name: { ...draft, custom: draft.custom.toUpperCase() } },
          }
        : changes
    }
    const { user } = renderComposer({ request: makeRequest([name]), stateReducer })
    const field = screen.getByRole('textbox', { name: /Your answer/ })
    await user.type(field, 'parley!')
    expect(field).toHaveValue('PARLE')
  })
})
