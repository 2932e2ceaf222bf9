import { createQuestionClient, type QuestionClient } from '@parley/client'
import { act, render, renderHook, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  keyboardInset,
  NotificationPrompt,
  playChime,
  QuestionLinkNotice,
  useAttentionBadge,
  useKeyboardInset,
  useReachTheHuman,
} from '../src/reach/index.ts'
import { FakeSocket } from './fake-socket.ts'

// The page's attention, as a browser reports it; each test sets it.
let hidden = false
let focused = true
beforeEach(() => {
  hidden = false
  focused = true
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() =>
    hidden ? 'hidden' : 'visible',
  )
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused)
  document.title = 'Parley'
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  FakeSocket.last = null
})

function goAway() {
  act(() => {
    hidden = true
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  })
}
function comeBack() {
  act(() => {
    hidden = false
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  })
}

const requested = (rpcId: string, text: string, more = 0) => ({
  type: 'question/requested',
  rpcId,
  sessionId: 's1',
  requestedAt: Date.now(),
  questions: [
    { id: 'a', question: text, options: [{ label: 'Yes' }, { label: 'No' }] },
    ...Array.from({ length: more }, (_, i) => ({ id: `m${i}`, question: `More ${i}?` })),
  ],
})

function client(): QuestionClient {
  return createQuestionClient({
    baseUrl: 'http://app.test',
    WebSocket: FakeSocket,
    fetch: async () => new Response('{}'),
  })
}

/** A Notification the test can inspect and click. */
class FakeNotification {
  static permission: NotificationPermission = 'granted'
  static shown: FakeNotification[] = []
  static requestPermission = vi.fn(async () => 'granted' as NotificationPermission)
  onclick: (() => void) | null = null
  closed = false
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this)
  }
  close() {
    this.closed = true
  }
}

describe('useAttentionBadge', () => {
  it('counts in the title only while the page is hidden or unfocused, and restores it', () => {
    const { rerender } = renderHook(({ count }) => useAttentionBadge(count, { favicon: false }), {
      initialProps: { count: 2 },
    })
    expect(document.title).toBe('Parley')
    goAway()
    expect(document.title).toBe('(2) Parley')
    rerender({ count: 1 })
    expect(document.title).toBe('(1) Parley')
    comeBack()
    expect(document.title).toBe('Parley')
    act(() => {
      focused = false
      window.dispatchEvent(new Event('blur'))
    })
    expect(document.title).toBe('(1) Parley')
    rerender({ count: 0 })
    expect(document.title).toBe('Parley')
  })

  it("keeps badging a title the app sets meanwhile, and leaves the app's title when it ends", async () => {
    const { rerender } = renderHook(({ count }) => useAttentionBadge(count, { favicon: false }), {
      initialProps: { count: 3 },
    })
    goAway()
    await act(async () => {
      document.title = 'Release plan · Parley'
      await Promise.resolve()
    })
    expect(document.title).toBe('(3) Release plan · Parley')
    rerender({ count: 0 })
    expect(document.title).toBe('Release plan · Parley')
  })

  it('takes a formatter for the title', () => {
    renderHook(() =>
      useAttentionBadge(4, {
        favicon: false,
        formatTitle: (n, title) => `${title} — ${n} waiting`,
      }),
    )
    goAway()
    expect(document.title).toBe('Parley — 4 waiting')
  })
})

