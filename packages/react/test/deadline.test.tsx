import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DeadlineCountdown, type DeadlineCountdownProps } from '../src/connection/index.ts'
import { remainingTime } from '../src/deadline/messages.ts'

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0)

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: T0 })
})
afterEach(() => {
  vi.useRealTimers()
})

function Card(props: Omit<DeadlineCountdownProps, 'root' | 'lang'> & { lang?: string }) {
  const root = useRef<HTMLDivElement>(null)
  return (
    <div ref={root} data-testid="card">
      <input aria-label="Your answer" />
      <DeadlineCountdown root={root} lang={props.lang ?? 'en'} {...props} />
    </div>
  )
}

const text = () => document.querySelector('[data-part="deadline-text"]')?.textContent
const spoken = () => document.querySelector('[data-part="deadline-announcer"]')?.textContent
const seconds = (n: number) => act(() => vi.advanceTimersByTime(n * 1000))

/**
 * Waits for the lazily loaded countdown to show `words`, then lets React run
 * its effects (the once-a-second clock starts in one), so the fake seconds
 * that follow tick it at once instead of racing it.
 */
async function shows(words: string) {
  const shown = await screen.findByText(words)
  await act(async () => {})
  return shown
}

describe('the countdown in words', () => {
  it.each([
    [4 * 60_000, 'en', '4 min'],
    [4 * 60_000 + 20_000, 'en', '4 min'],
    [70_000, 'en', '1 min 10 sec'],
    [119_000, 'en', '1 min 55 sec'],
    [119_400, 'en', '2 min'],
    [119_999, 'en', '2 min'],
    [60_000, 'en', '1 min'],
    [150_000, 'en', '3 min'],
    [42_000, 'en', '45 sec'],
    [7_200_000 * 2, 'en', '4 hr'],
    [3 * 86_400_000, 'en', '3 days'],
    [4 * 60_000, 'ja', '4 分'],
    [4 * 60_000, 'zh-CN', '4分钟'],
  ])('%i ms left reads "%s" in %s', (ms, lang, words) => {
    expect(remainingTime(ms, lang)).toBe(words)
  })

  it('says how long the assistant still waits, and that time is up once it passed', async () => {
    render(<Card deadlineAt={T0 + 4 * 60_000} />)
    expect(await shows('Waiting 4 min more')).toBeVisible()
    await seconds(4 * 60 + 1)
    expect(screen.getByText('Time is up: the assistant is about to stop waiting')).toBeVisible()
  })

  it('speaks at the marks (2 min, 1 min, 30 s), never every second', async () => {
    render(<Card deadlineAt={T0 + 150_000} />)
    await shows('Waiting 3 min more')
    expect(spoken()).toBe('')
    await seconds(29)
    expect(spoken()).toBe('')
    await seconds(1)
    expect(spoken()).toBe('Waiting 2 min more')
    // Said once: the region empties, so it never reads a stale time later.
    await seconds(10)
    expect(spoken()).toBe('')
    expect(text()).toBe('Waiting 1 min 50 sec more')
    await seconds(49)
    expect(spoken()).toBe('')
    expect(text()).toBe('Waiting 1 min more')
    await seconds(1)
    expect(spoken()).toBe('Waiting 1 min more')
    await seconds(30)
    expect(spoken()).toBe('Waiting 30 sec more')
  })

  it('in Japanese', async () => {
    render(<Card lang="ja" deadlineAt={T0 + 4 * 60_000} onExtend={() => undefined} />)
    expect(await screen.findByText('あと4 分待ちます')).toBeVisible()
    expect(screen.getByRole('button', { name: '時間を延長' })).toBeVisible()
  })
})

describe('more time', () => {
  it('asks once while the request is in flight, and says so when the deadline moves', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    let settle: (value: unknown) => void = () => {}
    const onExtend = vi.fn(() => new Promise((resolve) => (settle = resolve)))
    const { rerender } = render(<Card deadlineAt={T0 + 60_000} onExtend={onExtend} />)
    await user.click(await screen.findByRole('button', { name: 'More time' }))
    expect(screen.getByRole('button', { name: 'Asking for more time…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await user.click(screen.getByRole('button', { name: 'Asking for more time…' }))
    expect(onExtend).toHaveBeenCalledTimes(1)
    await act(async () => settle({ extended: true, deadlineAt: T0 + 360_000 }))
    rerender(<Card deadlineAt={T0 + 360_000} onExtend={onExtend} />)
    expect(text()).toBe('Waiting 6 min more')
    expect(spoken()).toBe('More time: waiting 6 min more')
    expect(screen.getByRole('button', { name: 'More time' })).not.toHaveAttribute('aria-disabled')
  })

  it('at the host maximum the button goes and the card says why', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const onExtend = async () => ({ extended: false, reason: 'at-limit', deadlineAt: T0 + 60_000 })
    render(<Card deadlineAt={T0 + 60_000} onExtend={onExtend} />)
    await user.click(await screen.findByRole('button', { name: 'More time' }))
    expect(await screen.findByText('The assistant cannot wait any longer than this.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'More time' })).toBeNull()
  })

  it('a failed request says so and can be tried again', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const onExtend = vi.fn(async () => {
      throw new Error('offline')
    })
    render(<Card deadlineAt={T0 + 60_000} onExtend={onExtend} />)
    await user.click(await screen.findByRole('button', { name: 'More time' }))
    expect(await screen.findByText('Could not get more time. Try again.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'More time' }))
    expect(onExtend).toHaveBeenCalledTimes(2)
  })

  it('has no button without onExtend', async () => {
    render(<Card deadlineAt={T0 + 60_000} />)
    await screen.findByText('Waiting 1 min more')
    expect(screen.queryByRole('button')).toBeNull()
  })
})

describe('activity', () => {
  it('typing in the card is reported at most every 10 seconds', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const onActivity = vi.fn()
    render(<Card deadlineAt={T0 + 600_000} onActivity={onActivity} />)
    await screen.findByText('Waiting 10 min more')
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'abc')
    expect(onActivity).toHaveBeenCalledTimes(1)
    await seconds(10)
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'd')
    expect(onActivity).toHaveBeenCalledTimes(2)
  })
})
