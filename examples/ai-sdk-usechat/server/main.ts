import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { chat, promptsOf } from './chat.js'

// The route `useChat` posts to, the built page (dist/public), and one route
// for the end-to-end test. `PORT=0` picks a free port; the first line printed
// says which.
const app = new Hono()
app.post('/api/chat', (c) => chat(c.req.raw))
// For the test only: what the mock model was sent, so it can check the
// model's next prompt. A real app has no such route.
app.get('/api/prompts', (c) => c.json({ prompts: promptsOf(c.req.query('chat') ?? '') }))
app.use('*', serveStatic({ root: fileURLToPath(new URL('../public', import.meta.url)) }))

const server = serve(
  {
    fetch: app.fetch,
    port: Number(process.env.PORT ?? 3000),
    hostname: process.env.HOST ?? '127.0.0.1',
  },
  (info) => console.log(`listening on http://${info.address}:${info.port}/`),
)

function shutdown() {
  server.close(() => process.exit(0))
  setTimeout(() => {
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  }, 100)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
