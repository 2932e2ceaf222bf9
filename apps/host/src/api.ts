import type { IncomingMessage, ServerResponse } from 'node:http'
import type { QuestionHost } from '@parley/host/node'
import type { createScriptedAgent } from './agent/agent.ts'
import { CreateSessionBody, EmptyBody, MessageBody, parseBody } from './bodies.ts'
import { assertSameOrigin, HttpError, sendJson } from './http-util.ts'
import type { Identity } from './principals.ts'
import type { Session, SessionRegistry } from './sessions.ts'
import type { createTestApi } from './test-api.ts'

const SESSION_PATH = /^\/api\/sessions\/([A-Za-z0-9-]{1,64})(\/messages|\/stop)?$/

export interface DemoApiDeps {
  host: QuestionHost<string>
  sessions: SessionRegistry
  agent: ReturnType<typeof createScriptedAgent>
  testApi: ReturnType<typeof createTestApi> | null
  publishSession: (session: Session) => void
}

/** Everything the demo API needs to know about one request, worked out by the listener. */
export interface ApiRequest {
  req: IncomingMessage
  res: ServerResponse
  pathname: string
  identity: Identity
  scheme: 'http' | 'https'
}

/**
 * The principal of an API request, or the refusal: the API never mints a
 * principal (only a document navigation does), so it never sets a cookie.
 */
function principalOf(identity: Identity): string {
  switch (identity.kind) {
    case 'one':
      return identity.principal
    case 'conflict':
      throw new HttpError(
        409,
        'PRINCIPAL_CONFLICT',
        'This browser sent two different Parley identities. Clear this site’s cookies and reload the page.',
      )
    case 'invalid':
      throw new HttpError(
        401,
        'PRINCIPAL_INVALID',
        'The identity cookie is not valid; reload the page.',
      )
    case 'none':
      throw new HttpError(401, 'NO_PRINCIPAL', 'No identity cookie; load the page first.')
  }
}

/** The demo's chat API (`/api/sessions…`) and, when on, the test API (`/api/test/…`). */
export function createDemoApi(deps: DemoApiDeps) {
  const { sessions, agent, testApi } = deps

  function ownSession(principal: string, id: string): Session {
    const session = sessions.owned(principal, id)
    if (!session) throw new HttpError(404, 'NO_SESSION', 'No such session.')
    return session
  }

  return async function api({ req, res, pathname, identity, scheme }: ApiRequest): Promise<void> {
    const principal = principalOf(identity)
    const method = req.method ?? 'GET'
    if (method !== 'GET' && method !== 'HEAD') assertSameOrigin(req, scheme)
    if (pathname === '/api/sessions') {
      if (method === 'GET') return sendJson(res, 200, { sessions: sessions.list(principal) })
      if (method === 'POST') {
        const { title } = await parseBody(req, CreateSessionBody)
        const session = sessions.create(principal, title)
        return sendJson(res, 201, { sessionId: session.id, session: sessions.summary(session) })
      }
    }
    const match = SESSION_PATH.exec(pathname)
    if (match?.[1]) {
      const session = ownSession(principal, match[1])
      if (!match[2] && method === 'GET')
        return sendJson(res, 200, { session: sessions.summary(session), events: session.events })
      if (match[2] === '/messages' && method === 'POST') {
        const { text } = await parseBody(req, MessageBody)
        if (session.title === 'New chat') session.title = text.slice(0, 60)
        agent.send(session, text).catch((error: unknown) => {
          console.error('The agent turn failed:', error)
        })
        deps.publishSession(session)
        return sendJson(res, 202, { accepted: true })
      }
      if (match[2] === '/stop' && method === 'POST') {
        await parseBody(req, EmptyBody)
        return sendJson(res, 200, { stopped: agent.stop(session) })
      }
    }
    if (pathname.startsWith('/api/test/') && testApi) {
      if (pathname === '/api/test/drop-sockets' && method === 'POST') {
        await parseBody(req, EmptyBody)
        // Only the caller's own downlinks: parallel test runs keep theirs.
        const dropped = deps.host.dropStreams((owner) => owner === principal)
        return sendJson(res, 200, { dropped })
      }
      return testApi.handle(req, res, pathname, principal)
    }
    throw new HttpError(404, 'NOT_FOUND', 'No such route.')
  }
}
