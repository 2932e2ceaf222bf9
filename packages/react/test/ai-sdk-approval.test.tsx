import { type UseChatHelpers, useChat } from '@ai-sdk/react'
import { askUserQuestionClientTool } from '@parley/tool/ai-sdk'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  type ChatAddToolApproveResponseFunction,
  DirectChatTransport,
  type InferUITools,
  isTextUIPart,
  jsonSchema,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  simulateReadableStream,
  ToolLoopAgent,
  tool,
  type UIMessage,
} from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { DEFAULT_CHAT_APPROVAL_WORDS, toApprovalResponse } from '../src/ai-sdk/chat-approvals.ts'
import { openCalls } from '../src/ai-sdk/chat-questions.ts'
import { useChatQuestions } from '../src/ai-sdk/index.ts'
import { preloadIntentViews } from '../src/composer/intent-body.tsx'
import { ComposerSlot } from '../src/index.ts'
import { memoryStorage } from './fixtures.tsx'

// The approval card's decisions are in the intent views' chunk: load it first.
beforeAll(() => preloadIntentViews())

const ran = vi.fn((command: string) => `ran ${command}`)
const tools = {
  ask_user_question: askUserQuestionClientTool(),
  run_command: tool({
    description: 'Runs a shell command',
    inputSchema: jsonSchema<{ command: string }>({
      type: 'object',
      properties: { command: { type: 'string' } },
      required: ['command'],
    }),
    needsApproval: true,
    execute: async ({ command }) => ran(command),
  }),
}
type ChatMessage = UIMessage<unknown, never, InferUITools<typeof tools>>

/** A message as the SDK leaves it when `run_command` waits for approval. */
const waiting: ChatMessage = {
  id: 'm1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    {
      type: 'tool-run_command',
      toolCallId: 'call-1',
      state: 'approval-requested',
      input: { command: 'rm -rf build' },
      approval: { id: 'approval-1' },
    },
  ],
}

describe('tool approvals as approval cards', () => {
  it('an approval-requested part becomes an approval of its tool and input, keyed by its approval id', () => {
    const { requests, approvals } = openCalls([waiting], DEFAULT_CHAT_APPROVAL_WORDS)
    expect(requests).toEqual([
      {
        rpcId: 'approval-1',
        questions: [
          {
            id: 'approval',
            header: 'run_command',
            question: 'Allow run_command?',
            options: [
              { label: 'Allow once' },
              { label: 'Deny', description: 'Or say why, and the model reads it' },
            ],
            intent: {
              kind: 'approval',
              tool: 'run_command',
              input: { command: 'rm -rf build' },
              allow: 'Allow once',
              deny: 'Deny',
            },
          },
        ],
      },
    ])
    expect([...approvals]).toEqual(['approval-1'])
  })

  it('no approval becomes a card unless the app hands over addToolApprovalResponse', () => {
    expect(openCalls([waiting]).requests).toEqual([])
  })

  it('answers in the SDK’s shape: approved, denied with the typed reason, a dismissal denied', () => {
    const [question] =
      openCalls([waiting], DEFAULT_CHAT_APPROVAL_WORDS).requests[0]?.questions ?? []
    if (!question) throw new Error('no approval question')
    type Response = Parameters<ChatAddToolApproveResponseFunction>[0]
    const allow = { answers: [{ id: 'approval', selected: ['Allow once'] }] }
    const reason = { answers: [{ id: 'approval', selected: [], custom: 'Keep the build' }] }
    const deny = { answers: [{ id: 'approval', selected: ['Deny'] }] }
    expect(toApprovalResponse('approval-1', question, allow)).toEqual({
      id: 'approval-1',
      approved: true,
    } satisfies Response)
    expect(toApprovalResponse('approval-1', question, reason)).toEqual({
      id: 'approval-1',
      approved: false,
      reason: 'Keep the build',
    } satisfies Response)
    expect(toApprovalResponse('approval-1', question, deny)).toEqual({
      id: 'approval-1',
      approved: false,
    } satisfies Response)
    expect(toApprovalResponse('approval-1', question, null)).toEqual({
      id: 'approval-1',
      approved: false,
      reason: 'The user dismissed the approval without deciding; that is not consent.',
    } satisfies Response)
  })
})

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P>
    ? P
    : never

