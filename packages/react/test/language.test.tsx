import { QuestionClientError } from '@parley/client'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ComposerLocale, loadComposerLocale, QuestionComposer } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, root } from './fixtures.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

function renderCard(locale: ComposerLocale, onAnswer: () => Promise<unknown>) {
  render(
    <QuestionComposer
      request={makeRequest([colour])}
      locale={locale}
      onAnswer={onAnswer}
      onCancel={async () => ({ accepted: true })}
      draftStorage={memoryStorage()}
    />,
  )
}

describe('the card speaks its locale', () => {
  it.each([
    ['en', 'en'],
    ['zh-CN', 'zh-CN'],
    ['ja', 'ja'],
  ] as const)('with locale %s the root carries lang="%s"', async (locale, tag) => {
    renderCard(locale, async () => ({ accepted: true }))
    await screen.findByRole('radiogroup')
    expect(root()).toHaveAttribute('lang', tag)
  })
})

const FAILURES = [
  {
    kind: 'network (@parley/client)',
    error: new QuestionClientError('The response could not be sent.', 'RESPOND_NETWORK', {
      cause: new TypeError('Failed to fetch'),
    }),
    says: {
      en: 'the server cannot be reached',
      'zh-CN': '无法连接服务器',
      ja: 'サーバーに接続できません',
    },
  },
  {
    kind: 'network (a browser fetch)',
    error: new TypeError('Failed to fetch'),
    says: {
      en: 'the server cannot be reached',
      'zh-CN': '无法连接服务器',
      ja: 'サーバーに接続できません',
    },
  },
  {
    kind: 'HTTP 503',
    error: new QuestionClientError('The host refused the response (503).', 'RESPOND_HTTP', {
      status: 503,
    }),
    says: {
      en: 'the server refused it (HTTP 503)',
      'zh-CN': '服务器拒绝了请求（HTTP 503）',
      ja: 'サーバーがリクエストを拒否しました（HTTP 503）',
    },
  },
  {
    kind: 'a bad receipt',
    error: new QuestionClientError('The receipt is not JSON.', 'RESPOND_BAD_RECEIPT'),
    says: {
      en: "the server's reply could not be read",
      'zh-CN': '无法读取服务器的回复',
      ja: 'サーバーの応答を読み取れませんでした',
    },
  },
  {
    kind: 'anything else',
    error: new Error('Quota exceeded for project 42'),
    says: { en: 'something went wrong', 'zh-CN': '出现了问题', ja: '問題が発生しました' },
  },
]

describe('transport errors are shown in the card’s language, never as raw English', () => {
  for (const locale of ['en', 'zh-CN', 'ja'] as const) {
    it.each(FAILURES)(`${locale}: $kind`, async ({ error, says }) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const messages = await loadComposerLocale(locale)
      const user = userEvent.setup()
      renderCard(locale, async () => {
        throw error
      })
      await user.click(await screen.findByRole('radio', { name: 'Red' }))
      await user.click(screen.getByRole('button', { name: messages.submit }))
      const status = screen.getByRole('status')
      await waitFor(() => expect(status).toHaveTextContent(says[locale]))
      // The dictionary's own prefix ("Could not send:", "发送失败：", "送信できませんでした：")…
      expect(
        status.textContent?.startsWith(messages.feedbackTransport.replace('{message}', '')),
      ).toBe(true)
      // …and none of the error's own (English) words.
      expect(status).not.toHaveTextContent(error.message)
      // The raw error is there for developers.
      expect(warn).toHaveBeenCalledWith(expect.any(String), error)
    })
  }
})
