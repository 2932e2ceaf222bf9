/**
 * The demo's chat, as apps/web lays it out: its sidebar, transcript, chat
 * input and question area (the same components, and app.css with the
 * composer's styles.css), on `@parley/client` connected to the real host.
 * Beside it, in the sidebar's corner, the baseline of `frame-to-card`: a bare
 * WebSocket whose message React paints as a plain heading.
 */
import { StrictMode, useEffect, useState, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { ChatInput } from '../../../apps/web/src/components/chat-input.tsx'
import { Sidebar } from '../../../apps/web/src/components/sidebar.tsx'
import { Transcript } from '../../../apps/web/src/components/transcript.tsx'
import { QuestionArea } from '../../../apps/web/src/parley/question-area.tsx'
import {
  createQuestionClient,
  selectSessionResolutions,
} from '../../../packages/client/src/index.ts'
import { QuestionClientProvider } from '../../../packages/react/src/connection/index.ts'
import { SESSION, setupBatch } from '../../lib/feel-batches.ts'
import { answerCard } from './answer.ts'
import { busy, fault } from './inject.ts'
import {
  type LongTask,
  longTasksSince,
  measure,
  type PaintSample,
  type Shift,
  settled,
  shiftsSince,
  stopRecording,
  whenDom,
  within,
} from './paint.ts'
import { seedTranscript, transcript } from './transcript-store.ts'

interface DemoApi {
  /** Resolves once the mux is open (`mux/ready`) and the bare socket too. */
  ready(): Promise<void>
  /** The user asks, the agent answers and calls the tool: the transcript before a question. */
  agentAsks(total: number): void
  /** Arms a sample: the next `question/requested` frame until the card titled `expected` is painted. */
  armCard(expected: string): void
  /** Arms a sample: the next bare message until the plain heading shows `expected`. */
  armRaw(expected: string): void
  result(): Promise<PaintSample>
  /**
   * Batches `from`…`to` of the heap run, with no DevTools call between them:
   * each setup batch is asked through the bare socket, answered through its
   * card, and gone before the next. Then the resource timing buffer (one
   * entry per respond POST, the browser's, not Parley's) is cleared.
   */
  runBatches(from: number, to: number): Promise<void>
  /** Answers the card on screen; resolves with the time of the click that sent it, once it left. */
  answer(): Promise<number>
  /**
   * When the card's title is `title`, focuses its `index`-th `part` (for the
   * keys that follow) and returns true; false while another question shows.
   */
  focusPart(part: string, index: number, title: string): boolean
  /** Puts focus in the chat input, as after sending a message. */
  focusChatInput(): void
  /**
   * For the heap run, so only Parley's memory can grow: the transcript stops
   * following answers and B5 stops recording shifts and long tasks.
   */
  measureHeapOnly(): void
  now(): number
  /** Resolves once nothing loads and the page went `ms` without a change or a shift. */
  settled(ms: number): Promise<void>
  shifts(since: number): Promise<Shift[]>
  longTasks(since: number): Promise<LongTask[]>
}

declare global {
  interface Window {
    __b5demo: DemoApi
  }
}

const REQUESTED = '"type":"question/requested"'
type Waiter = (timeStamp: number) => void
const cardWaiters: Waiter[] = []
const rawWaiters: Waiter[] = []

function wake(waiters: Waiter[], timeStamp: number): void {
  for (const waiter of waiters.splice(0)) waiter(timeStamp)
}

/** The browser's WebSocket, telling B5 when a `question/requested` frame arrives. */
class TimedWebSocket extends WebSocket {
  constructor(url: string | URL) {
    super(url)
    // Registered before the client's `onmessage`, and the event's timeStamp is its arrival anyway.
    this.addEventListener('message', (event) => {
      if (typeof event.data !== 'string' || !event.data.includes(REQUESTED)) return
      wake(cardWaiters, event.timeStamp)
      if (fault === 'slow-card') busy(12)
    })
  }
}

function BareHeading({ raw }: { raw: WebSocket }) {
  const [text, setText] = useState('')
  useEffect(() => {
    raw.onmessage = (event) => {
      const frame = JSON.parse(String(event.data)) as { questions: { question: string }[] }
      setText(frame.questions[0]?.question ?? '')
    }
  }, [raw])
  return (
    <div
      id="bare"
      style={{ position: 'fixed', left: 16, top: 400, width: 240, pointerEvents: 'none' }}
    >
      <h2 style={{ fontSize: 13, whiteSpace: 'nowrap', overflow: 'hidden' }}>{text}</h2>
    </div>
  )
}

const SUMMARY = {
  id: SESSION,
  title: 'Rollout plan',
  status: 'waiting-for-answer',
  createdAt: 0,
  updatedAt: 0,
} as const
const ignore = () => {}

function Chat() {
  const events = useSyncExternalStore(transcript.subscribe, transcript.get)
  return (
    <div className="app">
      <Sidebar
        id="chats"
        sessions={[SUMMARY]}
        loading={false}
        activeId={SESSION}
        inboxActive={false}
        waiting={1}
        open={false}
        creating={false}
        onNewChat={ignore}
        onClose={ignore}
      />
      <div className="column">
        <header className="topbar">
          <h1 className="topbar-title">{SUMMARY.title}</h1>
        </header>
        <main className="main">
          <Transcript events={events} />
          <div className="dock">
            <QuestionArea sessionId={SESSION} onSendAsMessage={ignore}>
              <ChatInput
                sessionId={SESSION}
                onSend={async (text) => transcript.say('user', text)}
                busy={false}
              />
            </QuestionArea>
          </div>
        </main>
      </div>
    </div>
  )
}

export function mountDemo(): void {
  document.body.innerHTML = '<div id="root"></div>'
  sessionStorage.clear()
  seedTranscript()
  const raw = new WebSocket(`ws://${location.host}/raw`)
  raw.addEventListener('message', (event) => wake(rawWaiters, event.timeStamp))
  const client = createQuestionClient({ WebSocket: TimedWebSocket })
  let follows = true
  let resolutions = selectSessionResolutions(client.getState(), SESSION)
  client.subscribe((state) => {
    const next = selectSessionResolutions(state, SESSION)
    if (next === resolutions) return
    resolutions = next
    if (follows) transcript.answered()
  })
  const container = document.getElementById('root') as HTMLElement
  createRoot(container).render(
    <StrictMode>
      <QuestionClientProvider client={client} queryClient="own">
        <Chat />
        <BareHeading raw={raw} />
      </QuestionClientProvider>
    </StrictMode>,
  )
  const slot = () => {
    const element = container.querySelector('[data-scope="composer-slot"][data-part="root"]')
    if (!element) throw new Error('no composer slot on the page')
    return element
  }
  const title = () =>
    slot().querySelector('[data-scope="question-composer"][data-part="title"]')?.textContent ?? ''
  let armed: Promise<PaintSample> | null = null
  const next = (waiters: Waiter[]) => new Promise<number>((resolve) => waiters.push(resolve))

  window.__b5demo = {
    async ready() {
      const open = new Promise<void>((resolve) => {
        const check = () => client.getConnectionStatus() === 'open' && resolve()
        client.subscribe(check)
        check()
      })
      const rawOpen = new Promise<void>((resolve) => {
        if (raw.readyState === WebSocket.OPEN) resolve()
        else raw.addEventListener('open', () => resolve(), { once: true })
      })
      await Promise.all([open, rawOpen])
    },
    agentAsks(total) {
      transcript.say('user', 'Please set up the new service.')
      transcript.say('agent', 'I need a few decisions from you before I start.')
      transcript.ask(total)
    },
    armCard(expected) {
      armed = measure(next(cardWaiters), slot(), () => title() === expected)
    },
    armRaw(expected) {
      const bare = document.getElementById('bare') as HTMLElement
      armed = measure(next(rawWaiters), bare, () => bare.textContent === expected)
    },
    result() {
      if (!armed) return Promise.reject(new Error('nothing armed'))
      const sample = armed
      armed = null
      return sample
    },
    async runBatches(from, to) {
      for (let batch = from; batch <= to; batch++) {
        const questions = setupBatch(`heap ${batch}`)
        const expected = questions[0]?.question
        const shown = within(
          whenDom(slot(), () => title() === expected),
          5000,
          `heap batch ${batch}`,
        )
        raw.send(JSON.stringify({ ask: questions }))
        await shown
        await answerCard(slot())
      }
      performance.clearResourceTimings()
    },
    async answer() {
      let sentAt = Number.NaN
      await answerCard(slot(), () => {
        sentAt = performance.now()
      })
      return sentAt
    },
    focusPart(part, index, expected) {
      if (title() !== expected) return false
      const parts = slot().querySelectorAll<HTMLElement>(
        `[data-scope="question-composer"][data-part="${part}"]`,
      )
      const target = parts[index]
      if (!target) throw new Error(`no ${part} #${index} on "${expected}"`)
      target.focus()
      return document.activeElement === target
    },
    focusChatInput() {
      document.getElementById('chat-input')?.focus()
    },
    measureHeapOnly() {
      follows = false
      stopRecording()
    },
    now: () => performance.now(),
    settled,
    shifts: shiftsSince,
    longTasks: longTasksSince,
  }
}
