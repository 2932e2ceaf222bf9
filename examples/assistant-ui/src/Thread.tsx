// A minimal thread built from assistant-ui's primitives. Tool calls render
// through the toolkit's renderers (`part.toolUI`).
import { ComposerPrimitive, MessagePrimitive, ThreadPrimitive } from '@assistant-ui/react'

function Message({ role }: { role: string }) {
  return (
    <MessagePrimitive.Root className="message" data-message-role={role}>
      <MessagePrimitive.Parts>
        {({ part }) => {
          if (part.type === 'text') return <p className="message-text">{part.text}</p>
          if (part.type === 'tool-call') return part.toolUI
          return null
        }}
      </MessagePrimitive.Parts>
    </MessagePrimitive.Root>
  )
}

export function Thread() {
  return (
    <ThreadPrimitive.Root className="thread">
      <ThreadPrimitive.Viewport className="thread-messages" role="log" aria-label="Conversation">
        <ThreadPrimitive.Messages>
          {({ message }) => <Message role={message.role} />}
        </ThreadPrimitive.Messages>
      </ThreadPrimitive.Viewport>
      <ComposerPrimitive.Root className="chat-input">
        <ComposerPrimitive.Input aria-label="Message" placeholder="Ask the assistant…" />
        <ComposerPrimitive.Send>Send</ComposerPrimitive.Send>
      </ComposerPrimitive.Root>
    </ThreadPrimitive.Root>
  )
}
