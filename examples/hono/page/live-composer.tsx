import { createQuestionClient, type QuestionClient } from '@parley/client'
import {
  QuestionClientProvider,
  SessionComposerSlot,
  useConnectionStatus,
} from '@parley/react/connection'
import { useEffect, useState } from 'react'

function ConnectionStatus() {
  const status = useConnectionStatus()
  return (
    <p className="connection" role="status" data-state={status}>
      Connection: {status}
    </p>
  )
}

/**
 * The chat input of session `demo`, taken over by the composer while the host
 * has a question pending. Hono's Node server answers no WebSocket upgrade, so
 * the client's default transport (`'auto'`) tries one, probes `POST /api/mux`
 * (the host admits the page and offers SSE), and reads the mux over
 * Server-Sent Events, which `host.fetch` serves behind Hono's `GET /api/mux`;
 * later clients of the page start on SSE at once. It is created in an
 * effect and closed in its cleanup, so StrictMode's second mount gets a fresh
 * client instead of a leaked one.
 */
export function LiveComposer() {
  const [client, setClient] = useState<QuestionClient | null>(null)
  useEffect(() => {
    const created = createQuestionClient({ sessions: ['demo'] })
    setClient(created)
    return () => {
      created.dispose()
      setClient(null)
    }
  }, [])

  const chatInput = <textarea aria-label="Message" placeholder="Message the agent…" rows={3} />
  if (!client) return chatInput
  return (
    <QuestionClientProvider client={client} queryClient="own">
      <ConnectionStatus />
      <SessionComposerSlot sessionId="demo">{chatInput}</SessionComposerSlot>
    </QuestionClientProvider>
  )
}
