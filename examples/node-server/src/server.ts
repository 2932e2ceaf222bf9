import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createApp } from './app.js'

// PARLEY_TOKEN: the one user's secret (a random one is printed when unset).
// PARLEY_SESSIONS: the chat sessions that user may see (comma-separated).
// PARLEY_STATIC_DIR: the folder served at / (the vite-react example's build by default).
const token = process.env.PARLEY_TOKEN || randomBytes(18).toString('base64url')
const sessions = (process.env.PARLEY_SESSIONS ?? 'chat-1').split(',').filter(Boolean)
const staticDir = resolve(
  process.env.PARLEY_STATIC_DIR ?? fileURLToPath(new URL('../../vite-react/dist', import.meta.url)),
)
const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOST ?? '127.0.0.1'

const app = createApp({ accounts: [{ token, user: { name: 'you', sessions } }], staticDir })

app.server.listen(port, hostname, () => {
  const address = app.server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  console.log(`listening on http://${hostname}:${bound}`)
  console.log(`serving ${staticDir}`)
  if (!process.env.PARLEY_TOKEN) console.log(`sign in at /login with the token ${token}`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    app.close().then(() => process.exit(0))
  })
