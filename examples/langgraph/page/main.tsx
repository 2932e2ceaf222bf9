import '@parley/react/styles.css'
import './page.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Chat } from './chat'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <main>
      <h1>A LangGraph agent, with Parley</h1>
      <p>
        Send the agent a note to save. When it asks you where, or wants to run its save_note tool,
        the card takes the place of the message box until you answer.
      </p>
      <Chat />
    </main>
  </StrictMode>,
)
