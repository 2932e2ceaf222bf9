/**
 * Wraps the chat input in the composer slot: while the session has a pending
 * question the composer takes over, and the chat input stays mounted (hidden)
 * so its draft survives.
 *
 * TEMPORARY: renders the chat input alone until the server-wired
 * `ComposerSlot` of `@parley/react` lands; then this becomes
 * `<ComposerSlot sessionId={sessionId}>{children}</ComposerSlot>`.
 */
import type { ReactNode } from 'react'

export function QuestionArea({ children }: { sessionId: string; children: ReactNode }) {
  return <div className="question-area">{children}</div>
}
