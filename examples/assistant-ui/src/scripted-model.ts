// A scripted model for assistant-ui's LocalRuntime, standing in for a real
// one: asked anything, it calls `ask_user_question`; once the call has a
// result, it replies by quoting the tool result exactly as a model would
// receive it (assistant-stream's `toGenericMessages`, the provider-neutral
// conversion real adapters send). Nothing in it knows Parley's UI.
import type { ChatModelAdapter, ChatModelRunResult, ThreadMessage } from '@assistant-ui/react'
import { ASK_USER_QUESTION_TOOL_NAME } from '@parley/tool'
import { type GenericMessage, toGenericMessages } from 'assistant-stream'
import type { ReadonlyJSONObject } from 'assistant-stream/utils'

/** The questions the model asks. */
export const PROJECT_QUESTIONS: ReadonlyJSONObject = {
  questions: [
    {
      id: 'stack',
      header: 'Framework',
      question: 'Which framework should the starter use?',
      options: [
        { label: 'Vite + React (Recommended)', description: 'A single-page app.' },
        { label: 'Next.js', description: 'Server rendering and routes.' },
        { label: 'Remix' },
      ],
    },
    {
      id: 'features',
      question: 'Which features do you want?',
      multi_select: true,
      options: [{ label: 'Auth' }, { label: 'Payments' }, { label: 'Analytics' }],
    },
    { id: 'name', question: 'What should the project be called?' },
  ],
}

/** What the model sends when the user's message mentions "bad input": a label that is a number. */
export const BAD_QUESTIONS: ReadonlyJSONObject = {
  questions: [{ id: 'colour', question: 'Which colour?', options: [{ label: 42 }] }],
}

const textOf = (message: ThreadMessage) =>
  message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')

/** The text the model reads for a tool result: its `modelContent`, else the result as JSON. */
function readToolResult(view: readonly GenericMessage[], toolCallId: string): string | undefined {
  for (const message of view) {
    if (message.role !== 'tool') continue
    for (const part of message.content) {
      if (part.toolCallId !== toolCallId) continue
      if (part.modelContent === undefined) return JSON.stringify(part.result)
      return part.modelContent
        .map((content) => (content.type === 'text' ? content.text : ''))
        .join('')
    }
  }
  return undefined
}

function reply(toolResult: string): string {
  const opening = toolResult.includes('(ASK_CANCELLED)')
    ? 'You dismissed the question, so I will not assume any answer and I will not go ahead.'
    : toolResult.includes('(INVALID_INPUT)')
      ? 'My question could not be shown; I will fix it and ask again.'
      : 'Thanks, I will set the project up with these answers.'
  return `${opening}\n\nThe ask_user_question result I read:\n${toolResult}`
}

export const scriptedModel: ChatModelAdapter = {
  async *run({ messages, context, unstable_getMessage }): AsyncGenerator<ChatModelRunResult> {
    // The assistant message being written holds this turn's earlier steps (the tool call).
    const current = unstable_getMessage()
    const call = current.content.find(
      (part) => part.type === 'tool-call' && part.toolName === ASK_USER_QUESTION_TOOL_NAME,
    )
    if (call?.type === 'tool-call') {
      const view = toGenericMessages([...messages, current])
      const toolResult = readToolResult(view, call.toolCallId)
      yield {
        content: [
          {
            type: 'text',
            text: toolResult === undefined ? 'I got no tool result.' : reply(toolResult),
          },
        ],
      }
      return
    }

    if (context.tools?.[ASK_USER_QUESTION_TOOL_NAME] === undefined) {
      yield { content: [{ type: 'text', text: 'I have no ask_user_question tool to call.' }] }
      return
    }
    const lastUser = [...messages].reverse().find((message) => message.role === 'user')
    const args =
      lastUser && textOf(lastUser).includes('bad input') ? BAD_QUESTIONS : PROJECT_QUESTIONS
    const argsText = JSON.stringify(args)
    const toolCallId = `call_${current.id}`
    const part = { type: 'tool-call', toolCallId, toolName: ASK_USER_QUESTION_TOOL_NAME } as const
    // Stream the arguments in two chunks, as a model does, then stop for the tool result.
    yield { content: [{ ...part, args: {}, argsText: argsText.slice(0, 40) }] }
    yield {
      content: [{ ...part, args, argsText }],
      status: { type: 'requires-action', reason: 'tool-calls' },
    }
  },
}
