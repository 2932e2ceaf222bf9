/**
 * The chat input wrapped in the composer slot: while the session has a
 * pending question the composer takes over, and the chat input stays mounted
 * (hidden) so its draft survives. Answers and cancels go to the host through
 * the question client. A card that ended without this tab's answer offers
 * "Send as a message", which posts its drafts as a chat message. An answer
 * the agent lets you change stays above the input as a summary with Change,
 * for as long as the host's window lasts.
 */
import { SessionAnswers } from '@parley/react/amend'
import { SessionComposerSlot } from '@parley/react/connection'
import type { ReactNode } from 'react'

export function QuestionArea({
  sessionId,
  onSendAsMessage,
  children,
}: {
  sessionId: string
  onSendAsMessage: (text: string) => void
  children: ReactNode
}) {
  return (
    <>
      <SessionAnswers className="answered-cards" sessionId={sessionId} />
      <SessionComposerSlot
        className="question-area"
        sessionId={sessionId}
        onSendAsMessage={onSendAsMessage}
      >
        {children}
      </SessionComposerSlot>
    </>
  )
}
