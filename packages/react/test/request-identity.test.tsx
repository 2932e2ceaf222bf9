import type { AskUserQuestionItem } from '@parley/seam'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { QuestionComposer, useQuestionComposer } from '../src/index.ts'
import { colour, memoryStorage, name } from './fixtures.tsx'

/** A host that writes the request inline, so every render passes a fresh object. */
function InlineHost({ questions }: { questions: AskUserQuestionItem[] }) {
  const [renders, setRenders] = useState(0)
  return (
    <>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        re-render host ({renders})
      </button>
      <QuestionComposer
        request={{ rpcId: 'rpc-inline', sessionId: 's', questions: [...questions] }}
        onAnswer={async () => ({ accepted: true })}
        onCancel={async () => ({ accepted: true })}
        draftStorage={memoryStorage()}
      />
    </>
  )
}

/** The headless hook re-renders its caller on every change: an inline request must not loop. */
function InlineHeadless() {
  const composer = useQuestionComposer({
    request: { rpcId: 'rpc-headless', questions: [{ ...name }] },
    onAnswer: async () => ({}),
    onCancel: async () => ({}),
    draftStorage: null,
  })
  return (
    <section {...composer.getRootProps()}>
      <textarea {...composer.getCustomInputProps()} />
    </section>
  )
}

describe('a request passed as a fresh object on every render', () => {
  it('is the same request while its rpcId and content are the same', async () => {
    const user = userEvent.setup()
    const error = vi.spyOn(console, 'error')
    const { rerender } = render(<InlineHost questions={[colour, name]} />)
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    const field = screen.getByRole('textbox', { name: /Your answer/ })
    await user.type(field, 'Parley')
    for (let i = 0; i < 5; i++) {
      await user.click(screen.getByRole('button', { name: /re-render host/ }))
      rerender(<InlineHost questions={[{ ...colour }, { ...name }]} />)
    }
    expect(screen.getByRole('button', { name: 're-render host (5)' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'What is the project called?' })).toBeInTheDocument()
    expect(field).toHaveValue('Parley')
    expect(error).not.toHaveBeenCalled()
    error.mockRestore()
  })

  it('does not loop in the headless hook either', async () => {
    const user = userEvent.setup()
    render(<InlineHeadless />)
    const field = screen.getByRole('textbox', { name: /Your answer/ })
    await user.type(field, 'abc')
    expect(field).toHaveValue('abc')
  })

  it('is replayed when the questions really change, keeping drafts by the machine’s rules', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<InlineHost questions={[colour, name]} />)
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'Parley')
    const renamed = { ...name, question: 'What should the project be called?' }
    const fewerColours = { ...colour, options: colour.options?.filter((o) => o.label !== 'Red') }
    rerender(<InlineHost questions={[fewerColours, renamed]} />)
    // The text on screen and the draft survive; a label that is no longer offered is dropped.
    expect(
      screen.getByRole('heading', { name: 'What should the project be called?' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Your answer/ })).toHaveValue('Parley')
    await user.click(screen.getByRole('button', { name: /Question 1:/ }))
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'false')
    expect(screen.queryByRole('radio', { name: 'Red' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Question 1: open/ })).toBeInTheDocument()
  })
})