describe('useReachTheHuman', () => {
  it('notifies each question that arrives while the person is away; a click opens that question; answering closes it', () => {
    vi.stubGlobal('Notification', FakeNotification)
    FakeNotification.shown = []
    const questions = client()
    const opened: string[] = []
    const seen: [string, boolean][] = []
    renderHook(() =>
      useReachTheHuman(questions, {
        badge: false,
        describe: () => ({ agent: 'Build agent' }),
        onOpen: (question) => opened.push(question.rpcId),
        onQuestion: (question, { away }) => seen.push([question.rpcId, away]),
      }),
    )
    const socket = () => FakeSocket.last as FakeSocket
    socket().push(requested('here', 'Seen while looking?'))
    goAway()
    socket().push(requested('away', 'Deploy now?', 2))
    expect(seen).toEqual([
      ['here', false],
      ['away', true],
    ])
    expect(FakeNotification.shown.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
      ['Build agent asks', 'Deploy now? (+2 more)', 'parley:away'],
    ])
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {})
    act(() => FakeNotification.shown[0]?.onclick?.())
    expect(focus).toHaveBeenCalled()
    expect(opened).toEqual(['away'])
    expect(FakeNotification.shown[0]?.closed).toBe(true)

    socket().push(requested('later', 'And this?'))
    expect(FakeNotification.shown).toHaveLength(2)
    socket().push({
      type: 'question/resolved',
      rpcId: 'later',
      sessionId: 's1',
      outcome: 'answered',
    })
    expect(FakeNotification.shown[1]?.closed).toBe(true)
  })

  it('never notifies the questions already there on load, nor without permission', () => {
    vi.stubGlobal('Notification', FakeNotification)
    FakeNotification.shown = []
    const questions = client()
    questions.start()
    FakeSocket.last?.push(requested('old', 'From before?'))
    goAway()
    renderHook(() => useReachTheHuman(questions, { badge: false }))
    expect(FakeNotification.shown).toEqual([])
    FakeNotification.permission = 'default'
    FakeSocket.last?.push(requested('new', 'Not allowed yet?'))
    expect(FakeNotification.shown).toEqual([])
    FakeNotification.permission = 'granted'
  })

  it('chimes for a question that arrives while away only with sound on', () => {
    const started: number[] = []
    class FakeAudio {
      state = 'running'
      currentTime = 0
      destination = {}
      createOscillator() {
        return {
          frequency: { value: 0 },
          connect: (node: unknown) => node,
          start: (at: number) => started.push(at),
          stop: () => {},
        }
      }
      createGain() {
        const gain = {
          gain: {
            setValueAtTime: () => {},
            linearRampToValueAtTime: () => {},
            exponentialRampToValueAtTime: () => {},
          },
          connect: (node: unknown) => node,
        }
        return gain
      }
    }
    vi.stubGlobal('AudioContext', FakeAudio)
    const questions = client()
    const { rerender } = renderHook(({ sound }) => useReachTheHuman(questions, { sound }), {
      initialProps: { sound: false },
    })
    goAway()
    FakeSocket.last?.push(requested('quiet', 'Silent?'))
    expect(started).toEqual([])
    rerender({ sound: true })
    FakeSocket.last?.push(requested('loud', 'With a chime?'))
    expect(started).toEqual([0, 0.12])
  })

  it('reconnects at once when the page comes back and the connection is not open', () => {
    const questions = client()
    renderHook(() => useReachTheHuman(questions, { badge: false }))
    const reconnect = vi.spyOn(questions, 'reconnect')
    goAway()
    comeBack()
    // Connecting, not yet open: coming back does not wait for the backoff.
    expect(reconnect).toHaveBeenCalledTimes(1)
  })
})

describe('playChime', () => {
  it('does nothing where there is no Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined)
    expect(() => playChime()).not.toThrow()
  })
})

describe('NotificationPrompt', () => {
  it('asks the browser only when the person presses "Turn on notifications"', async () => {
    const user = userEvent.setup()
    vi.stubGlobal('Notification', FakeNotification)
    FakeNotification.permission = 'default'
    FakeNotification.requestPermission.mockClear()
    const onPermission = vi.fn()
    render(<NotificationPrompt storage={null} onPermission={onPermission} />)
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled()
    const offer = screen.getByRole('region', { name: 'Notifications' })
    expect(offer).toHaveTextContent(
      'Get a notification when the assistant asks you something while this tab is in the background?',
    )
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }))
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1)
    expect(onPermission).toHaveBeenCalledWith('granted')
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull()
    FakeNotification.permission = 'granted'
  })

  it('remembers "Not now", and shows nothing once permission was given or refused', async () => {
    const user = userEvent.setup()
    vi.stubGlobal('Notification', FakeNotification)
    FakeNotification.permission = 'default'
    const stored = new Map<string, string>()
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    }
    const { unmount } = render(<NotificationPrompt storage={storage} />)
    await user.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region')).toBeNull()
    unmount()
    render(<NotificationPrompt storage={storage} />)
    expect(screen.queryByRole('region')).toBeNull()
    stored.clear()
    FakeNotification.permission = 'denied'
    render(<NotificationPrompt storage={storage} />)
    expect(screen.queryByRole('region')).toBeNull()
    FakeNotification.permission = 'granted'
  })

  it('in Japanese', () => {
    vi.stubGlobal('Notification', FakeNotification)
    FakeNotification.permission = 'default'
    render(<NotificationPrompt storage={null} locale="ja" />)
    expect(screen.getByRole('button', { name: '通知をオンにする' })).toBeVisible()
    FakeNotification.permission = 'granted'
  })
})

