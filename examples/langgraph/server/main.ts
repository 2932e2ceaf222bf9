import { fileURLToPath } from 'node:url'
import { createApp } from './app.js'

// PORT (default 3000; 0 picks a free one) and HOST (default 127.0.0.1); the
// first line printed says where. No model key: the agent's model is scripted.
const publicDir = fileURLToPath(new URL('../public', import.meta.url))
const app = createApp({ publicDir })

const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOST ?? '127.0.0.1'
app.server.listen(port, hostname, () => {
  const address = app.server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  console.log(`listening on http://${hostname}:${bound}/`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    app.close().then(() => process.exit(0))
  })
