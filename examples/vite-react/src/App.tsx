import { createQuestionClient, type QuestionClient } from '@parley/client'
import {
  QuestionClientProvider,
  SessionComposerSlot,
  useConnectionStatus,
} from '@parley/react/connection'
import { useEffect, useState, version } from 'react'
import { ChatInput } from './ChatInput'

export interface AppProps {
  /** The conversation whose questions take over the chat input. */
  sessionId: string
}

export function App({ sessionId }: AppProps) {
  // One client per mounted app, created in an effect and closed in its
  // cleanup: StrictMode's mount-unmount-mount then closes the first client
  // and opens a second, instead of leaking a socket from a render.
  const [client, setClient] = useState<QuestionClient | null>(null)
  useEffect(() => {
    const created = createQuestionClient({ sessions: [sessionId] })
    setClient(created)
    return () => {
      created.dispose()
      setClient(null)
    }
  }, [sessionId])

  return (
    <main className="chat" data-react-version={version}>
      <h1>Chat</h1>
      {client ? (
        <QuestionClientProvider client={client} queryClient="own">
          <Connection />
          <SessionComposerSlot sessionId={sessionId}>
            <ChatInput />
          </SessionComposerSlot>
        </QuestionClientProvider>
      ) : (
        <ChatInput />
      )}
    </main>
  )
}

const STATUS_TEXT = {
  idle: 'Not connected yet',
  connecting: 'Connecting…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Offline',
} as const

function Connection() {
  const status = useConnectionStatus()
  return (
    <p className="connection" role="status" data-state={status}>
      {STATUS_TEXT[status]}
    </p>
  )
}
