'use client'

import { createQuestionClient } from '@parley/client'
import {
  ConnectionBanner,
  QuestionClientProvider,
  SessionComposerSlot,
  useConnectionStatus,
} from '@parley/react/connection'
import { useState } from 'react'

function ConnectionStatus() {
  return <p data-testid="connection">Connection: {useConnectionStatus()}</p>
}

/**
 * The chat input of session `demo`, taken over by the composer while the host
 * has a question pending. Next route handlers cannot upgrade to WebSockets,
 * so the client reads the mux over Server-Sent Events (`transport: 'sse'`,
 * served by `host.fetch` in app/api/[...parley], the one route for every Parley path). The client is created during render,
 * on the server too: creating one opens nothing, and it connects on its first
 * subscription, which only happens in the browser.
 */
export function LiveComposer() {
  const [client] = useState(() => createQuestionClient({ sessions: ['demo'], transport: 'sse' }))
  return (
    <QuestionClientProvider client={client} queryClient="own">
      <ConnectionBanner />
      <ConnectionStatus />
      <SessionComposerSlot sessionId="demo">
        <textarea aria-label="Message" placeholder="Message the agent…" rows={3} />
      </SessionComposerSlot>
    </QuestionClientProvider>
  )
}
