/**
 * The chat input wrapped in the composer slot: while the session has a
 * pending question the composer takes over, and the chat input stays mounted
 * (hidden) so its draft survives. Answers and cancels go to the host through
 * the question client.
 */
import { SessionComposerSlot } from '@parley/react/connection'
import type { ReactNode } from 'react'

export function QuestionArea({ sessionId, children }: { sessionId: string; children: ReactNode }) {
  return (
    <SessionComposerSlot className="question-area" sessionId={sessionId}>
      {children}
    </SessionComposerSlot>
  )
}
