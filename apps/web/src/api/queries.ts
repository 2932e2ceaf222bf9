/**
 * React Query hooks for the demo's REST API, and the cache patches the live
 * mux frames apply (`applyChatFrame`).
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from './http.ts'
import type { ChatFrame, SessionDetail, SessionSummary, TranscriptEvent } from './types.ts'

export const keys = {
  sessions: ['sessions'] as const,
  session: (id: string) => ['session', id] as const,
}

export function useSessions() {
  return useQuery({ queryKey: keys.sessions, queryFn: api.listSessions })
}

export function useSession(id: string | null) {
  return useQuery({
    queryKey: keys.session(id ?? ''),
    queryFn: () => api.getSession(id ?? ''),
    enabled: id !== null,
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  })
}

function byNewest(a: SessionSummary, b: SessionSummary) {
  return b.updatedAt - a.updatedAt
}

function upsertSession(client: QueryClient, session: SessionSummary) {
  client.setQueryData<SessionSummary[]>(keys.sessions, (list) => {
    if (!list) return list
    const others = list.filter((item) => item.id !== session.id)
    return [...others, session].sort(byNewest)
  })
  client.setQueryData<SessionDetail>(keys.session(session.id), (detail) =>
    detail ? { ...detail, session } : detail,
  )
}

function upsertEvent(events: TranscriptEvent[], event: TranscriptEvent): TranscriptEvent[] {
  const at = events.findIndex((item) => item.id === event.id && item.kind === event.kind)
  if (at < 0) return [...events, event]
  const next = events.slice()
  next[at] = event
  return next
}

/** Patches the query cache with one live frame from the mux. */
export function applyChatFrame(client: QueryClient, frame: ChatFrame) {
  if (frame.type === 'chat/session') return upsertSession(client, frame.session)
  if (frame.type === 'chat/stale')
    return void client.invalidateQueries({ queryKey: keys.session(frame.sessionId) })
  client.setQueryData<SessionDetail>(keys.session(frame.sessionId), (detail) =>
    detail ? { ...detail, events: upsertEvent(detail.events, frame.event) } : detail,
  )
  // A message bumps the session to the top of the list.
  client.setQueryData<SessionSummary[]>(keys.sessions, (list) => {
    if (!list) return list
    return list
      .map((item) =>
        item.id === frame.sessionId
          ? { ...item, updatedAt: Math.max(item.updatedAt, frame.event.at) }
          : item,
      )
      .sort(byNewest)
  })
}

export function useCreateSession() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (title?: string) => api.createSession(title),
    onSuccess: (session) => {
      client.setQueryData<SessionSummary[]>(keys.sessions, (list) =>
        [session, ...(list ?? []).filter((item) => item.id !== session.id)].sort(byNewest),
      )
      client.setQueryData<SessionDetail>(keys.session(session.id), { session, events: [] })
    },
  })
}

export function useSendMessage(sessionId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => api.sendMessage(sessionId, text),
    // The user's message arrives as a live frame; refetch only if the socket missed it.
    onSettled: () => client.invalidateQueries({ queryKey: keys.sessions }),
  })
}

export function useStop(sessionId: string) {
  return useMutation({ mutationFn: () => api.stop(sessionId) })
}
