import { type UseChatHelpers, useChat } from '@ai-sdk/react'
import { formatToolResult } from '@parley/tool'
import { askUserQuestionClientTool } from '@parley/tool/ai-sdk'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  DirectChatTransport,
  type InferUITools,
  isTextUIPart,
  lastAssistantMessageIsCompleteWithToolCalls,
  simulateReadableStream,
  ToolLoopAgent,
  type UIMessage,
} from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import {
  type ChatQuestions,
  type UseChatQuestionsOptions,
  useChatQuestions,
} from '../src/ai-sdk/index.ts'
import { ComposerSlot, type DraftStorage } from '../src/index.ts'
import { memoryStorage } from './fixtures.tsx'

const tools = { ask_user_question: askUserQuestionClientTool() }
type ChatMessage = UIMessage<unknown, never, InferUITools<typeof tools>>

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

const batch = {
  questions: [
    {
      id: 'db',
      question: 'Which database?',
      options: [{ label: 'Postgres (Recommended)' }, { label: 'SQLite' }],
    },
    {
      id: 'features',
      question: 'Which features?',
      options: [{ label: 'Auth' }, { label: 'Billing' }],
      multi_select: true,
    },
    { id: 'name', question: 'Project name?' },
  ],
}

/** What the mock model streams for one step (the provider's V3 stream parts). */
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P>
    ? P
    : never
type Step = StreamPart[]

const callsTool = (toolCallId: string, input: unknown): Step => [
  { type: 'stream-start', warnings: [] },
  { type: 'tool-call', toolCallId, toolName: 'ask_user_question', input: JSON.stringify(input) },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
]

const says = (text: string): Step => [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: text },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
]

/** The SDK's mock model, streaming `steps` in order and recording every prompt. */
function scriptedModel(...steps: Step[]) {
  return new MockLanguageModelV3({
    doStream: steps.map((chunks) => ({
      stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }),
    })),
  })
}

/** What the model read as the result of `toolCallId` in its `call`-th prompt. */
function toolResultIn(model: MockLanguageModelV3, call: number, toolCallId: string) {
  const prompt = model.doStreamCalls[call]?.prompt ?? []
  for (const message of prompt)
    if (message.role === 'tool')
      for (const part of message.content)
        if (part.type === 'tool-result' && part.toolCallId === toolCallId) return part.output
  return undefined
}

interface ChatProps {
  model: MockLanguageModelV3
  storage: DraftStorage
  initialMessages?: ChatMessage[]
  onChange?: (messages: ChatMessage[]) => void
}

/** A chat app the way the recipe builds it: useChat in, ComposerSlot out. */
function Chat({ model, storage, initialMessages, onChange }: ChatProps) {
  const [transport] = useState(
    () => new DirectChatTransport({ agent: new ToolLoopAgent({ model, tools }) }),
  )
  const chat: UseChatHelpers<ChatMessage> = useChat<ChatMessage>({
    transport,
    ...(initialMessages ? { messages: initialMessages } : {}),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    onFinish: ({ messages }) => onChange?.(messages),
  })
  const questions = useChatQuestions({ messages: chat.messages, addToolOutput: chat.addToolOutput })
  onChange?.(chat.messages)
  return (
    <main data-status={chat.status}>
      <ol aria-label="Transcript">
        {chat.messages.map((message) => (
          <li key={message.id}>
            {message.parts
              .filter(isTextUIPart)
              .map((part) => part.text)
              .join('')}
          </li>
        ))}
      </ol>
      <ComposerSlot {...questions} draftStorage={storage}>
        <button type="button" onClick={() => chat.sendMessage({ text: 'Set up my project.' })}>
          Send
        </button>
      </ComposerSlot>
    </main>
  )
}

const composer = () => screen.getByRole('region', { name: 'Question from the assistant' })

async function start(model: MockLanguageModelV3, props: Partial<ChatProps> = {}) {
  const user = userEvent.setup()
  const storage = props.storage ?? memoryStorage()
  const view = render(<Chat model={model} storage={storage} {...props} />)
  await user.click(screen.getByRole('button', { name: 'Send' }))
  return { user, storage, view }
}

