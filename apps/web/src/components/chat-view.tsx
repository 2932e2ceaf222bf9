/** One session: its transcript, and the chat input wrapped in the composer slot. */

import { useSessionQuestions } from '@parley/react/connection'
import type { QuestionOutcome } from '@parley/seam/wire'
import { useState } from 'react'
import { ApiError } from '../api/http.ts'
import { useSendMessage, useSession, useStop } from '../api/queries.ts'
import type { TranscriptEvent } from '../api/types.ts'
import { QuestionArea } from '../parley/question-area.tsx'
import { questionHref } from '../router.ts'
import { ChatInput } from './chat-input.tsx'
import { EmptyState } from './empty-state.tsx'
import { Spinner } from './icons.tsx'
import { Transcript } from './transcript.tsx'

/** How the transcript says the question `rpcId` ended, for an address of one that no longer waits. */
function outcomeOf(
  events: TranscriptEvent[],
  rpcId: string | undefined,
): QuestionOutcome | undefined {
  if (rpcId === undefined) return undefined
  const call = events.find((event) => event.kind === 'tool' && event.rpcId === rpcId)
  if (call?.kind !== 'tool') return undefined
  if (call.status === 'answered') return 'answered'
  if (call.status === 'cancelled') return 'cancelled'
  if (call.code === 'ASK_TIMED_OUT') return 'timed-out'
  return call.status === 'interrupted' ? 'aborted' : undefined
}

/**
 * Said over a conversation the server no longer has (a restart of the
 * in-memory demo, or a chat removed elsewhere): nothing on the page is
 * taken away, so what the person typed into a question stays to copy.
 */
function LostNotice({ error, onNewChat }: { error: Error | null; onNewChat: () => void }) {
  const status = error instanceof ApiError ? error.status : undefined
  const words =
    status === 404
      ? 'The server no longer has this chat: it may have restarted.'
      : status === 401
        ? 'The server restarted and no longer knows this browser.'
        : `The conversation could not be loaded again: ${error?.message ?? 'unknown error'}.`
  return (
    <div className="lost-notice" role="status">
      <p>{words} What you typed stays here to copy; a new chat starts afresh.</p>
      <button type="button" className="button button-primary" onClick={onNewChat}>
        New chat
      </button>
    </div>
  )
}

export function ChatView({
  sessionId,
  rpcId,
  onNewChat,
}: {
  sessionId: string
  /** The question the address names (`?q=`), opened first. */
  rpcId?: string | undefined
  onNewChat: () => void
}) {
  const session = useSession(sessionId)
  const pending = useSessionQuestions(sessionId)
  const send = useSendMessage(sessionId)
  const stop = useStop(sessionId)
  const [stoppedAt, setStoppedAt] = useState<number | undefined>(undefined)

  if (session.isPending) {
    return (
      <div className="center-state" aria-busy="true">
        <Spinner />
        <span>Loading the conversation…</span>
      </div>
    )
  }
  // Lost after it was shown (the server restarted): the transcript and the open
  // card stay, with what was typed in it, and a notice says what happened.
  const lost = session.isError && session.data !== undefined
  if (session.isError && !lost) {
    const missing = session.error instanceof ApiError && session.error.status === 404
    return (
      <div className="center-state">
        <h2>{missing ? 'This chat does not exist' : 'The conversation could not be loaded'}</h2>
        <p>
          {missing
            ? 'It may have been removed, or it belongs to another browser.'
            : session.error.message}
        </p>
        <div className="center-actions">
          {!missing && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => session.refetch()}
            >
              Try again
            </button>
          )}
          <button type="button" className="button button-primary" onClick={onNewChat}>
            New chat
          </button>
        </div>
      </div>
    )
  }

  if (!session.data) return null
  const { events } = session.data
  const running = events.some((event) => event.kind === 'tool' && event.status === 'running')
  const busy = running || session.data.session.status !== 'idle'
  const onStop = () => {
    // The cards this Stop ends are the user's choice, not the assistant's.
    setStoppedAt(Date.now())
    stop.mutate()
  }
  const sendText = (text: string) => send.mutateAsync(text)

  return (
    <>
      {lost && <LostNotice error={session.error} onNewChat={onNewChat} />}
      <Transcript
        events={events}
        onStop={onStop}
        stopping={stop.isPending}
        empty={<EmptyState onPick={(text) => void sendText(text)} disabled={send.isPending} />}
        questionLinkOf={(event) => {
          const rpcId = event.rpcId ?? pending.find((q) => q.callId === event.id)?.rpcId
          return rpcId === undefined ? undefined : questionHref({ sessionId, rpcId })
        }}
      />
      <div className="dock">
        <QuestionArea
          sessionId={sessionId}
          linked={rpcId}
          linkedOutcome={outcomeOf(events, rpcId)}
          stoppedAt={stoppedAt}
          onSendAsMessage={(text) => void sendText(text)}
        >
          <ChatInput
            key={sessionId}
            sessionId={sessionId}
            onSend={sendText}
            // While a tool call runs, its row in the transcript carries the Stop button.
            onStop={running ? undefined : onStop}
            busy={busy}
          />
        </QuestionArea>
      </div>
    </>
  )
}
