import { serveStatic } from '@hono/node-server/serve-static'
import { UserQuestionError } from '@parley/seam'
import { type Context, Hono } from 'hono'
import { refuseForeign } from './fences.js'
import type { Parley } from './parley.js'
import { sampleQuestions } from './sample-question.js'

/**
 * The Hono app: the host's routes, an endpoint that stands in for the
 * agent, and the built page as static files from `publicDir`.
 */
export function createApp(parley: Parley, publicDir: string): Hono {
  const app = new Hono()
  const toHost = (c: Context) => parley.host.fetch(c.req.raw)

  // Stands in for the agent: asks the sample question in session `demo` and
  // replies with the answer once a tab sends one (or the error code). It
  // starts work, so it has the host's fences: Host, Origin, JSON.
  app.post('/api/ask', async (c) => {
    const refused = refuseForeign(c.req.raw)
    if (refused) return refused
    try {
      const answer = await parley.service.ask({
        sessionId: 'demo',
        questions: sampleQuestions,
        timeoutMs: 60_000,
        signal: c.req.raw.signal,
      })
      return c.json(answer)
    } catch (error) {
      if (error instanceof UserQuestionError) return c.json({ code: error.code }, 409)
      throw error
    }
  })

  // Every other GET and POST under /api/ goes to the host, one catch-all
  // after the app's own routes so no Parley route can be forgotten: the mux
  // (SSE) and its probe, a tab's answer or cancel, More time, Change.
  // `host.fetch` answers 404 for a path that is none of them.
  app.on(['GET', 'POST'], '/api/*', toHost)

  app.use('*', serveStatic({ root: publicDir }))
  return app
}
