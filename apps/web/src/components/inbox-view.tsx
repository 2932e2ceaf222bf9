/** The inbox page: every question waiting for you, across chats, answerable here or in its chat. */
import { Inbox } from '@parley/react/inbox'
import type { SessionSummary } from '../api/types.ts'
import { useLocale } from '../locale.ts'
import { followLink, questionHref } from '../router.ts'

export function InboxView({ sessions }: { sessions: SessionSummary[] | undefined }) {
  const locale = useLocale()
  const titleOf = (sessionId: string) =>
    sessions?.find((session) => session.id === sessionId)?.title
  return (
    <div className="inbox-page">
      <Inbox
        sessionTitle={titleOf}
        hrefFor={questionHref}
        onOpen={(_question, event) => followLink(event)}
        headingLevel={2}
        locale={locale}
      />
    </div>
  )
}
