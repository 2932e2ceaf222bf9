'use client'

import { createQuestionClient, type QuestionClient } from '@parley/client'
import {
  QuestionClientProvider,
  SessionComposerSlot,
  useConnectionStatus,
} from '@parley/react/connection'
import { useEffect, useState } from 'react'

function ConnectionStatus() {
  return <p data-testid="connection">Connection: {useConnectionStatus()}</p>
}

/**
 * The chat input of session `demo`, taken over by the composer while the host
 * has a question pending. Next route handlers cannot upgrade to WebSockets,
 * so the client reads the mux over Server-Sent Events (`transport: 'sse'`,
 * served by `host.fetch` in app/api/mux). It is created in the browser (in an
 * effect), never while the server renders this component.
 */
export function LiveComposer() {
  const [client, setClient] = useState<QuestionClient | null>(null)
  useEffect(() => {
    const created = createQuestionClient({ sessions: ['demo'], transport: 'sse' })
    setClient(created)
    return () => created.close()
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
