import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { appRouteRefusal, createQuestionHost, LOOPBACK_HOSTS } from '@parley/host/node'
import { createUserQuestionService } from '@parley/seam'
import sirv from 'sirv'
import { runAgent } from './agent.js'

/** The one chat of this demo: every card goes to it. */
export const SESSION_ID = 'demo'

/** Who is asking. A real app reads its own session cookie in `authenticate`. */
interface User {
  id: string
}

const MAX_BODY_BYTES = 16_384

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  })
  response.end(JSON.stringify(body))
}

/** The request's body as JSON, or `undefined` when it is too long or not JSON. */
async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += buffer.length
    if (size > MAX_BODY_BYTES) return undefined
    chunks.push(buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return undefined
  }
}

const noteOf = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null || !('note' in body)) return null
  const { note } = body
  return typeof note === 'string' && note.trim() !== '' ? note : null
}

/**
 * The server: Parley's routes (the mux over WebSocket or SSE, respond, More
 * time, Change), `POST /api/run`, which runs the agent on the note it is sent
 * and answers with the run's transcript, and the built page from `publicDir`.
 */
export function createApp({ publicDir }: { publicDir: string }) {
  const host = createQuestionHost<User>({
    authenticate: () => ({ id: 'demo-user' }),
    canAccess: (_user, sessionId) => sessionId === SESSION_ID,
    // Everyone is one demo user here, so a rebound page must not get in.
    allowedHosts: LOOPBACK_HOSTS,
  })
  const service = createUserQuestionService()
  service.registerProvider(host.provider)
  const assets = sirv(publicDir, { single: true })

  async function run(request: IncomingMessage, response: ServerResponse) {
    // It starts work, so it has the host's fences: Host, Origin, JSON.
    const refused = appRouteRefusal({
      host: request.headers.host,
      origin: request.headers.origin,
      scheme: 'http',
      contentType: request.headers['content-type'],
    })
    if (refused) return sendJson(response, refused.status, refused)
    const note = noteOf(await readJson(request))
    if (note === null)
      return sendJson(response, 400, { error: 'Send { "note": "…" }.', code: 'BAD_NOTE' })
    // A page that hangs up withdraws the run's open cards.
    const hangUp = new AbortController()
    response.on('close', () => {
      if (!response.writableFinished) hangUp.abort()
    })
    const transcript = await runAgent(service, {
      note,
      sessionId: SESSION_ID,
      signal: hangUp.signal,
    })
    sendJson(response, 200, { transcript })
  }

  function app(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (path === '/api/run' && request.method === 'POST')
      return void run(request, response).catch(() => {
        if (!response.headersSent) sendJson(response, 500, { code: 'INTERNAL' })
        else response.destroy()
      })
    assets(request, response, () => sendJson(response, 404, { code: 'NOT_FOUND' }))
  }

  const server = createServer((request, response) =>
    host.handleRequest(request, response, () => app(request, response)),
  )
  host.attach(server) // WebSocket upgrades on /api/mux

  return {
    server,
    /** Aborts every pending card (and so every waiting run), ends the streams, closes the server. */
    close(): Promise<void> {
      host.dispose()
      return new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}
