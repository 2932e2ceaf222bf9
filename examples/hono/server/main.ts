import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app.js'
import { createParley } from './parley.js'

// One host per process. `PORT=0` picks a free port; the first line printed
// says which.
const parley = createParley()
const publicDir = fileURLToPath(new URL('../public', import.meta.url))
const app = createApp(parley, publicDir)

const server = serve(
  {
    fetch: app.fetch,
    port: Number(process.env.PORT ?? 3000),
    hostname: process.env.HOST ?? '127.0.0.1',
  },
  (info) => console.log(`listening on http://${info.address}:${info.port}/`),
)

// On SIGINT/SIGTERM pending asks reject ASK_ABORTED and the event streams
// end, so the server can close. Those asks' replies leave a moment later on
// keep-alive sockets, which are closed once idle (or after Node's
// keepAliveTimeout, 5 s, at the latest).
function shutdown() {
  parley.host.dispose()
  server.close(() => process.exit(0))
  setTimeout(() => {
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  }, 100)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
