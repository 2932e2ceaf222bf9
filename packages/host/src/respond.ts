import { checkAnswerRules, type ValidationIssue } from '@parley/seam'
import { parseRespondBody, type RespondReceipt } from '@parley/seam/wire'
import type { AskRegistry } from './asks.ts'
import { isJsonContentType, mayAccess, originAllowed, principalOf } from './fences.ts'
import type { PendingStore } from './pending-table.ts'
import type { HostRequest } from './types.ts'

/** What the respond route answers: a status and a JSON body. */
export interface Reply {
  status: number
  body: RespondReceipt | { error: string }
}

/** Reads the request body as text; `null` when it exceeds `limit` bytes. */
export type BodyReader = (limit: number) => Promise<string | null>

interface RespondDeps<P> {
  authenticate(request: HostRequest): P | null | Promise<P | null>
  canAccess(principal: P, sessionId: string): boolean
  allowedOrigins?: readonly string[] | undefined
  maxBodyBytes: number
  store: PendingStore
  asks: Pick<AskRegistry, 'settle'>
}

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

function badResponse(issues: ReceiptIssue[]): Reply {
  return { status: 200, body: { accepted: false, reason: 'bad-response', issues } }
}

const refuse = (status: number, error: string): Reply => ({ status, body: { error } })
const NOT_PENDING: Reply = { status: 200, body: { accepted: false, reason: 'not-pending' } }
const ACCEPTED: Reply = { status: 200, body: { accepted: true } }

function sessionMismatch(): ReceiptIssue {
  return {
    rule: 'session-mismatch',
    message: 'The question belongs to another session.',
    path: ['sessionId'],
    code: 'BAD_ANSWER',
  }
}

function claimedSessionOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const sessionId = (data as { sessionId?: unknown }).sessionId
  return typeof sessionId === 'string' ? sessionId : undefined
}

/**
 * `POST /api/respond`: the fences (origin 403, content type 415, 401, size
 * 413, JSON 400, access 403), then the envelope, the pending lookup, the
 * session check and `validateAnswer`'s rules; only a response that passes them all
 * claims the question. Everything from lookup to claim runs in one turn.
 */
export async function handleRespond<P>(
  deps: RespondDeps<P>,
  request: HostRequest,
  readBody: BodyReader,
): Promise<Reply> {
  if (request.method !== 'POST') return refuse(405, 'Use POST.')
  if (!originAllowed(request, deps.allowedOrigins)) return refuse(403, 'Origin not allowed.')
  if (!isJsonContentType(request)) return refuse(415, 'Content-Type must be application/json.')
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > deps.maxBodyBytes) return refuse(413, 'Body too large.')
  const principal = await principalOf(deps, request)
  if (principal === null) return refuse(401, 'Not authenticated.')
  const text = await readBody(deps.maxBodyBytes)
  if (text === null) return refuse(413, 'Body too large.')
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return refuse(400, 'The body is not JSON.')
  }
  const claimed = claimedSessionOf(data)
  if (claimed !== undefined && !mayAccess(deps, principal, claimed))
    return refuse(403, 'Session not accessible.')
  const parsed = parseRespondBody(data)
  if (!parsed.ok) return badResponse(parsed.issues.map(toReceiptIssue))
  const { rpcId, sessionId, result } = parsed.value
  const entry = deps.store.get(rpcId)
  if (!entry) return NOT_PENDING
  if (entry.sessionId !== sessionId) return badResponse([sessionMismatch()])
  if (!result.ok) return deps.asks.settle(rpcId, { outcome: 'cancelled' }) ? ACCEPTED : NOT_PENDING
  // parseRespondBody parsed the answer's shape: only validateAnswer's rules are left.
  const checked = checkAnswerRules(entry.request, result.answer)
  if (!checked.ok) return badResponse(checked.issues.map(toReceiptIssue))
  return deps.asks.settle(rpcId, { outcome: 'answered', answer: checked.answer })
    ? ACCEPTED
    : NOT_PENDING
}
