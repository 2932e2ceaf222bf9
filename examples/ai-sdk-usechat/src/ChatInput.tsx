import { type FormEvent, useId, useState } from 'react'

interface ChatInputProps {
  busy: boolean
  onSend: (message: { text: string }) => void
}

/** The app's own chat input; the composer hides it (never unmounts it) while a question is open. */
export function ChatInput({ busy, onSend }: ChatInputProps) {
  const id = useId()
  const [draft, setDraft] = useState('')

  function send(event: FormEvent) {
    event.preventDefault()
    if (busy || !draft.trim()) return
    onSend({ text: draft })
    setDraft('')
  }

  return (
    <form className="chat-input" onSubmit={send}>
      <label htmlFor={id}>Message</label>
      <textarea
        id={id}
        value={draft}
        rows={2}
        placeholder="Ask the assistant to set up a project…"
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="submit" disabled={busy}>
        Send
      </button>
    </form>
  )
}
