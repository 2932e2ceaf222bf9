import { useChat } from '@ai-sdk/react'
import { ComposerSlot } from '@parley/react'
import { useChatQuestions } from '@parley/react/ai-sdk'
import {
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
} from 'ai'
import { useEffect } from 'react'
import { ChatInput } from './ChatInput'
import { type ChatMessage, type StoredChat, saveChat } from './chat-store'
import { Transcript } from './Transcript'

/**
 * The whole recipe: useChat's messages and addToolOutput go into
 * useChatQuestions, whose result is spread onto ComposerSlot around the chat
 * input. sendAutomaticallyWhen sends the chat back to the route once every
 * tool call of the last step has its output (an answer, a cancel or an
 * INVALID_INPUT for the model to repair), or every approval its decision
 * (addToolApprovalResponse: clean_build's approval card).
 */
export function Chat({ stored }: { stored: StoredChat }) {
  const { messages, sendMessage, addToolOutput, addToolApprovalResponse, status, error } =
    useChat<ChatMessage>({
      id: stored.id,
      messages: stored.messages,
      // On once every call of the last step has its output, or every approval its decision.
      sendAutomaticallyWhen: (options) =>
        lastAssistantMessageIsCompleteWithApprovalResponses(options) ||
        lastAssistantMessageIsCompleteWithToolCalls(options),
    })
  useEffect(() => saveChat({ id: stored.id, messages }), [stored.id, messages])
  const questions = useChatQuestions({ messages, addToolOutput, addToolApprovalResponse })

  return (
    <section className="chat" aria-label="Chat" data-status={status}>
      <Transcript messages={messages} />
      {error ? <p role="alert">The chat failed: {error.message}</p> : null}
      <ComposerSlot {...questions}>
        <ChatInput busy={status === 'submitted' || status === 'streaming'} onSend={sendMessage} />
      </ComposerSlot>
    </section>
  )
}
