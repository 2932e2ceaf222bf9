import type { AskUserQuestionAnswer } from '@parley/seam'
import type { AmendReceipt } from '@parley/seam/wire'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AnsweredCard, SessionAnswers, type StandingAnswer } from '../src/amend/index.ts'
import { QuestionClientProvider } from '../src/connection/index.ts'
import { clientWithFakeMux } from './mux-fixture.ts'

const standing: StandingAnswer = {
  rpcId: 'rpc-1',
  sessionId: 's1',
  asker: { name: 'Test writer', parents: ['Planner'] },
  questions: [
    {
      id: 'runner',
      question: 'Which test runner?',
      options: [{ label: 'Vitest (Recommended)' }, { label: 'Jest' }],
    },
    { id: 'name', question: 'Suite name?' },
  ],
  answer: {
    answers: [
      { id: 'runner', selected: ['Vitest (Recommended)'] },
      { id: 'name', selected: [], custom: 'unit' },
    ],
  },
  revision: 0,
}

function setup(receipt: AmendReceipt | Promise<AmendReceipt>, shown: StandingAnswer = standing) {
  const onChange = vi.fn(
    (_answer: AskUserQuestionAnswer, _revision: number): Promise<AmendReceipt> =>
      Promise.resolve(receipt),
  )
  const view = render(<AnsweredCard standing={shown} onChange={onChange} />)
  return { onChange, ...view }
}

const card = () => screen.getByRole('region', { name: /Your answer/ })
const notice = () => within(card()).getByRole('status')

async function changeRunnerToJest(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Change' }))
  expect(screen.getByRole('radio', { name: /Vitest/ })).toHaveAttribute('aria-checked', 'true')
  // Choosing advances to the next question, whose draft is the sent text.
  await user.click(screen.getByRole('radio', { name: 'Jest' }))
  expect(screen.getByRole('textbox', { name: /Suite name\?/ })).toHaveValue('unit')
  await user.click(screen.getByRole('button', { name: 'Submit' }))
}

describe('AnsweredCard', () => {
  it('shows who asked and the answer that stands, with Change', () => {
    setup({ accepted: true, revision: 1 })
    expect(card()).toHaveAccessibleName('Planner › Test writer · Your answer')
    expect(within(card()).getByText('Which test runner?').nextSibling).toHaveTextContent('Vitest')
    expect(within(card()).getByText('Suite name?').nextSibling).toHaveTextContent('unit')
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument()
  })

  it('reopens with the sent answer as the draft and sends the change on the revision it opened from', async () => {
    const user = userEvent.setup()
    const { onChange } = setup({ accepted: true, revision: 1 })
    await changeRunnerToJest(user)
    expect(onChange).toHaveBeenCalledWith(
      {
        answers: [
          { id: 'runner', selected: ['Jest'] },
          { id: 'name', selected: [], custom: 'unit' },
        ],
      },
      0,
    )
    await waitFor(() =>
      expect(notice()).toHaveTextContent('Changed. The assistant has your new answer.'),
    )
    expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus()
  })

  it('says the window passed when the host refuses, and goes when closed', async () => {
    const user = userEvent.setup()
    setup({
      accepted: false,
      reason: 'refused',
      code: 'AMEND_WINDOW_CLOSED',
      message: 'The time to change this answer has passed.',
    })
    await changeRunnerToJest(user)
    await waitFor(() =>
      expect(notice()).toHaveTextContent('The time to change this answer has passed.'),
    )
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('says another tab changed it first, and still lets it change', async () => {
    const user = userEvent.setup()
    setup({ accepted: false, reason: 'refused', code: 'AMEND_SUPERSEDED', message: '' })
    await changeRunnerToJest(user)
    await waitFor(() => expect(notice()).toHaveTextContent('changed in another tab first'))
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument()
  })

  it('keeps the editor open on a bad-response, with the reasons', async () => {
    const user = userEvent.setup()
    setup({
      accepted: false,
      reason: 'bad-response',
      issues: [{ rule: 'no-change', message: 'The amendment changes no answer.' }],
    })
    await changeRunnerToJest(user)
    expect(await screen.findByText(/The amendment changes no answer/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Try again|Submit/ })).toBeInTheDocument()
  })

  it('cancelling the change goes back to the summary without sending', async () => {
    const user = userEvent.setup()
    const { onChange } = setup({ accepted: true, revision: 1 })
    await user.click(screen.getByRole('button', { name: 'Change' }))
    await user.click(screen.getByRole('button', { name: 'Stop changing' }))
    await user.click(await screen.findByRole('button', { name: 'Keep sent answer' }))
    expect(await screen.findByRole('button', { name: 'Change' })).toBeInTheDocument()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('shows nothing once it can no longer change and has nothing to say', () => {
    setup({ accepted: true, revision: 1 }, { ...standing, closed: 'moved-on' })
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('speaks Chinese', () => {
    render(
      <AnsweredCard
        standing={{ ...standing, asker: undefined }}
        locale="zh-CN"
        onChange={() => Promise.resolve({ accepted: true, revision: 1 })}
      />,
    )
    expect(screen.getByRole('region', { name: '你的回答' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '更改' })).toBeInTheDocument()
  })
})

describe('SessionAnswers', () => {
  it('shows the standing answers of its session and sends changes to the amend route', async () => {
    const user = userEvent.setup()
    const { client, mux, posted } = clientWithFakeMux([{ accepted: true, revision: 1 }])
    render(
      <QuestionClientProvider client={client}>
        <SessionAnswers sessionId="s1" />
      </QuestionClientProvider>,
    )
    await waitFor(() => expect(client.getConnectionStatus()).not.toBe('idle'))
    mux.push({ type: 'question/answer', ...standing, until: 1 })
    mux.push({ type: 'question/answer', ...standing, rpcId: 'other', sessionId: 's2', until: 1 })
    expect(await screen.findAllByRole('region')).toHaveLength(1)
    await changeRunnerToJest(user)
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({
      url: 'http://app.test/api/amend',
      body: {
        rpcId: 'rpc-1',
        sessionId: 's1',
        revision: 0,
        answer: {
          answers: [
            { id: 'runner', selected: ['Jest'] },
            { id: 'name', selected: [], custom: 'unit' },
          ],
        },
      },
    })
    mux.push({ type: 'question/answer', ...standing, until: 1, revision: 1, closed: 'window' })
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Change' })).toBeNull())
  })
})
