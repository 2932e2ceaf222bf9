/** The demo's shell: session sidebar, header, connection banner, and the open chat. */

import { useQuestionClient } from '@parley/react/connection'
import { useInbox } from '@parley/react/inbox'
import { useWaitingElsewhere } from '@parley/react/reach'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { parseChatFrame } from './api/parse.ts'
import { applyChatFrame, keys, useCreateSession, useSessions } from './api/queries.ts'
import { ChatView } from './components/chat-view.tsx'
import { ConnectionBanner } from './components/connection-banner.tsx'
import { MenuIcon, MoonIcon, Spinner, SunIcon } from './components/icons.tsx'
import { InboxView } from './components/inbox-view.tsx'
import { LocaleSwitch } from './components/locale-switch.tsx'
import { Sidebar } from './components/sidebar.tsx'
import { StatusBadge } from './components/status-badge.tsx'
import { LocaleContext, useLocaleChoice } from './locale.ts'
import { useAppFrames, useConnectionStatus } from './parley/connection.tsx'
import { ReachTheHuman } from './parley/reach.tsx'
import { navigate, type Route, sessionHref, useRoute } from './router.ts'
import { useTheme } from './theme.ts'

const SIDEBAR_ID = 'chats'

/** Patches the query cache with the chat frames of the mux; refetches after a reconnect. */
function useLiveSync() {
  const client = useQueryClient()
  const status = useConnectionStatus()
  const wasOpen = useRef(false)

  useAppFrames((data) => {
    const frame = parseChatFrame(data)
    if (!frame) return
    applyChatFrame(client, frame)
    const known = client.getQueryData<{ id: string }[]>(keys.sessions)
    if (known && !known.some((session) => session.id === frame.sessionId))
      void client.invalidateQueries({ queryKey: keys.sessions })
  })

  useEffect(() => {
    // Frames sent while the socket was down are lost: reload what is on screen.
    if (status === 'open' && wasOpen.current) void client.invalidateQueries()
    if (status === 'open') wasOpen.current = true
  }, [status, client])
  return status
}

/** `/` opens the most recent session, or creates the first one. */
function useHomeRedirect(route: Route) {
  const sessions = useSessions()
  const create = useCreateSession()
  const creating = useRef(false)
  useEffect(() => {
    if (route.name !== 'home' || !sessions.data) return
    const newest = sessions.data[0]
    if (newest) return navigate(sessionHref(newest.id), { replace: true })
    if (creating.current) return
    creating.current = true
    create.mutate(undefined, {
      onSuccess: (session) => navigate(sessionHref(session.id), { replace: true }),
      onSettled: () => {
        creating.current = false
      },
    })
  }, [route.name, sessions.data, create])
}

export function App() {
  const route = useRoute()
  useLiveSync()
  const sessions = useSessions()
  const create = useCreateSession()
  const { theme, toggle } = useTheme()
  const { locale, choose } = useLocaleChoice()
  const [sidebarOpen, setSidebarOpen] = useState(false)
  useHomeRedirect(route)

  const activeId = route.name === 'session' ? route.sessionId : null
  const active = sessions.data?.find((session) => session.id === activeId)
  const waiting = useInbox().length
  // Questions in the other chats: a badge on the menu button, and a sentence for each new one.
  const elsewhere = useWaitingElsewhere(useQuestionClient(), {
    sessionId: activeId,
    sessionTitle: (id) => sessions.data?.find((session) => session.id === id)?.title,
    locale,
  })
  const heading = route.name === 'inbox' ? 'Inbox' : active?.title

  useEffect(() => {
    document.title = heading ? `${heading} · Parley` : 'Parley'
  }, [heading])

  useEffect(() => {
    if (!sidebarOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSidebarOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [sidebarOpen])

  const newChat = () => {
    create.mutate(undefined, {
      onSuccess: (session) => {
        navigate(sessionHref(session.id))
        setSidebarOpen(false)
        requestAnimationFrame(() => document.getElementById('chat-input')?.focus())
      },
    })
  }

  return (
    <LocaleContext.Provider value={locale}>
      <div className="app" data-sidebar-open={sidebarOpen || undefined}>
        <Sidebar
          id={SIDEBAR_ID}
          sessions={sessions.data}
          loading={sessions.isPending}
          activeId={activeId}
          inboxActive={route.name === 'inbox'}
          waiting={waiting}
          open={sidebarOpen}
          creating={create.isPending}
          onNewChat={newChat}
          onClose={() => setSidebarOpen(false)}
        />
        {sidebarOpen && (
          <div className="scrim" aria-hidden="true" onClick={() => setSidebarOpen(false)} />
        )}
        <div className="column">
          <header className="topbar">
            <button
              type="button"
              className="icon-button sidebar-toggle"
              aria-label={elsewhere.countText ? `Show chats, ${elsewhere.countText}` : 'Show chats'}
              aria-expanded={sidebarOpen}
              aria-controls={SIDEBAR_ID}
              onClick={() => setSidebarOpen(true)}
            >
              <MenuIcon />
              {elsewhere.questions.length > 0 && (
                <span className="menu-badge" aria-hidden="true">
                  {elsewhere.questions.length}
                </span>
              )}
            </button>
            <h1 className="topbar-title">{heading ?? 'Parley'}</h1>
            {active && <StatusBadge status={active.status} />}
            <LocaleSwitch locale={locale} onChange={choose} />
            <button
              type="button"
              className="icon-button theme-toggle"
              aria-label="Dark theme"
              aria-pressed={theme === 'dark'}
              title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
              onClick={toggle}
            >
              {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
            </button>
          </header>
          {/* The inbox's own count is a live region: on its page, that one speaks. */}
          <p className="sr-only" role="status">
            {elsewhere.announcement && route.name !== 'inbox' ? (
              <span key={elsewhere.announcement.n}>{elsewhere.announcement.text}</span>
            ) : null}
          </p>
          <main className="main">
            <ConnectionBanner />
            <ReachTheHuman />
            {route.name === 'session' ? (
              <ChatView
                key={route.sessionId}
                sessionId={route.sessionId}
                rpcId={route.rpcId}
                onNewChat={newChat}
              />
            ) : route.name === 'inbox' ? (
              <InboxView sessions={sessions.data} />
            ) : route.name === 'home' ? (
              <div className="center-state" aria-busy="true">
                <Spinner />
                <span>Opening your latest chat…</span>
              </div>
            ) : (
              <div className="center-state">
                <h2>Page not found</h2>
                <p>There is nothing at this address.</p>
                <div className="center-actions">
                  <a className="button button-primary" href="/">
                    Go to your chats
                  </a>
                </div>
              </div>
            )}
          </main>
        </div>
      </div>
    </LocaleContext.Provider>
  )
}
