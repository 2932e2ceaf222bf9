/** The session list: newest first, with status badges and a New chat button. */
import { displayText } from '@parley/react'
import type { SessionSummary } from '../api/types.ts'
import { followLink, INBOX_PATH, sessionHref } from '../router.ts'
import { CloseIcon, Logo, PlusIcon } from './icons.tsx'
import { StatusBadge } from './status-badge.tsx'

interface SidebarProps {
  id: string
  sessions: SessionSummary[] | undefined
  loading: boolean
  activeId: string | null
  /** The inbox is on screen. */
  inboxActive: boolean
  /** Questions waiting across chats (the inbox's count). */
  waiting: number
  open: boolean
  creating: boolean
  onNewChat: () => void
  onClose: () => void
}

export function Sidebar({
  id,
  sessions,
  loading,
  activeId,
  inboxActive,
  waiting,
  open,
  creating,
  onNewChat,
  onClose,
}: SidebarProps) {
  return (
    <nav id={id} className="sidebar" aria-label="Chats" data-open={open || undefined}>
      <div className="sidebar-head">
        <span className="brand">
          <Logo />
          <span className="brand-name">Parley</span>
        </span>
        <button
          type="button"
          className="icon-button sidebar-close"
          aria-label="Close chats"
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      <button type="button" className="button button-new" onClick={onNewChat} disabled={creating}>
        <PlusIcon />
        New chat
      </button>
      <a
        className="inbox-link"
        href={INBOX_PATH}
        aria-current={inboxActive ? 'page' : undefined}
        onClick={(event) => followLink(event, onClose)}
      >
        <span>Inbox</span>
        <span className="inbox-count" data-waiting={waiting > 0 || undefined}>
          {waiting} waiting
        </span>
      </a>
      <h2 className="sidebar-heading" id={`${id}-heading`}>
        Recent
      </h2>
      {loading && !sessions ? (
        <ul className="session-list" aria-labelledby={`${id}-heading`} aria-busy="true">
          {[0, 1, 2].map((n) => (
            <li key={n} className="session-skeleton" />
          ))}
        </ul>
      ) : sessions && sessions.length > 0 ? (
        <ul className="session-list" aria-labelledby={`${id}-heading`}>
          {sessions.map((session) => (
            <li key={session.id}>
              <a
                className="session-link"
                href={sessionHref(session.id)}
                aria-current={session.id === activeId ? 'page' : undefined}
                onClick={(event) => followLink(event, onClose)}
              >
                <span className="session-title" dir="auto">
                  {displayText(session.title)}
                </span>
                <StatusBadge status={session.status} />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="sidebar-empty">No chats yet.</p>
      )}
      <p className="sidebar-foot">Demo · a scripted agent that asks before it acts</p>
    </nav>
  )
}
