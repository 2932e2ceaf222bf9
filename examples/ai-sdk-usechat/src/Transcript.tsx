import { isTextUIPart, isToolUIPart } from 'ai'
import type { ChatMessage } from './chat-store'

type Part = ChatMessage['parts'][number]

/** A one-line summary of an ask_user_question call, by its state. */
function callSummary(part: Extract<Part, { type: 'tool-ask_user_question' }>): string {
  switch (part.state) {
    case 'input-streaming':
      return 'Preparing questions…'
    case 'input-available':
      return 'Waiting for your answers'
    case 'output-available':
      return 'Answered'
    case 'output-error':
      return part.errorText.includes('(ASK_CANCELLED)')
        ? 'Dismissed'
        : 'Sent back to the assistant to fix'
    default:
      return part.state
  }
}

function PartView({ part }: { part: Part }) {
  if (isTextUIPart(part)) return <p className="text">{part.text}</p>
  if (isToolUIPart(part) && part.type === 'tool-ask_user_question')
    return (
      <p className="tool" data-state={part.state}>
        Asked you a question · {callSummary(part)}
      </p>
    )
  return null
}

/** The conversation so far: text, and one line per question the assistant asked. */
export function Transcript({ messages }: { messages: ChatMessage[] }) {
  return (
    <ol className="transcript" aria-label="Transcript">
      {messages.map((message) => (
        <li key={message.id} data-role={message.role}>
          {message.parts.map((part, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts only grow at the end
            <PartView key={index} part={part} />
          ))}
        </li>
      ))}
    </ol>
  )
}