const runs = (command: string): StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  {
    type: 'tool-call',
    toolCallId: 'call-1',
    toolName: 'run_command',
    input: JSON.stringify({ command }),
  },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
]
const says = (text: string): StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: text },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
]
const scripted = (...steps: StreamPart[][]) =>
  new MockLanguageModelV3({
    doStream: steps.map((chunks) => ({
      stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }),
    })),
  })

/** What the model read as the result of call-1 in its second prompt. */
function resultRead(model: MockLanguageModelV3) {
  for (const message of model.doStreamCalls[1]?.prompt ?? [])
    if (message.role === 'tool')
      for (const part of message.content)
        if (part.type === 'tool-result' && part.toolCallId === 'call-1') return part.output
  return undefined
}

function Chat({ model }: { model: MockLanguageModelV3 }) {
  const [transport] = useState(
    () => new DirectChatTransport({ agent: new ToolLoopAgent({ model, tools }) }),
  )
  const [storage] = useState(memoryStorage)
  const chat: UseChatHelpers<ChatMessage> = useChat<ChatMessage>({
    transport,
    sendAutomaticallyWhen: (options) =>
      lastAssistantMessageIsCompleteWithApprovalResponses(options) ||
      lastAssistantMessageIsCompleteWithToolCalls(options),
  })
  const questions = useChatQuestions({
    messages: chat.messages,
    addToolOutput: chat.addToolOutput,
    addToolApprovalResponse: chat.addToolApprovalResponse,
  })
  return (
    <main>
      <ol aria-label="Transcript">
        {chat.messages.map((message) => (
          <li key={message.id}>{message.parts.filter(isTextUIPart).map((part) => part.text)}</li>
        ))}
      </ol>
      <ComposerSlot {...questions} draftStorage={storage}>
        <button type="button" onClick={() => chat.sendMessage({ text: 'Clean the build.' })}>
          Send
        </button>
      </ComposerSlot>
    </main>
  )
}

async function start(model: MockLanguageModelV3) {
  const user = userEvent.setup()
  render(<Chat model={model} />)
  await user.click(screen.getByRole('button', { name: 'Send' }))
  const card = await screen.findByRole('region', { name: 'Question from the assistant' })
  return { user, card: within(card) }
}

describe('useChatQuestions with a needsApproval tool in useChat', () => {
  it('Allow once approves: the tool runs and the model reads its output', async () => {
    ran.mockClear()
    const model = scripted(runs('rm -rf build'), says('Cleaned.'))
    const { user, card } = await start(model)
    expect(card.getByRole('heading', { name: 'Allow run_command?' })).toBeVisible()
    expect(card.getByRole('cell', { name: 'rm -rf build' })).toBeVisible()
    await user.click(card.getByRole('button', { name: 'Allow once' }))
    expect(await screen.findByText('Cleaned.')).toBeInTheDocument()
    expect(ran).toHaveBeenCalledWith('rm -rf build')
    expect(resultRead(model)).toEqual({ type: 'text', value: 'ran rm -rf build' })
  })

  it('Deny with a reason: the tool never runs and the model reads the reason', async () => {
    ran.mockClear()
    const model = scripted(runs('rm -rf build'), says('I will keep it.'))
    const { user, card } = await start(model)
    await user.click(card.getByRole('button', { name: 'Deny' }))
    await user.keyboard('The build is still needed{Enter}')
    expect(await screen.findByText('I will keep it.')).toBeInTheDocument()
    expect(ran).not.toHaveBeenCalled()
    expect(resultRead(model)).toEqual({
      type: 'execution-denied',
      reason: 'The build is still needed',
    })
  })
})
