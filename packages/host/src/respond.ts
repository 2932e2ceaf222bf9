import { checkAnswerRules, type ValidationIssue } from '@parley/seam'
import { parseRespondBody, type RespondReceipt } from '@parley/seam/wire'
import type { EndContext } from './ask-watch.ts'
import type { Settlement } from './asks.ts'
import { clientLabel } from './client-label.ts'
import { admitJsonPost, mayAccess } from './fences.ts'
import type { PendingEntry } from './pending-table.ts'
import { REFUSALS, type RefusalCode } from './refusals.ts'
import type { BodyReader, HostRequest } from './types.ts'

/** What the respond route answers: a status and a JSON body. */
export interface Reply<T = RespondReceipt> {
  status: number
  body: T | { error: string; code: RefusalCode }
}

export type { BodyRead, BodyReader } from './types.ts'

/**
 * A `bad-response` receipt lists at most this many issues. The host stops
 * looking at the next one, so `omittedIssues` (1) says only that there are more.
 */
export const MAX_RECEIPT_ISSUES = 20

/** What the routes validate with: one issue past what a receipt lists, then no more work. */
export const RECEIPT_LIMIT = { maxIssues: MAX_RECEIPT_ISSUES + 1 } as const

export interface RespondDeps<P> {
  authenticate(request: HostRequest): P | null | Promise<P | null>
  canAccess(principal: P, sessionId: string): boolean
  allowedOrigins?: readonly string[] | undefined
  maxBodyBytes: number
  bodyTimeoutMs: number
  /** The pending question `rpcId`, if there is one (a cluster reads its coordinator). */
  lookup(rpcId: string): PendingEntry | undefined | Promise<PendingEntry | undefined>
  /** Claims and settles; true when this response won (or had already won, by `responseId`). */
  settle(
    rpcId: string,
    settlement: Settlement,
    responseId?: string,
    context?: EndContext,
  ): boolean | Promise<boolean>
  /** Did the response `responseId` already win `rpcId` of `sessionId`? (a retried POST) */
  repeated?:
    | ((rpcId: string, sessionId: string, responseId: string) => Promise<boolean>)
    | undefined
  now(): number
}

const settled = async (won: boolean | Promise<boolean>): Promise<Reply> =>
  (await won) ? ACCEPTED : NOT_PENDING

type ReceiptIssue = Extract<RespondReceipt, { reason: 'bad-response' }>['issues'][number]

function toReceiptIssue(issue: ValidationIssue): ReceiptIssue {
  const shaped: ReceiptIssue = {
    rule: issue.rule,
    message: issue.message,
    path: issue.path,
    code: issue.code,
  }
  if (issue.questionId !== undefined) shaped.questionId = issue.questionId
  return shaped
}

/** A `bad-response` receipt (also one of the amend route's). */
export function badResponse(
  issues: readonly ValidationIssue[],
): Reply<Extract<RespondReceipt, { reason: 'bad-response' }>> {
  const listed = issues.slice(0, MAX_RECEIPT_ISSUES).map(toReceiptIssue)
  const omitted = issues.length - listed.length
  return {
    status: 200,
    body: {
      accepted: false,
      reason: 'bad-response',
      issues: listed,
      ...(omitted > 0 && { omittedIssues: omitted }),
    },
  }
}

export const refuse = (code: RefusalCode): Reply<never> => ({
  status: REFUSALS[code].status,
  body: { error: REFUSALS[code].error, code },
})
const NOT_PENDING: Reply = { status: 200, body: { accepted: false, reason: 'not-pending' } }
const ACCEPTED: Reply = { status: 200, body: { accepted: true } }

export function sessionMismatch(): ValidationIssue {
  return {
    rule: 'session-mismatch',
    message: 'The question belongs to another session.',
    path: ['sessionId'],
    code: 'BAD_ANSWER',
  }
}

/**
 * `POST /api/respond`: the fences (origin 403, content type 415, 401, size
 * 413, slow body 408, JSON 400, access 403), then the envelope, the pending lookup, the
 * session check and `validateAnswer`'s rules; only a response that passes them all
 * claims the question. Everything from lookup to claim runs in one turn.
 */
export async function handleRespond<P>(
  deps: RespondDeps<P>,
  request: HostRequest,
  readBody: BodyReader,
): Promise<Reply> {
  const admitted = await admitJsonPost(deps, request, readBody)
  if ('refusal' in admitted) return refuse(admitted.refusal)
  const { principal } = admitted
  const parsed = parseRespondBody(admitted.data, RECEIPT_LIMIT)
  if (!parsed.ok) return badResponse(parsed.issues)
  const { rpcId, sessionId, result, responseId } = parsed.value
  const found = deps.lookup(rpcId)
  const entry = found instanceof Promise ? await found : found
  if (!entry) {
    if (responseId === undefined || !deps.repeated) return NOT_PENDING
    return (await deps.repeated(rpcId, sessionId, responseId)) ? ACCEPTED : NOT_PENDING
  }
  // Someone else's question looks exactly like no question: no existence oracle.
  if (entry.sessionId !== sessionId)
    return mayAccess(deps, principal, entry.sessionId)
      ? badResponse([sessionMismatch()])
      : NOT_PENDING
  // Who ended it, in words the other tabs show ("Chrome on macOS" at a time), never an id.
  const by = { label: clientLabel(request.headers.get('user-agent')), at: deps.now() }
  const context = { actor: { principal }, entry }
  if (!result.ok)
    return settled(deps.settle(rpcId, { outcome: 'cancelled', by }, responseId, context))
  // parseRespondBody parsed the answer's shape: only validateAnswer's rules are left.
  const checked = checkAnswerRules(entry.request, result.answer, RECEIPT_LIMIT)
  if (!checked.ok) return badResponse(checked.issues)
  return settled(
    deps.settle(rpcId, { outcome: 'answered', answer: checked.answer, by }, responseId, context),
  )
}
