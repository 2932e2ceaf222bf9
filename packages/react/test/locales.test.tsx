import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { type ComposerLocale, composerLocales, QuestionComposer } from '../src/index.ts'
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
  it('every dictionary has the same keys, none empty', () => {
    const keys = Object.keys(composerLocales.en).sort()
    for (const dictionary of Object.values(composerLocales)) {
      expect(Object.keys(dictionary).sort()).toEqual(keys)
      for (const value of Object.values(dictionary)) expect(value.length).toBeGreaterThan(0)
    }
  })

  it('renders Simplified Chinese and Japanese', () => {
    const { rerender } = render(<Harness locale="zh-CN" />)
    expect(screen.getByRole('button', { name: '跳过' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: '你的回答' })).toBeInTheDocument()
    rerender(<Harness locale="ja" />)
    expect(screen.getByRole('button', { name: 'スキップ' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '質問を閉じる' })).toBeInTheDocument()
  })

  it('any string can be overridden through messages', () => {
    render(<Harness messages={{ skip: 'Pass', dismiss: 'Close' }} />)
    expect(screen.getByRole('button', { name: 'Pass' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument()
  })

  it('switching the locale re-translates feedback already shown', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<Harness locale="en" />)
    await user.click(screen.getByRole('textbox', { name: 'Your answer' }))
    await user.keyboard('{Enter}')
    expect(screen.getByRole('status')).toHaveTextContent('Choose an option')
    rerender(<Harness locale="ja" />)
    expect(screen.getByRole('status')).toHaveTextContent(composerLocales.ja.feedbackUnanswered)
    rerender(<Harness locale="zh-CN" />)
    expect(screen.getByRole('status')).toHaveTextContent(
      composerLocales['zh-CN'].feedbackUnanswered,
    )
  })

  it('announces the position in the chosen language', async () => {
    const user = userEvent.setup()
    render(<Harness locale="zh-CN" />)
    await user.type(screen.getByRole('textbox', { name: '你的回答' }), 'x{Enter}')
    await waitFor(() =>
      expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(
        '第 2 个问题，共 2 个',
      ),
    )
  })
})
