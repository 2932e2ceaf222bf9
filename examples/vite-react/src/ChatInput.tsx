import { type FormEvent, useId, useState } from 'react'

/** The app's own chat input; Parley hides it (never unmounts it) while a question is open. */
export function ChatInput() {
  const id = useId()
  const [draft, setDraft] = useState('')
  const [sent, setSent] = useState<string[]>([])

  function send(event: FormEvent) {
    event.preventDefault()
    if (!draft.trim()) return
    setSent((messages) => [...messages, draft])
    setDraft('')
  }

  return (
    <form className="chat-input" onSubmit={send}>
      {sent.length > 0 && (
        <ul aria-label="Sent messages">
          {sent.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages are only ever appended
            <li key={index}>{message}</li>
          ))}
        </ul>
      )}
      <label htmlFor={id}>Message</label>
      <textarea
        id={id}
        value={draft}
        rows={3}
        placeholder="Ask the assistant…"
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="submit">Send</button>
    </form>
  )
}
