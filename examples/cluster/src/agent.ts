import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NodeQuestionHost } from '@parley/host/node'
import { ParleyError, type UserQuestionService, validateRequest } from '@parley/seam'
import { canAccess, userOf } from './auth.js'
import { refuseForeign } from './fences.js'
import { BodyError, headersOf, readJson, sendJson } from './http.js'

/** What `POST /agent/ask` answers: the human's answer, or why there is none. */
export type AskResult =
  | { answer: unknown }
  | { error: { code: string; message: string; reason?: string } }

function describe(error: unknown): AskResult {
  if (error instanceof ParleyError) {
    const { cause } = error
    return {
      error: {
        code: error.code,
        message: error.message,
        ...(typeof cause === 'string' && { reason: cause }),
      },
    }
  }
  return { error: { code: 'UNKNOWN', message: error instanceof Error ? error.message : '' } }
}

/**
 * A stand-in for your agent loop, so you (and the test) can drive a node:
 *
 * - `POST /agent/ask` with an ask (`{ sessionId, questions, resumeKey?,
 *   timeoutMs? }`) runs `service.ask` and answers once it settles:
 *   `{ answer }` or `{ error: { code, message, reason? } }`. A plain ask is
 *   aborted when the caller hangs up; a durable one (with a `resumeKey`)
 *   stays pending, and asking again with the same key re-attaches to it.
 * - `GET /agent/pending` lists the questions this node's agents await.
 *
 * Both take the same bearer token as the mux, and only the caller's sessions.
 */
export function createAgent(options: {
  service: UserQuestionService
  host: NodeQuestionHost<string>
  secret: string
  /** Host names `/agent/ask` answers to, as the host's. */
  allowedHosts: readonly string[]
}) {
  const { service, host, secret } = options

  async function ask(request: IncomingMessage, response: ServerResponse, user: string) {
    const parsed = validateRequest(await readJson(request))
    if (!parsed.ok) return sendJson(response, 400, { error: 'not an ask', issues: parsed.issues })
    const { sessionId, resumeKey } = parsed.request
    if (sessionId === undefined) return sendJson(response, 400, { error: 'sessionId is required' })
    if (!canAccess(user, sessionId)) return sendJson(response, 403, { error: 'no such session' })

    const hangUp = new AbortController()
    if (resumeKey === undefined)
      response.once('close', () => {
        if (!response.writableFinished) hangUp.abort(new Error('The agent hung up.'))
      })
    // `agent` is for a caller policy: a request body does not get to pick it.
    const asked = { ...parsed.request, agent: undefined, signal: hangUp.signal }
    const result = await service.ask(asked).then((answer): AskResult => ({ answer }), describe)
    sendJson(response, 200, result)
  }

  function pending(response: ServerResponse, user: string) {
    const mine = host.pending().filter((entry) => canAccess(user, entry.sessionId))
    sendJson(response, 200, {
      pending: mine.map(({ rpcId, sessionId }) => ({ rpcId, sessionId })),
    })
  }

  /** Serves `/agent/*`; `false` for any other path. */
  return function handle(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
    if (!url.pathname.startsWith('/agent/')) return false
    const user = userOf(secret, headersOf(request))
    if (!user) sendJson(response, 401, { error: 'not signed in' })
    else if (url.pathname === '/agent/ask' && request.method === 'POST') {
      const refused = refuseForeign(request, options.allowedHosts)
      if (refused) sendJson(response, refused.status, { error: refused.error, code: refused.code })
      else
        ask(request, response, user).catch((error: unknown) => {
          if (error instanceof BodyError) sendJson(response, error.status, { error: error.message })
          else sendJson(response, 500, { error: 'internal error' })
        })
    } else if (url.pathname === '/agent/pending' && request.method === 'GET')
      pending(response, user)
    else sendJson(response, 404, { error: 'not found' })
    return true
  }
}
