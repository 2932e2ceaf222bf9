import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { type ComposerLocale, loadComposerLocale, QuestionComposer } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, name } from './fixtures.tsx'

const request = makeRequest([name, colour])

function Harness({ locale, messages }: { locale?: ComposerLocale; messages?: object }) {
  return (
    <QuestionComposer
      request={request}
      locale={locale}
      messages={messages}
      onAnswer={async () => ({})}
      onCancel={async () => ({})}
      draftStorage={memoryStorage()}
    />
  )
}

describe('locales', () => {
  it('every dictionary has the same keys, none empty', async () => {
    const [en, zhCN, ja] = await Promise.all([
      loadComposerLocale('en'),
      loadComposerLocale('zh-CN'),
      loadComposerLocale('ja'),
    ])
    const keys = Object.keys(en).sort()
    for (const dictionary of [en, zhCN, ja]) {
      expect(Object.keys(dictionary).sort()).toEqual(keys)
      for (const value of Object.values(dictionary)) expect(value.length).toBeGreaterThan(0)
    }
  })

  it('renders Simplified Chinese and Japanese once their dictionaries are loaded, never English first', async () => {
    const { rerender } = render(<Harness locale="zh-CN" />)
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: '跳过' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /你的回答/ })).toBeInTheDocument()
    rerender(<Harness locale="ja" />)
    expect(await screen.findByRole('button', { name: 'スキップ' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '質問を閉じる' })).toBeInTheDocument()
  })

  it('overrides apply on top of a lazily loaded dictionary', async () => {
    render(<Harness locale="ja" messages={{ skip: 'Pass' }} />)
    expect(await screen.findByRole('button', { name: 'Pass' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '質問を閉じる' })).toBeInTheDocument()
  })

  it('any string can be overridden through messages', () => {
    render(<Harness messages={{ skip: 'Pass', dismiss: 'Close' }} />)
    expect(screen.getByRole('button', { name: 'Pass' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument()
  })

  it('switching the locale re-translates feedback already shown, keeping the draft', async () => {
    const user = userEvent.setup()
    const ja = await loadComposerLocale('ja')
    const zhCN = await loadComposerLocale('zh-CN')
    const { rerender } = render(<Harness locale="en" />)
    await user.click(screen.getByRole('textbox', { name: /Your answer/ }))
    await user.keyboard(' {Enter}')
    expect(screen.getByRole('status')).toHaveTextContent('Choose an option')
    rerender(<Harness locale="ja" />)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(ja.feedbackUnanswered))
    rerender(<Harness locale="zh-CN" />)
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(zhCN.feedbackUnanswered),
    )
    expect(screen.getByRole('textbox', { name: new RegExp(zhCN.freeTextLabel) })).toHaveValue(' ')
  })

  it('announces the position in the chosen language', async () => {
    const user = userEvent.setup()
    render(<Harness locale="zh-CN" />)
    await user.type(await screen.findByRole('textbox', { name: /你的回答/ }), 'x{Enter}')
    await waitFor(() =>
      expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(
        '第 2 个问题，共 2 个',
      ),
    )
  })
})
