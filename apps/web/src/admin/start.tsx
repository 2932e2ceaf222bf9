import './admin.css'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AdminApp } from './admin-app.tsx'

/** Renders the operator's view into `container` (the page's `#root`). */
export function startAdmin(container: HTMLElement): void {
  const client = new QueryClient({
    defaultOptions: {
      // A refused token is an answer, not a hiccup: never retried.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 },
    },
  })
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <AdminApp />
      </QueryClientProvider>
    </StrictMode>,
  )
}
