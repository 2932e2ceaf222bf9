import type { AskUserQuestionAnswer } from '@parley/seam'
import type { AmendReceipt } from '@parley/seam/wire'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AnsweredCard, type StandingAnswer } from '../src/amend/index.ts'
import type { ComposerLocale } from '../src/index.ts'

// The card Change opens is a change of an answer already sent: it says so,
// and its × stops the change without touching the sent answer.

const standing: StandingAnswer = {
  rpcId: 'rpc-1',
  sessionId: 's1',
  asker: { name: 'Test writer', parents: ['Planner'] },
  questions: [
    {
      id: 'runner',
      question: 'Which test runner?',
      options: [{ label: 'Vitest' }, { label: 'Jest' }],
    },
  ],
  answer: { answers: [{ id: 'runner', selected: ['Vitest'] }] },
  revision: 0,
}

function setup(locale?: ComposerLocale) {
  const onChange = vi.fn(
    async (_answer: AskUserQuestionAnswer, _revision: number): Promise<AmendReceipt> => ({
      accepted: true,
      revision: 1,
    }),
  )
  render(<AnsweredCard standing={standing} onChange={onChange} locale={locale} />)
  return { onChange }
}

describe('changing a sent answer', () => {
  it('is labelled as a change, not a new question', async () => {
    const user = userEvent.setup()
    setup()
    await user.click(screen.getByRole('button', { name: 'Change' }))
    const editing = screen.getByRole('region', {
      name: 'Planner › Test writer · Changing your answer',
    })
    expect(editing).toHaveAttribute('data-state', 'editing')
    expect(within(editing).getByText('Planner › Test writer · Changing your answer')).toBeVisible()
    // The card inside keeps the question and the sent answer as its draft.
    expect(within(editing).getByRole('radio', { name: 'Vitest' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
  })

  it('its × says "Stop changing", asks whether to, and keeps the sent answer', async () => {
    const user = userEvent.setup()
    const { onChange } = setup()
    await user.click(screen.getByRole('button', { name: 'Change' }))
    await user.click(screen.getByRole('radio', { name: 'Jest' }))
    await user.click(screen.getByRole('button', { name: 'Stop changing' }))
    expect(screen.getByText('Stop changing? Your sent answer stays as it is.')).toBeVisible()
    expect(screen.queryByText('Discard your answers?')).toBeNull()
    expect(screen.getByRole('button', { name: 'Keep changing' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Keep sent answer' }))

    // Back to the summary: the sent answer stands, nothing was sent.
    const summary = await screen.findByRole('region', {
      name: 'Planner › Test writer · Your answer',
    })
    expect(within(summary).getByText('Which test runner?').nextSibling).toHaveTextContent('Vitest')
    expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus()
    expect(onChange).not.toHaveBeenCalled()
  })

  it.each([
    ['ja', '変更', 'Planner › Test writer · 回答を変更中', '変更をやめる'],
    ['zh-CN', '更改', 'Planner › Test writer · 正在更改你的回答', '停止更改'],
  ] as const)('speaks %s', async (locale, change, label, stop) => {
    const user = userEvent.setup()
    setup(locale)
    await user.click(screen.getByRole('button', { name: change }))
    expect(screen.getByRole('region', { name: label })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: stop })).toBeInTheDocument()
  })
})
