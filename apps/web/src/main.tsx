// app.css first: it declares the cascade layer order (base, then parley).
import './app.css'
import '@parley/react/styles.css'
import { createQuestionClient } from '@parley/client'
import { QuestionClientProvider } from '@parley/react/connection'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { api } from './api/http.ts'
import { keys } from './api/queries.ts'
import { App } from './app.tsx'
import { parseRoute } from './router.ts'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false },
  },
})

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')
const container = root

/**
 * The first API call mints the principal cookie when the page did not come
 * from the host (the Vite dev server), so it runs before the mux opens.
 */
async function start() {
  await queryClient.prefetchQuery({ queryKey: keys.sessions, queryFn: api.listSessions })
  /** One mux connection per page: questions and the chat's live frames share it. */
  const questionClient = createQuestionClient()
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <QuestionClientProvider client={questionClient}>
          <App />
        </QuestionClientProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
}

// The operator's view is its own page: no chat, no mux, its own chunk.
if (parseRoute(window.location.pathname).name === 'admin')
  void import('./admin/start.tsx').then(({ startAdmin }) => startAdmin(container))
else void start()
