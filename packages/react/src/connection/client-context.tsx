import type { QuestionClient } from '@parley/client'
import { ParleyError } from '@parley/seam'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useState } from 'react'

const ClientContext = createContext<QuestionClient | null>(null)

/** Props of {@link QuestionClientProvider}. */
export interface QuestionClientProviderProps {
  /** The client from `createQuestionClient()`. The provider does not close it. */
  client: QuestionClient
  /**
   * The react-query client the respond and cancel mutations use. Omit it
   * inside your own `QueryClientProvider`; pass one (or `'own'`) to have the
   * provider create the query context itself.
   * @default the surrounding QueryClientProvider
   */
  queryClient?: QueryClient | 'own' | undefined
  children?: ReactNode
}

/** Makes a question client available to the hooks and `SessionComposerSlot` below it. */
export function QuestionClientProvider({
  client,
  queryClient,
  children,
}: QuestionClientProviderProps) {
  const [own] = useState(() => (queryClient === 'own' ? new QueryClient() : null))
  const content = <ClientContext.Provider value={client}>{children}</ClientContext.Provider>
  const query = queryClient === 'own' ? own : queryClient
  return query ? <QueryClientProvider client={query}>{content}</QueryClientProvider> : content
}

/**
 * The client of the nearest `QuestionClientProvider`. Throws a `ParleyError`
 * with code `NO_QUESTION_CLIENT` outside one.
 */
export function useQuestionClient(): QuestionClient {
  const client = useContext(ClientContext)
  if (!client)
    throw new ParleyError(
      'useQuestionClient() needs a <QuestionClientProvider client={…}> above it.',
      'NO_QUESTION_CLIENT',
    )
  return client
}