describe('QuestionLinkNotice', () => {
  it('says how a question the address names ended, where and when, once the replay is complete', async () => {
    const questions = client()
    render(<QuestionLinkNotice client={questions} sessionId="s1" rpcId="r1" onClose={() => {}} />)
    const socket = FakeSocket.last as FakeSocket
    expect(screen.queryByRole('status')).toBeNull()
    await act(async () => {
      socket.onopen?.({})
    })
    socket.push({ type: 'mux/ready' })
    expect(screen.getByRole('status')).toHaveTextContent(
      'This question is no longer waiting for an answer.',
    )
    const at = new Date(2026, 11, 1, 10, 42).getTime()
    socket.push(requested('r1', 'Ship it?'))
    socket.push({
      type: 'question/resolved',
      rpcId: 'r1',
      sessionId: 's1',
      outcome: 'answered',
      by: { label: 'Safari on iPhone', at },
    })
    // It was pending here: its own card says how it ended.
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('opened in a new tab after another answered it: says when, where and what was answered, from the replay', async () => {
    const questions = client()
    render(
      <QuestionLinkNotice
        client={questions}
        sessionId="s1"
        rpcId="r2"
        questions={[
          { id: 'ship', question: 'Ship it?', options: [{ label: 'Yes (Recommended)' }] },
          { id: 'note', question: 'Anything else?' },
          { id: 'when', question: 'When?' },
        ]}
      />,
    )
    const socket = FakeSocket.last as FakeSocket
    await act(async () => {
      socket.onopen?.({})
    })
    const at = new Date(2026, 11, 1, 10, 42).getTime()
    // The host's recent endings come in the replay, before mux/ready.
    socket.push({
      type: 'question/resolved',
      rpcId: 'r2',
      sessionId: 's1',
      outcome: 'answered',
      by: { label: 'Safari on iPhone', at },
      answer: {
        answers: [
          { id: 'ship', selected: ['Yes (Recommended)'] },
          { id: 'note', selected: [], custom: '  Tell the team  ' },
        ],
      },
    })
    socket.push({ type: 'mux/ready' })
    expect(screen.getByRole('status')).toHaveTextContent(
      /answered in another window at 10:42 AM \(Safari on iPhone\)/,
    )
    const answer = screen.getByRole('figure', { name: 'The answer that was sent' })
    expect(
      within(answer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ship it? Yes', 'Anything else? Tell the team', 'When? Skipped'])
  })

  it('takes the outcome the app knows, and says a timeout decided nothing', async () => {
    const questions = client()
    render(<QuestionLinkNotice client={questions} sessionId="s1" rpcId="r9" outcome="timed-out" />)
    expect(screen.getByRole('status')).toHaveTextContent(
      'This question timed out — no answer was sent, and no decision was made.',
    )
  })
})

describe('useKeyboardInset', () => {
  it('keeps --parley-keyboard-inset at the height the keyboard covers', () => {
    const view = Object.assign(new EventTarget(), { height: 844, offsetTop: 0 })
    vi.stubGlobal('visualViewport', view)
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844)
    const { unmount } = renderHook(() => useKeyboardInset())
    const inset = () => document.documentElement.style.getPropertyValue('--parley-keyboard-inset')
    expect(inset()).toBe('0px')
    act(() => {
      view.height = 508
      view.dispatchEvent(new Event('resize'))
    })
    expect(inset()).toBe('336px')
    unmount()
    expect(inset()).toBe('')
  })

  it('is never negative', () => {
    expect(keyboardInset({ height: 900, offsetTop: 0 }, 844)).toBe(0)
    expect(keyboardInset({ height: 500, offsetTop: 8 }, 844)).toBe(336)
  })
})
