import { LiveComposer } from './live-composer'

// Rendered on every request, so `@parley/react/connection` is loaded by the
// server renderer at run time, not only at build time.
export const dynamic = 'force-dynamic'

export default function ConnectionPage() {
  return (
    <main>
      <h1>Connected composer</h1>
      <p>
        <code>SessionComposerSlot</code> under a <code>QuestionClientProvider</code>: a question the
        host asks in session <code>demo</code> takes over the chat input.
      </p>
      <LiveComposer />
    </main>
  )
}
