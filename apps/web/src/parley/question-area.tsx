/**
 * The chat input wrapped in the composer slot: while the session has a
 * pending question the composer takes over, and the chat input stays mounted
 * (hidden) so its draft survives. Answers and cancels go to the host through
 * the question client. A card that ended without this tab's answer offers
 * "Send as a message", which posts its drafts as a chat message. An answer
 * the agent lets you change stays above the input as a summary with Change,
 * for as long as the host's window lasts. The Markdown chunk is loaded when
 * the page is idle, so the first plan card paints its final layout.
 */
import { preloadMarkdown } from '@parley/react'
import { SessionAnswers } from '@parley/react/amend'
import { SessionComposerSlot, useQuestionClient } from '@parley/react/connection'
import { QuestionLinkNotice } from '@parley/react/reach'
import type { QuestionOutcome } from '@parley/seam/wire'
import { type ReactNode, useEffect } from 'react'
import { useLocale } from '../locale.ts'
import { navigate, sessionHref } from '../router.ts'

export function QuestionArea({
  sessionId,
  linked,
  linkedOutcome,
  onSendAsMessage,
  stoppedAt,
  children,
}: {
  sessionId: string
  /** The question the address names: opened first while it waits, else a notice says how it ended. */
  linked?: string | undefined
  /** How the transcript says the linked question ended (this tab may not have seen it end). */
  linkedOutcome?: QuestionOutcome | undefined
  onSendAsMessage: (text: string) => void
  /** When this tab's user pressed Stop: the cards it ends are their choice. */
  stoppedAt?: number | undefined
  children: ReactNode
}) {
  const client = useQuestionClient()
  const locale = useLocale()
  // The first plan card paints its rendered Markdown at once, not its raw text first.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200))
    idle(() => void preloadMarkdown().catch(() => {}))
  }, [])
  return (
    <>
      <SessionAnswers className="answered-cards" sessionId={sessionId} locale={locale} />
      {linked !== undefined && (
        <QuestionLinkNotice
          className="question-link"
          client={client}
          sessionId={sessionId}
          rpcId={linked}
          outcome={linkedOutcome}
          locale={locale}
          onClose={() => navigate(sessionHref(sessionId), { replace: true })}
        />
      )}
      <SessionComposerSlot
        className="question-area"
        layout="overlay"
        locale={locale}
        sessionId={sessionId}
        openRpcId={linked}
        onSendAsMessage={onSendAsMessage}
        stoppedAt={stoppedAt}
      >
        {children}
      </SessionComposerSlot>
    </>
  )
}
