/**
 * The chat input: Enter sends, Shift+Enter adds a line, an IME's Enter only
 * confirms its candidate (and so does the Enter Safari sends right after
 * `compositionend`: the composer's own tracker, from `@parley/machine`,
 * decides). Drafts are kept per session for this page's life.
 */
import { createCompositionTracker, isCompositionKey, type KeyInput } from '@parley/machine'
import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { SendIcon, StopIcon } from './icons.tsx'

function keyOf(event: KeyboardEvent): KeyInput {
  return {
    key: event.key,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    isComposing: event.nativeEvent.isComposing,
    keyCode: event.keyCode,
    timeStamp: event.timeStamp,
  }
}

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
  const [ime] = useState(() => createCompositionTracker())
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
    const key = keyOf(event)
    // A key of an open composition (isComposing, keyCode 229) is the IME's: leave it alone.
    if (isCompositionKey(key) || ime.isComposing()) return
    // Asked once per keydown: the first one after compositionend may be Safari's stray Enter.
    const stray = ime.shouldIgnoreEnter(key)
    if (key.key !== 'Enter' || key.shiftKey || key.altKey) return
    event.preventDefault()
    // That Enter only confirmed the candidate: neither a newline nor a send.
    if (!stray) void send()
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
          onCompositionStart={ime.compositionStart}
          onCompositionEnd={(event) => ime.compositionEnd(event.timeStamp)}
          onBlur={ime.blur}
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
