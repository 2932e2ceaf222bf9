/**
 * The chat input: Enter sends, Shift+Enter adds a line, an IME's Enter only
 * confirms its candidate. Drafts are kept per session for this page's life.
 */
import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { SendIcon, StopIcon } from './icons.tsx'

const drafts = new Map<string, string>()
const MAX_LENGTH = 4000

interface ChatInputProps {
  sessionId: string
  onSend: (text: string) => Promise<unknown>
  /** Offered instead of Send while the agent is busy (waiting on a question or a turn). */
  onStop?: (() => void) | undefined
  busy: boolean
}

export function ChatInput({ sessionId, onSend, onStop, busy }: ChatInputProps) {
  const [text, setText] = useState(() => drafts.get(sessionId) ?? '')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const ref = useRef<HTMLTextAreaElement>(null)
  const hintId = useId()
  const errorId = useId()

  // Grow with the content, up to the CSS max-height.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure whenever the text changes
  useLayoutEffect(() => {
    const field = ref.current
    if (!field) return
    field.style.height = 'auto'
    field.style.height = `${field.scrollHeight}px`
  }, [text])

  const update = (value: string) => {
    setText(value)
    drafts.set(sessionId, value)
    if (error) setError(null)
  }

  const trimmed = text.trim()
  const canSend = trimmed.length > 0 && !sending

  const send = async () => {
    if (!canSend) return
    setSending(true)
    update('')
    try {
      await onSend(trimmed)
    } catch (cause) {
      update(text)
      setError(cause instanceof Error ? cause.message : 'The message was not sent.')
    } finally {
      setSending(false)
      ref.current?.focus()
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey) return
    // An IME uses Enter to confirm its candidate: never send on it.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return
    event.preventDefault()
    void send()
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void send()
  }

  return (
    <form className="chat-input" onSubmit={onSubmit} aria-label="Send a message">
      <div className="chat-input-box">
        <textarea
          ref={ref}
          id="chat-input"
          className="chat-input-field"
          rows={1}
          value={text}
          maxLength={MAX_LENGTH}
          placeholder="Message the agent…"
          dir="auto"
          aria-label="Message"
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => update(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <div className="chat-input-actions">
          {busy && onStop && (
            <button type="button" className="button button-secondary button-sm" onClick={onStop}>
              <StopIcon />
              Stop
            </button>
          )}
          <button
            type="submit"
            className="send"
            disabled={!canSend}
            aria-label="Send message"
            title="Send (Enter)"
          >
            <SendIcon />
          </button>
        </div>
      </div>
      <p id={hintId} className="chat-input-hint">
        <kbd>Enter</kbd> to send, <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line
      </p>
      {error && (
        <p id={errorId} className="chat-input-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
