// Server rendering with a client created during render and at module scope,
// as `node -e` runs it: it must print the HTML and then exit by itself, with
// no socket, timer or handle left open. scripts/test.mjs runs it (with a
// deadline) on each React version it tests.
import { createQuestionClient } from '@parley/client'
import {
  ConnectionBanner,
  QuestionClientProvider,
  SessionComposerSlot,
} from '@parley/react/connection'
import { createElement as h, useState } from 'react'
import { renderToString } from 'react-dom/server'

// At module scope, as many apps do: creating it opens nothing.
const shared = createQuestionClient()
shared.subscribe(() => {})

function Page() {
  // During render, as a server component's client child would.
  const [client] = useState(() => createQuestionClient({ sessions: ['demo'] }))
  return h(
    QuestionClientProvider,
    { client, queryClient: 'own' },
    h(ConnectionBanner, { showConnecting: true }),
    h(SessionComposerSlot, { sessionId: 'demo' }, h('textarea', { 'aria-label': 'Message' })),
  )
}

// React warns on the server through console.error (useLayoutEffect, keys,
// markup that will not hydrate): an adopter's server log must stay clean.
const warnings = []
const { error, warn } = console
console.error = (...args) => warnings.push(args.join(' '))
console.warn = console.error
const html = renderToString(h(Page))
console.error = error
console.warn = warn
if (warnings.length > 0)
  throw new Error(`server rendering warned ${warnings.length} times:\n${warnings.join('\n')}`)
if (!html.includes('aria-label="Message"'))
  throw new Error(`the chat input did not render: ${html}`)
if (!html.includes('data-scope="connection-banner"')) throw new Error('the banner did not render')
if (shared.getConnectionStatus() !== 'idle') throw new Error('the module-scope client started')
console.log(`ssr-check: rendered ${html.length} characters`)
process.on('exit', () => {
  // stdout and stderr themselves are a TTY or a pipe; anything else (a socket, a timer) is a leak.
  const open = process
    .getActiveResourcesInfo()
    .filter((kind) => kind !== 'TTYWrap' && kind !== 'PipeWrap')
  console.log(`ssr-check: open handles at exit: ${open.length === 0 ? 'none' : open.join(', ')}`)
})
