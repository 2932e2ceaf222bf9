import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type AskUserQuestionAnswer, ParleyError } from '@parley/seam'
import {
  type AskUserQuestionTool,
  formatToolResult,
  parseToolInput,
  type QuestionLabel,
} from '@parley/tool'
import { type Authenticator, canAccess } from './auth.js'
import { refuseForeign } from './fences.js'
import { BodyError, headersOf, readJson, sendJson } from './http.js'

/** What the agent learnt from one tool call. `text` is what a model would read. */
export type CallResult =
  | { status: 'pending' }
  | { status: 'answered'; answer: AskUserQuestionAnswer; text: string }
  | { status: 'failed'; error: { name: string; code: string; message: string }; text: string }

/** Results are kept for the last calls only. */
const KEPT_RESULTS = 100

function labelsOf(input: unknown): QuestionLabel[] {
  try {
    return parseToolInput(input).questions
  } catch {
    return []
  }
}

function describeError(error: unknown): { name: string; code: string; message: string } {
  if (error instanceof ParleyError)
    return { name: error.name, code: error.code, message: error.message }
  if (error instanceof Error) return { name: error.name, code: 'UNKNOWN', message: error.message }
  return { name: 'Error', code: 'UNKNOWN', message: String(error) }
}

/**
 * A stand-in for your agent loop. `POST /agent/ask` with
 * `{ sessionId, input }` runs the `ask_user_question` tool with the model's
 * `input` and answers 202 `{ callId }` at once; `GET /agent/result?callId=…`
 * reads the call's result. Both need the same authentication as the mux.
 */
export function createAgent(
  tool: AskUserQuestionTool,
  auth: Authenticator,
  allowedHosts: readonly string[],
) {
  const results = new Map<string, { owner: string; result: CallResult }>()

  function keep(callId: string, owner: string, result: CallResult) {
    results.set(callId, { owner, result })
    for (const oldest of results.keys()) {
      if (results.size <= KEPT_RESULTS) break
      results.delete(oldest)
    }
  }

  async function ask(request: IncomingMessage, response: ServerResponse) {
    const user = auth.authenticate(headersOf(request))
    if (!user) return sendJson(response, 401, { error: 'not signed in' })
    const body = await readJson(request)
    if (typeof body !== 'object' || body === null || !('sessionId' in body) || !('input' in body))
      return sendJson(response, 400, { error: 'expected { sessionId, input }' })
    const { sessionId, input } = body
    if (typeof sessionId !== 'string' || !canAccess(user, sessionId))
      return sendJson(response, 403, { error: 'no such session' })

    const callId = randomUUID()
    keep(callId, user.name, { status: 'pending' })
    tool.execute(input, { sessionId, callId }).then(
      (answer) =>
        keep(callId, user.name, {
          status: 'answered',
          answer,
          text: formatToolResult(answer, labelsOf(input)),
        }),
      (error: unknown) =>
        keep(callId, user.name, {
          status: 'failed',
          error: describeError(error),
          text: formatToolResult(error),
        }),
    )
    sendJson(response, 202, { callId })
  }

  function result(request: IncomingMessage, response: ServerResponse, url: URL) {
    const user = auth.authenticate(headersOf(request))
    if (!user) return sendJson(response, 401, { error: 'not signed in' })
    const kept = results.get(url.searchParams.get('callId') ?? '')
    if (!kept || kept.owner !== user.name) return sendJson(response, 404, { error: 'no such call' })
    sendJson(response, 200, kept.result)
  }

  /** Serves `/agent/*`; `false` for any other path. */
  return function handle(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
    if (url.pathname === '/agent/ask' && request.method === 'POST') {
      const refused = refuseForeign(request, allowedHosts)
      if (refused) {
        sendJson(response, refused.status, { error: refused.error, code: refused.code })
        return true
      }
      ask(request, response).catch((error: unknown) => {
        if (error instanceof BodyError) sendJson(response, error.status, { error: error.message })
        else sendJson(response, 500, { error: 'internal error' })
      })
      return true
    }
    if (url.pathname === '/agent/result' && request.method === 'GET') {
      result(request, response, url)
      return true
    }
    return false
  }
}
