import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RegisteredInfo } from '@parley/host'
import type {
  AskDeadlineChange,
  AskUserQuestionAmendment,
  AskUserQuestionAnswer,
  AskUserQuestionRequest,
  UserQuestionService,
} from '@parley/seam'
import { EmptyBody, parseBody } from './bodies.ts'
import type { DemoBus } from './cluster/bus.ts'
import { PATIENT_AGENT } from './deadline-policy.ts'
import { HttpError, readJson, sendJson } from './http-util.ts'
import type { SessionStore, TestAskLedger, TestAskView } from './stores/types.ts'
import { elicitThroughParley } from './test-elicit.ts'

interface TestAsk {
  principal: string
  controller: AbortController
  rpcId?: string
  status: 'pending' | 'answered' | 'rejected'
  answer?: AskUserQuestionAnswer
  error?: { name: string; code: string; message: string }
  /** The ledger writes of this ask, one after the other (a late 'pending' must not win). */
  written: Promise<void>
  /** Every deadline change the asking side observed (`onDeadline`). */
  deadlines: AskDeadlineChange[]
  /** With `amendWindowMs`: how long its answer may be changed, and the changes heard. */
  amendWindowMs?: number
  amendments?: AskUserQuestionAmendment[]
}

export interface TestApiDeps {
  service: UserQuestionService
  sessions: SessionStore
  /** How asks stand, for the other nodes of a cluster. */
  ledger: TestAskLedger
  /** Tells the node that holds an ask to abort it. */
  bus: DemoBus
  report(error: unknown, where: string): void
}

const ASK_PATH = /^\/api\/test\/asks\/([A-Za-z0-9-]{1,64})(\/abort)?$/
const MAX_ASKS = 20_000

const viewOf = ({ status, rpcId, answer, error }: TestAsk): TestAskView => ({
  status,
  rpcId,
  answer,
  error,
})

/**
 * The test API (`PARLEY_TEST_API=1` only): lets flows and load tests ask a
 * session's tabs directly and read how the ask settled.
 *
 * In a cluster an ask lives on the node that received `POST /api/test/ask`.
 * That node writes how it stands to the ledger (the database), so `GET
 * /api/test/asks/:id` answers on every node; an abort on another node is
 * told to the holding node over the demo bus.
 */
export function createTestApi(deps: TestApiDeps) {
  const asks = new Map<string, TestAsk>()
  // The host reports the rpcId with the request, whose signal is the ask's own.
  const bySignal = new WeakMap<AbortSignal, { askId: string; ask: TestAsk }>()

  function record(askId: string, ask: TestAsk): void {
    const view = viewOf(ask)
    ask.written = ask.written
      .then(() => deps.ledger.write(askId, ask.principal, view))
      .catch((error: unknown) => deps.report(error, 'test ask ledger'))
  }

  async function start(principal: string, body: Record<string, unknown>): Promise<string> {
    const sessionId = typeof body.sessionId === 'string' ? body.sessionId : ''
    // Someone else's session answers exactly as a missing one does: no existence oracle.
    if (!(await deps.sessions.owned(principal, sessionId)))
      throw new HttpError(404, 'NO_SESSION', 'No such session.')
    if (asks.size >= MAX_ASKS) {
      for (const [id, ask] of asks) if (ask.status !== 'pending') asks.delete(id)
    }
    const askId = randomUUID()
    const ask: TestAsk = {
      principal,
      controller: new AbortController(),
      status: 'pending',
      written: Promise.resolve(),
      deadlines: [],
    }
    // Written before the reply, so every node knows the ask as soon as its caller does.
    await deps.ledger.write(askId, principal, viewOf(ask))
    asks.set(askId, ask)
    bySignal.set(ask.controller.signal, { askId, ask })
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
      // The demo host extends on activity only for asks whose agent says so.
      ...(body.autoExtend === true ? { agent: PATIENT_AGENT } : {}),
      onDeadline: (change: AskDeadlineChange) => ask.deadlines.push(change),
      ...(ask.amendments && {
        onAmend: (amendment: AskUserQuestionAmendment) => amendments.push(amendment),
      }),
    }
    deps.service.ask(request).then(
      (answer) => {
        Object.assign(ask, { status: 'answered', answer })
        record(askId, ask)
      },
      (error: unknown) => {
        const { name, code, message } = (error ?? {}) as Record<string, unknown>
        ask.status = 'rejected'
        ask.error = {
          name: String(name ?? 'Error'),
          code: String(code ?? 'UNKNOWN'),
          message: String(message ?? error),
        }
        record(askId, ask)
      },
    )
    return askId
  }

  function local(principal: string, askId: string): TestAsk | undefined {
    const ask = asks.get(askId)
    return ask?.principal === principal ? ask : undefined
  }

  /** The ask as this node holds it, or as the node that holds it wrote it down. */
  async function find(principal: string, askId: string): Promise<TestAskView> {
    const ask = local(principal, askId)
    const view = ask ? viewOf(ask) : await deps.ledger.read(principal, askId)
    if (!view) throw new HttpError(404, 'NO_ASK', 'No such ask.')
    return view
  }

  const abortReason = () => new Error('Aborted through the test API.')

  return {
    onRegistered(info: RegisteredInfo) {
      const signal = info.request.signal
      const found = signal && bySignal.get(signal)
      if (!found) return
      found.ask.rpcId = info.rpcId
      record(found.askId, found.ask)
    },
    /** Another node was asked to abort an ask; it is aborted if it lives here. */
    abortHere(askId: string) {
      asks.get(askId)?.controller.abort(abortReason())
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
        const askId = await start(principal, body as Record<string, unknown>)
        return sendJson(res, 202, { askId })
      }
      if (pathname === '/api/test/elicit' && req.method === 'POST') {
        const body = await readJson(req, 256 * 1024)
        const input = (typeof body === 'object' && body !== null ? body : {}) as Record<
          string,
          unknown
        >
        const sessionId = typeof input.sessionId === 'string' ? input.sessionId : ''
        if (!(await deps.sessions.owned(principal, sessionId)))
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
        const askId = match[1]
        const view = await find(principal, askId)
        if (match[2] === '/abort' && req.method === 'POST') {
          await parseBody(req, EmptyBody)
          const ask = local(principal, askId)
          if (ask) ask.controller.abort(abortReason())
          else deps.bus.publish({ kind: 'abort-ask', askId })
          return sendJson(res, 200, { aborted: true })
        }
        if (!match[2] && req.method === 'GET') {
          const { status, rpcId, answer, error } = view
          // What the asking side observed, on the node that holds the ask.
          const held = local(principal, askId)
          const deadlines = held?.deadlines ?? []
          const amendments = held?.amendments
          return sendJson(res, 200, { status, rpcId, answer, error, deadlines, amendments })
        }
      }
      throw new HttpError(404, 'NOT_FOUND', 'No such test route.')
    },
  }
}
