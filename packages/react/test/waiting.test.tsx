import { createQuestionClient, type QuestionClient } from '@parley/client'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ComposerLocale } from '../src/locales/index.ts'
import { useWaitingElsewhere } from '../src/reach/index.ts'
import { FakeSocket } from './fake-socket.ts'

afterEach(() => {
  FakeSocket.last = null
})

const requested = (rpcId: string, sessionId: string) => ({
  type: 'question/requested',
  rpcId,
  sessionId,
  requestedAt: Date.now(),
  questions: [{ id: 'a', question: `Question ${rpcId}?`, options: [{ label: 'Yes' }] }],
})

const resolved = (rpcId: string, sessionId: string) => ({
  type: 'question/resolved',
  rpcId,
  sessionId,
  outcome: 'answered',
})

function client(): QuestionClient {
  return createQuestionClient({
    baseUrl: 'http://app.test',
    WebSocket: FakeSocket,
    fetch: async () => new Response('{}'),
  })
}

const TITLES: Record<string, string> = { s1: 'Release checklist', s2: 'Logo ideas' }

/** A menu button named with the count, and the live region, as an app lays them out. */
function Shell({
  questions,
  sessionId,
  locale,
}: {
  questions: QuestionClient
  sessionId: string | null
  locale?: ComposerLocale
}) {
  const waiting = useWaitingElsewhere(questions, {
    sessionId,
    sessionTitle: (id) => TITLES[id],
    locale,
  })
  return (
    <>
      <button type="button" aria-label={['Menu', waiting.countText].filter(Boolean).join(', ')}>
        {waiting.questions.length}
      </button>
      <p role="status">
        {waiting.announcement ? (
          <span key={waiting.announcement.n}>{waiting.announcement.text}</span>
        ) : null}
      </p>
    </>
  )
}

const socket = () => FakeSocket.last as FakeSocket

describe('useWaitingElsewhere', () => {
  it('counts the questions of the other chats in the menu button’s name and announces each new one once', async () => {
    const questions = client()
    const { rerender } = render(<Shell questions={questions} sessionId="s1" />)
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument()

    socket().push(requested('here', 's1'))
    // The chat on screen shows its own question: nothing counted, nothing said.
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('')

    socket().push(requested('other', 's2'))
    expect(
      await screen.findByRole('button', { name: 'Menu, 1 question waiting' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('1 question waiting in Logo ideas')

    socket().push(requested('other-2', 's2'))
    expect(screen.getByRole('button', { name: 'Menu, 2 questions waiting' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('2 questions waiting in Logo ideas')

    // Re-rendering says nothing new; a question that leaves only lowers the count.
    const before = screen.getByRole('status').innerHTML
    rerender(<Shell questions={questions} sessionId="s1" />)
    socket().push(resolved('other', 's2'))
    expect(screen.getByRole('button', { name: 'Menu, 1 question waiting' })).toBeInTheDocument()
    expect(screen.getByRole('status').innerHTML).toBe(before)
  })

  it('never announces what was already waiting on load, and counts it', () => {
    const questions = client()
    questions.start()
    socket().push(requested('old', 's2'))
    render(<Shell questions={questions} sessionId="s1" />)
    expect(screen.getByRole('button', { name: 'Menu, 1 question waiting' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('')
  })

  it('counts the chat the user left once they are in another one, and every chat from an inbox', () => {
    const questions = client()
    questions.start()
    socket().push(requested('q1', 's1'))
    const { rerender } = render(<Shell questions={questions} sessionId="s1" />)
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument()
    rerender(<Shell questions={questions} sessionId="s2" />)
    expect(screen.getByRole('button', { name: 'Menu, 1 question waiting' })).toBeInTheDocument()
    rerender(<Shell questions={questions} sessionId={null} />)
    socket().push(requested('q2', 's2'))
    expect(screen.getByRole('button', { name: 'Menu, 2 questions waiting' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('1 question waiting in Logo ideas')
  })

  it('names a chat it has no title for "another chat"', () => {
    const questions = client()
    render(<Shell questions={questions} sessionId="s1" />)
    socket().push(requested('q', 'unknown'))
    expect(screen.getByRole('status')).toHaveTextContent('1 question waiting in another chat')
  })

  it.each([
    ['ja', 'Menu, 1件の質問が回答待ち', 'Logo ideasで1件の質問が回答を待っています'],
    ['zh-CN', 'Menu, 1 个问题待回答', '“Logo ideas”中有 1 个问题待回答'],
  ] as const)('speaks %s', (locale, name, sentence) => {
    const questions = client()
    render(<Shell questions={questions} sessionId="s1" locale={locale} />)
    socket().push(requested('q', 's2'))
    expect(screen.getByRole('button', { name })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(sentence)
  })
})
