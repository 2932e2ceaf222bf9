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
 * has a question pending. The client reads the mux over Server-Sent Events,
 * which `host.fetch` serves behind Hono's `GET /api/mux`. It is created in an
 * effect and closed in its cleanup, so StrictMode's second mount gets a fresh
 * client instead of a leaked one.
 */
export function LiveComposer() {
  const [client, setClient] = useState<QuestionClient | null>(null)
  useEffect(() => {
    const created = createQuestionClient({ sessions: ['demo'], transport: 'sse' })
    setClient(created)
    return () => {
      created.close()
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
