import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RegisteredInfo } from '@parley/host'
import type {
  AskUserQuestionAmendment,
  AskUserQuestionAnswer,
  AskUserQuestionRequest,
  UserQuestionService,
} from '@parley/seam'
import { EmptyBody, parseBody } from './bodies.ts'
import { HttpError, readJson, sendJson } from './http-util.ts'
import type { SessionRegistry } from './sessions.ts'
import { elicitThroughParley } from './test-elicit.ts'

interface TestAsk {
  principal: string
  controller: AbortController
  rpcId?: string
  status: 'pending' | 'answered' | 'rejected'
  answer?: AskUserQuestionAnswer
  error?: { name: string; code: string; message: string }
  /** With `amendWindowMs`: how long its answer may be changed, and the changes heard. */
  amendWindowMs?: number
  amendments?: AskUserQuestionAmendment[]
}

const ASK_PATH = /^\/api\/test\/asks\/([A-Za-z0-9-]{1,64})(\/abort)?$/
const MAX_ASKS = 20_000

/**
 * The test API (`PARLEY_TEST_API=1` only): lets flows and load tests ask a
 * session's tabs directly and read how the ask settled.
 */
export function createTestApi(deps: { service: UserQuestionService; sessions: SessionRegistry }) {
  const asks = new Map<string, TestAsk>()
  let registering: TestAsk | null = null

  function start(principal: string, body: Record<string, unknown>): string {
    const sessionId = typeof body.sessionId === 'string' ? body.sessionId : ''
    // Someone else's session answers exactly as a missing one does: no existence oracle.
    if (!deps.sessions.canAccess(principal, sessionId))
      throw new HttpError(404, 'NO_SESSION', 'No such session.')
    if (asks.size >= MAX_ASKS) {
      for (const [id, ask] of asks) if (ask.status !== 'pending') asks.delete(id)
    }
    const askId = randomUUID()
    const ask: TestAsk = { principal, controller: new AbortController(), status: 'pending' }
    asks.set(askId, ask)
    const amendments: AskUserQuestionAmendment[] = []
    if (typeof body.amendWindowMs === 'number') {
      ask.amendWindowMs = body.amendWindowMs
      ask.amendments = amendments
    }
    const request = {
      // Deliberately unchecked here: the seam's own checks are what a test asks about.
      questions: body.questions as AskUserQuestionRequest['questions'],
      sessionId,
      signal: ask.controller.signal,
      ...(typeof body.callId === 'string' ? { callId: body.callId } : {}),
      ...(typeof body.timeoutMs === 'number' ? { timeoutMs: body.timeoutMs } : {}),
      ...(ask.amendments && {
        onAmend: (amendment: AskUserQuestionAmendment) => amendments.push(amendment),
      }),
    }
    // The seam calls the provider in the same tick, so the host registers
    // (and reports the rpcId through onRegistered) inside this call.
    registering = ask
    let pending: Promise<AskUserQuestionAnswer>
    try {
      pending = deps.service.ask(request)
    } finally {
      registering = null
    }
    pending.then(
      (answer) => Object.assign(ask, { status: 'answered', answer }),
      (error: unknown) => {
        const { name, code, message } = (error ?? {}) as Record<string, unknown>
        ask.status = 'rejected'
        ask.error = {
          name: String(name ?? 'Error'),
          code: String(code ?? 'UNKNOWN'),
          message: String(message ?? error),
        }
      },
    )
    return askId
  }

  function owned(principal: string, askId: string): TestAsk {
    const ask = asks.get(askId)
    if (ask?.principal !== principal) throw new HttpError(404, 'NO_ASK', 'No such ask.')
    return ask
  }

  return {
    onRegistered(info: RegisteredInfo) {
      if (registering) registering.rpcId = info.rpcId
    },
    /** The amendment window a test ask asked for (`amendWindowMs` in its body), by rpcId. */
    amendWindowOf(rpcId: string): number | undefined {
      for (const ask of asks.values()) if (ask.rpcId === rpcId) return ask.amendWindowMs
      return undefined
    },
    async handle(req: IncomingMessage, res: ServerResponse, pathname: string, principal: string) {
      if (pathname === '/api/test/ask' && req.method === 'POST') {
        const body = await readJson(req, 256 * 1024)
        if (typeof body !== 'object' || body === null || Array.isArray(body))
          throw new HttpError(400, 'BAD_BODY', 'Send a JSON object.')
        return sendJson(res, 202, { askId: start(principal, body as Record<string, unknown>) })
      }
      if (pathname === '/api/test/elicit' && req.method === 'POST') {
        const body = await readJson(req, 256 * 1024)
        const input = (typeof body === 'object' && body !== null ? body : {}) as Record<
          string,
          unknown
        >
        const sessionId = typeof input.sessionId === 'string' ? input.sessionId : ''
        if (!deps.sessions.canAccess(principal, sessionId))
          throw new HttpError(404, 'NO_SESSION', 'No such session.')
        if (typeof input.message !== 'string' || typeof input.requestedSchema !== 'object')
          throw new HttpError(400, 'BAD_BODY', 'Send { sessionId, message, requestedSchema }.')
        const result = await elicitThroughParley(deps.service, {
          sessionId,
          message: input.message,
          requestedSchema: input.requestedSchema as Record<string, unknown>,
          ...(input.decline === false && { decline: false }),
        })
        return sendJson(res, 200, result)
      }
      const match = ASK_PATH.exec(pathname)
      if (match?.[1]) {
        const ask = owned(principal, match[1])
        if (match[2] === '/abort' && req.method === 'POST') {
          await parseBody(req, EmptyBody)
          ask.controller.abort(new Error('Aborted through the test API.'))
          return sendJson(res, 200, { aborted: true })
        }
        if (!match[2] && req.method === 'GET') {
          const { status, rpcId, answer, error, amendments } = ask
          return sendJson(res, 200, { status, rpcId, answer, error, amendments })
        }
      }
      throw new HttpError(404, 'NOT_FOUND', 'No such test route.')
    },
  }
}
