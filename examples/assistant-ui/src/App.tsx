import { AssistantRuntimeProvider, AuiConfig, Tools, useLocalRuntime } from '@assistant-ui/react'
import { toolkit } from './ask-user-question.tsx'
import { scriptedModel } from './scripted-model.ts'
import { Thread } from './Thread.tsx'

// Plain data, so it can live at module scope: the toolkit's tools reach the
// model's context and their renderers the thread.
const config = AuiConfig({ tools: Tools({ toolkit }) })

export function App() {
  const runtime = useLocalRuntime(scriptedModel)
  return (
    <AssistantRuntimeProvider runtime={runtime} config={config}>
      <main className="chat">
        <h1>Parley in assistant-ui</h1>
        <Thread />
      </main>
    </AssistantRuntimeProvider>
  )
}
