import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SessionSummary } from '@parley/demo-chat'
import type { QuestionHost } from '@parley/host/node'
import type { createScriptedAgent } from './agent/agent.ts'
import { CreateSessionBody, EmptyBody, MessageBody, parseBody } from './bodies.ts'
import type { DemoBus } from './cluster/bus.ts'
import { assertSameOrigin, HttpError, sendJson } from './http-util.ts'
import type { Identity } from './principals.ts'
import type { SessionRecord, SessionStore, TranscriptStore } from './stores/types.ts'
import type { createTestApi } from './test-api.ts'

const SESSION_PATH = /^\/api\/sessions\/([A-Za-z0-9-]{1,64})(\/messages|\/stop)?$/

export interface DemoApiDeps {
  host: QuestionHost<string>
  sessions: SessionStore
  transcripts: TranscriptStore
  /** The summaries (with each session's status) the API answers with. */
  summaries(records: readonly SessionRecord[]): Promise<SessionSummary[]>
  agent: ReturnType<typeof createScriptedAgent>
  testApi: ReturnType<typeof createTestApi> | null
  publishSession: (sessionId: string) => void
  /** Tells the other nodes of a cluster (a Stop, a socket drop); nothing in one process. */
  bus: DemoBus
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

  async function ownSession(principal: string, id: string): Promise<SessionRecord> {
    const session = await sessions.owned(principal, id)
    if (!session) throw new HttpError(404, 'NO_SESSION', 'No such session.')
    return session
  }

  async function summary(session: SessionRecord): Promise<SessionSummary> {
    const [one] = await deps.summaries([session])
    if (!one) throw new Error('A session has no summary.')
    return one
  }

  return async function api({ req, res, pathname, identity, scheme }: ApiRequest): Promise<void> {
    const principal = principalOf(identity)
    const method = req.method ?? 'GET'
    if (method !== 'GET' && method !== 'HEAD') assertSameOrigin(req, scheme)
    if (pathname === '/api/sessions') {
      if (method === 'GET') {
        const list = await deps.summaries(await sessions.list(principal))
        return sendJson(res, 200, { sessions: list })
      }
      if (method === 'POST') {
        const { title } = await parseBody(req, CreateSessionBody)
        const session = await sessions.create(principal, title)
        return sendJson(res, 201, { sessionId: session.id, session: await summary(session) })
      }
    }
    const match = SESSION_PATH.exec(pathname)
    if (match?.[1]) {
      const session = await ownSession(principal, match[1])
      if (!match[2] && method === 'GET') {
        const events = await deps.transcripts.events(session.id)
        return sendJson(res, 200, { session: await summary(session), events })
      }
      if (match[2] === '/messages' && method === 'POST') {
        const { text } = await parseBody(req, MessageBody)
        await sessions.nameIfUntitled(session.id, text.slice(0, 60))
        agent.send(session.id, text).catch((error: unknown) => {
          console.error('The agent turn failed:', error)
        })
        deps.publishSession(session.id)
        return sendJson(res, 202, { accepted: true })
      }
      if (match[2] === '/stop' && method === 'POST') {
        await parseBody(req, EmptyBody)
        // In a cluster the turn may run on another node: it is told too.
        deps.bus.publish({ kind: 'interrupt', sessionId: session.id, reason: 'stopped' })
        return sendJson(res, 200, { stopped: agent.stop(session.id) })
      }
    }
    if (pathname.startsWith('/api/test/') && testApi) {
      if (pathname === '/api/test/drop-sockets' && method === 'POST') {
        await parseBody(req, EmptyBody)
        // Only the caller's own downlinks: parallel test runs keep theirs. In a
        // cluster the other nodes drop theirs too; `dropped` counts this node's.
        const dropped = deps.host.dropStreams((owner) => owner === principal)
        deps.bus.publish({ kind: 'drop-streams', principal })
        return sendJson(res, 200, { dropped })
      }
      return testApi.handle(req, res, pathname, principal)
    }
    throw new HttpError(404, 'NOT_FOUND', 'No such route.')
  }
}
