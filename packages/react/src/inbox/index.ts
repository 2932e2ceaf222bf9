'use client'
/**
 * `@parley/react/inbox`: one inbox across sessions — every question waiting
 * for this principal, answerable in place or in its chat. Needs the
 * `QuestionClientProvider` of `@parley/react/connection`.
 */
export { Inbox, type InboxProps } from './inbox.tsx'
export { INBOX_MESSAGES, type InboxMessages } from './messages.ts'
export { useInbox } from './use-inbox.ts'