// Runs under React 19 and, in the jsdom-react18 project (which inlines @ai-sdk/react and
// swr so they take the aliased React), under 18.3.
describe('useChatQuestions with useChat', () => {
  it('a tool call takes over the chat input, and the model reads formatToolResult’s text', async () => {
    const model = scriptedModel(callsTool('call-1', batch), says('Postgres it is.'))
    const { user } = await start(model)

    await user.click(await screen.findByRole('radio', { name: /Postgres/ }))
    expect(within(composer()).getByRole('heading', { name: 'Which features?' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Auth' }))
    await user.type(screen.getByRole('textbox', { name: /Other answer/ }), 'SSO')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'Parley')
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    expect(await screen.findByText('Postgres it is.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Question from the assistant' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Send' })).toBeVisible()
    const answer = {
      answers: [
        { id: 'db', selected: ['Postgres (Recommended)'] },
        { id: 'features', selected: ['Auth'], custom: 'SSO' },
        { id: 'name', selected: [], custom: 'Parley' },
      ],
    }
    expect(toolResultIn(model, 1, 'call-1')).toEqual({
      type: 'text',
      value: formatToolResult(answer, batch.questions),
    })
  })

  it('a dismissed question reaches the model as a cancel, which is not consent', async () => {
    const model = scriptedModel(callsTool('call-1', batch), says('I will not go on.'))
    const { user } = await start(model)
    await user.click(await screen.findByRole('button', { name: 'Dismiss question' }))

    expect(await screen.findByText('I will not go on.')).toBeInTheDocument()
    expect(toolResultIn(model, 1, 'call-1')).toEqual({
      type: 'error-text',
      value:
        'The user cancelled the question (ASK_CANCELLED). A cancel is not consent: do not assume any answer and do not proceed as if approved.',
    })
  })

  it('bad input never reaches the composer: the model reads INVALID_INPUT and asks again', async () => {
    const broken = { questions: [{ id: 'db', question: 'Which database?', multiSelect: true }] }
    const model = scriptedModel(
      callsTool('call-1', broken),
      callsTool('call-2', batch),
      says('Thanks.'),
    )
    const { user } = await start(model)

    expect(await screen.findByRole('heading', { name: 'Which database?' })).toBeInTheDocument()
    const repair = toolResultIn(model, 1, 'call-1')
    expect(repair).toEqual({
      type: 'error-text',
      value: expect.stringContaining('(INVALID_INPUT): Invalid ask_user_question input.'),
    })
    expect(JSON.stringify(repair)).toContain('questions.0.multiSelect: unknown key')
    await user.click(screen.getByRole('radio', { name: /SQLite/ }))
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'Parley')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Thanks.')).toBeInTheDocument()
    expect(toolResultIn(model, 2, 'call-2')).toMatchObject({
      type: 'text',
      value: expect.stringContaining('skipped (no answer given; do not assume one)'),
    })
    expect(model.doStreamCalls).toHaveLength(3)
  })

  it('a reload mid-batch keeps the drafts when the app kept its messages', async () => {
    const model = scriptedModel(callsTool('call-1', batch), says('Done.'))
    let saved: ChatMessage[] = []
    const { user, storage, view } = await start(model, {
      onChange: (messages) => {
        saved = messages
      },
    })
    await user.click(await screen.findByRole('radio', { name: /SQLite/ }))
    await user.click(screen.getByRole('checkbox', { name: 'Billing' }))
    // A reload: the page hides (the composer writes its drafts now), then goes.
    act(() => {
      dispatchEvent(new Event('pagehide'))
    })
    view.unmount()

    const stored: ChatMessage[] = JSON.parse(JSON.stringify(saved))
    render(<Chat model={model} storage={storage} initialMessages={stored} />)
    expect(await screen.findByRole('heading', { name: 'Which features?' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Billing' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'Parley')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Done.')).toBeInTheDocument()
    expect(toolResultIn(model, 1, 'call-1')).toMatchObject({
      type: 'text',
      value: expect.stringContaining('- db ("Which database?"): selected "SQLite"'),
    })
  })
})

/** Renders nothing; records what the hook returned on each render. */
function Probe(props: UseChatQuestionsOptions & { seen: ChatQuestions[] }) {
  const { seen, ...options } = props
  seen.push(useChatQuestions(options))
  return null
}

/** An assistant message waiting for `toolCallId`, as a store hands it back (JSON). */
const pending = (input: unknown, toolCallId = 'call-1'): ChatMessage =>
  JSON.parse(
    JSON.stringify({
      id: `m-${toolCallId}`,
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'tool-ask_user_question', toolCallId, state: 'input-available', input },
      ],
    }),
  )

describe('useChatQuestions on its own', () => {
  it('keeps the same requests array while the calls are unchanged', () => {
    const seen: ChatQuestions[] = []
    const addToolOutput = async () => {}
    const first = [pending(batch)]
    const view = render(<Probe messages={first} addToolOutput={addToolOutput} seen={seen} />)
    const copy: ChatMessage[] = JSON.parse(JSON.stringify(first))
    view.rerender(<Probe messages={copy} addToolOutput={addToolOutput} seen={seen} />)
    expect(seen).toHaveLength(2)
    expect(seen[1]?.requests).toBe(seen[0]?.requests)
    expect(seen[1]).toBe(seen[0])
    expect(seen[0]?.requests).toMatchObject([{ rpcId: 'call-1', questions: { length: 3 } }])
  })

  it('refuses an answer for a call that is no longer open, or one that breaks its rules', async () => {
    const seen: ChatQuestions[] = []
    const outputs: unknown[] = []
    const addToolOutput = async (options: unknown) => void outputs.push(options)
    render(<Probe messages={[pending(batch)]} addToolOutput={addToolOutput} seen={seen} />)
    const questions = seen.at(-1)
    await waitFor(() => expect(questions).toBeDefined())
    expect(await questions?.onAnswer('call-9', { answers: [] })).toEqual({
      accepted: false,
      reason: 'not-pending',
    })
    expect(await questions?.onCancel('call-9')).toEqual({ accepted: false, reason: 'not-pending' })
    expect(
      await questions?.onAnswer('call-1', {
        answers: [
          { id: 'db', selected: ['MySQL'] },
          { id: 'features', selected: [] },
          { id: 'name', selected: [] },
        ],
      }),
    ).toMatchObject({
      accepted: false,
      reason: 'bad-response',
      issues: [{ rule: 'unknown-option' }],
    })
    expect(outputs).toEqual([])
    expect(
      await questions?.onAnswer('call-1', {
        answers: [
          { id: 'name', selected: [], custom: '  Parley  ' },
          { id: 'db', selected: [] },
          { id: 'features', selected: ['Auth'] },
        ],
      }),
    ).toEqual({ accepted: true })
    expect(outputs).toEqual([
      {
        tool: 'ask_user_question',
        toolCallId: 'call-1',
        output: {
          answers: [
            { id: 'db', selected: [] },
            { id: 'features', selected: ['Auth'] },
            { id: 'name', selected: [], custom: 'Parley' },
          ],
        },
      },
    ])
  })

  it('answers each bad call once, with the issues the model must fix', async () => {
    const seen: ChatQuestions[] = []
    const outputs: unknown[] = []
    const addToolOutput = async (options: unknown) => void outputs.push(options)
    const duplicate = {
      questions: [
        { id: 'a', question: 'A?' },
        { id: 'a', question: 'B?' },
      ],
    }
    const messages = [pending(duplicate, 'call-1'), pending('not even an object', 'call-2')]
    const view = render(<Probe messages={messages} addToolOutput={addToolOutput} seen={seen} />)
    view.rerender(<Probe messages={[...messages]} addToolOutput={addToolOutput} seen={seen} />)
    await waitFor(() => expect(outputs).toHaveLength(2))
    expect(seen.at(-1)?.requests).toEqual([])
    expect(outputs).toEqual([
      {
        state: 'output-error',
        tool: 'ask_user_question',
        toolCallId: 'call-1',
        errorText: expect.stringMatching(/^Asking the user failed \(INVALID_QUESTION\)/),
      },
      {
        state: 'output-error',
        tool: 'ask_user_question',
        toolCallId: 'call-2',
        errorText: expect.stringContaining('(INVALID_INPUT)'),
      },
    ])
  })
})
