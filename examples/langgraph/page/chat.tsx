import { createQuestionClient, type QuestionClient } from '@parley/client'
import {
  QuestionClientProvider,
  SessionComposerSlot,
  useConnectionStatus,
} from '@parley/react/connection'
import { type FormEvent, useEffect, useState } from 'react'

/** The session `server/app.ts` sends every card to. */
const SESSION_ID = 'demo'

interface Line {
  kind: 'you' | 'agent' | 'tool-use' | 'tool-result' | 'end'
  text: string
}

const WHO: Record<Line['kind'], string> = {
  you: 'You',
  agent: 'Agent',
  'tool-use': 'Tool call',
  'tool-result': 'Tool result',
  end: 'Run',
}

const isLine = (value: unknown): value is Line =>
  typeof value === 'object' &&
  value !== null &&
  'kind' in value &&
  typeof value.kind === 'string' &&
  value.kind in WHO &&
  'text' in value &&
  typeof value.text === 'string'

/** `POST /api/run`: resolves when the agent's run ends, with its transcript. */
async function runAgent(note: string): Promise<Line[]> {
  const response = await fetch('/api/run', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ note }),
  })
  const body: unknown = await response.json()
  const transcript =
    typeof body === 'object' && body !== null && 'transcript' in body ? body.transcript : null
  if (!response.ok || !Array.isArray(transcript))
    return [{ kind: 'end', text: `The run failed (${response.status}).` }]
  return transcript.filter(isLine)
}

function ConnectionStatus() {
  const status = useConnectionStatus()
  return (
    <p className="connection" role="status" data-state={status}>
      Connection: {status}
    </p>
  )
}

/** The message box: a note for the agent (a first one filled in) and Send, disabled while a run is going. */
function SendForm({ running, onSend }: { running: boolean; onSend: (prompt: string) => void }) {
  const [prompt, setPrompt] = useState('Buy milk')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (prompt.trim() === '') return
    onSend(prompt)
    // Sent text leaves the box, as in any chat: a card waits while the box
    // is focused with unsent text in it, so nothing typed is hidden.
    setPrompt('')
  }
  return (
    <form className="send" onSubmit={submit}>
      <textarea
        aria-label="Message"
        rows={3}
        value={prompt}
        onChange={(event) => setPrompt(event.target.value)}
      />
      <button type="submit" disabled={running}>
        {running ? 'The agent is working…' : 'Send'}
      </button>
    </form>
  )
}

/**
 * The chat: what was said and done, and the message box, which Parley's
 * composer takes over while the agent waits for an answer or an approval
 * (`SessionComposerSlot`). The question client is created in an effect and
 * closed in its cleanup, so StrictMode's second mount gets a fresh one.
 */
export function Chat() {
  const [client, setClient] = useState<QuestionClient | null>(null)
  const [lines, setLines] = useState<Line[]>([])
  const [running, setRunning] = useState(false)
  useEffect(() => {
    const created = createQuestionClient({ sessions: [SESSION_ID] })
    setClient(created)
    return () => {
      created.dispose()
      setClient(null)
    }
  }, [])

  const send = (prompt: string) => {
    setRunning(true)
    setLines((before) => [...before, { kind: 'you', text: prompt }])
    runAgent(prompt)
      .catch((error: unknown) => [{ kind: 'end' as const, text: `The run failed: ${error}` }])
      .then((transcript) => setLines((before) => [...before, ...transcript]))
      .finally(() => setRunning(false))
  }

  const form = <SendForm running={running} onSend={send} />
  return (
    <>
      <ol className="transcript" aria-label="Transcript">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are only ever appended
          <li key={index} data-kind={line.kind}>
            <strong>{WHO[line.kind]}:</strong> {line.text}
          </li>
        ))}
      </ol>
      {client ? (
        <QuestionClientProvider client={client} queryClient="own">
          <ConnectionStatus />
          <SessionComposerSlot sessionId={SESSION_ID}>{form}</SessionComposerSlot>
        </QuestionClientProvider>
      ) : (
        form
      )}
    </>
  )
}
