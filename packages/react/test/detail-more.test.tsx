import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ComposerLocale, QuestionComposer } from '../src/index.ts'
import { makeRequest, memoryStorage } from './fixtures.tsx'

// A detail taller than its box says so: a fade and "Show more", which opens
// it by mouse or keyboard and tells a screen reader whether it is open.

const LONG = Array.from({ length: 40 }, (_, i) => `Step ${i + 1} of the plan.`).join('\n\n')
const SHORT = 'One short line.'

/** jsdom lays nothing out: a detail holding `LONG` is taller than its box, anything else fits. */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.textContent?.includes('Step 40') ? 1200 : 100
  })
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => 100)
})
afterEach(() => {
  vi.restoreAllMocks()
})

function setup(detail: string, locale?: ComposerLocale, messages?: object) {
  const onAnswer = vi.fn(async () => ({}))
  render(
    <QuestionComposer
      request={makeRequest([
        {
          id: 'q',
          question: 'Go ahead with this plan?',
          detail,
          options: [{ label: 'Yes' }, { label: 'No' }],
        },
      ])}
      locale={locale}
      messages={messages}
      onAnswer={onAnswer}
      onCancel={async () => ({})}
      draftStorage={memoryStorage()}
    />,
  )
  return { onAnswer }
}

const detail = () => document.querySelector<HTMLElement>('[data-part="detail"]') as HTMLElement

describe('a long detail', () => {
  it('is clipped with "Show more", which opens and closes it by keyboard', async () => {
    const user = userEvent.setup()
    const { onAnswer } = setup(LONG)
    const more = await screen.findByRole('button', { name: 'Show more' })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(more).toHaveAttribute('aria-controls', detail().id)
    expect(detail()).toHaveAttribute('data-clipped')

    more.focus()
    await user.keyboard('{Enter}')
    const less = screen.getByRole('button', { name: 'Show less' })
    expect(less).toHaveAttribute('aria-expanded', 'true')
    expect(less).toHaveFocus()
    expect(detail()).toHaveAttribute('data-expanded')
    expect(detail()).not.toHaveAttribute('data-clipped')
    // Enter on it opened the detail and nothing else: no answer went out.
    expect(onAnswer).not.toHaveBeenCalled()

    await user.keyboard(' ')
    expect(screen.getByRole('button', { name: 'Show more' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    expect(detail()).toHaveAttribute('data-clipped')
  })

  it('that fits shows no button and no fade', async () => {
    setup(SHORT)
    await screen.findByText(SHORT, { selector: 'p' })
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
    expect(detail()).not.toHaveAttribute('data-clipped')
  })

  it.each([
    ['ja', '続きを表示', '折りたたむ'],
    ['zh-CN', '展开全文', '收起全文'],
  ] as const)('speaks %s', async (locale, more, less) => {
    const user = userEvent.setup()
    setup(LONG, locale)
    await user.click(await screen.findByRole('button', { name: more }))
    expect(screen.getByRole('button', { name: less })).toHaveAttribute('aria-expanded', 'true')
  })

  it('takes its words from messages', async () => {
    setup(LONG, 'en', { detailShowMore: 'Read the whole plan' })
    expect(await screen.findByRole('button', { name: 'Read the whole plan' })).toBeInTheDocument()
  })
})
