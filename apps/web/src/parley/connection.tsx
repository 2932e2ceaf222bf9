/**
 * The app's one connection to the host: the Parley mux of `@parley/client`.
 * Questions and the demo's chat frames arrive on the same WebSocket.
 *
 * These few hooks mirror the React bindings of `@parley/react`
 * (`QuestionClientProvider`, `useQuestionClient`, `useConnectionStatus`,
 * `useSessionQuestions`); once the package exports them, this file becomes
 * re-exports plus `useAppFrames`.
 */
import {
  type ClientQuestion,
  type ConnectionStatus,
  type QuestionClient,
  selectConnectionStatus,
  selectSessionQuestions,
} from '@parley/client'
import type { AppFrame } from '@parley/seam/wire'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react'
import { useStore } from 'zustand'

export type { ConnectionStatus }

const ClientContext = createContext<QuestionClient | null>(null)

export function ParleyProvider({
  client,
  children,
}: {
  client: QuestionClient
  children: ReactNode
}) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>
}

export function useQuestionClient(): QuestionClient {
  const client = useContext(ClientContext)
  if (!client) throw new Error('useQuestionClient() needs a <ParleyProvider> above it.')
  return client
}

export function useConnectionStatus(): ConnectionStatus {
  return useStore(useQuestionClient().store, selectConnectionStatus)
}

export function useSessionQuestions(sessionId: string): readonly ClientQuestion[] {
  const select = useCallback(
    (state: Parameters<typeof selectSessionQuestions>[0]) =>
      selectSessionQuestions(state, sessionId),
    [sessionId],
  )
  return useStore(useQuestionClient().store, select)
}

/** Calls `listener` with every application frame of the mux (callers parse it). */
export function useAppFrames(listener: (frame: AppFrame) => void) {
  const client = useQuestionClient()
  const latest = useRef(listener)
  latest.current = listener
  useEffect(() => client.onAppFrame((frame) => latest.current(frame)), [client])
}
