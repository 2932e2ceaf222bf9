import '@parley/react/styles.css'
import './page.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { LiveComposer } from './live-composer'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <main>
      <h1>Parley on Hono</h1>
      <p>
        A question the agent asks in session <code>demo</code> (<code>POST /api/ask</code>) takes
        over the chat input.
      </p>
      <LiveComposer />
    </main>
  </StrictMode>,
)
