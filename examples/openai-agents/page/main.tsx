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
      <h1>An OpenAI agent, with Parley</h1>
      <p>
        Send the release agent a task. When it asks you something or wants to run a tool that needs
        your approval, the card takes the place of the message box until you answer.
      </p>
      <Chat />
    </main>
  </StrictMode>,
)
