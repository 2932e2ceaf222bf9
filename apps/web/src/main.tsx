import '@parley/react/styles.css'
import './app.css'
import { createQuestionClient } from '@parley/client'
import { QuestionClientProvider } from '@parley/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false },
  },
})

/** One mux connection per page: questions and the chat's live frames share it. */
const questionClient = createQuestionClient()

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <QuestionClientProvider client={questionClient}>
        <App />
      </QuestionClientProvider>
    </QueryClientProvider>
  </StrictMode>,
)
