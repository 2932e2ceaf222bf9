import { changedAnswers, checkAnswerRules, type ValidationIssue } from '@parley/seam'
import { type AmendReceipt, parseAmendBody } from '@parley/seam/wire'
import { AMEND_REFUSALS, type Amendments, CLOSING_CODES } from './amend.ts'
import { isJsonContentType, mayAccess, originAllowed, principalOf } from './fences.ts'
import type { RefusalCode } from './refusals.ts'
import {
  BODY_FAILURES,
  type BodyReader,
  badResponse,
  claimedSessionOf,
  type Reply,
  type RespondDeps,
  refuse,
  sessionMismatch,
} from './respond.ts'
import type { HostRequest } from './types.ts'

/** What the amend route needs: the respond route's fences and limits, and the window. */
type AmendRouteDeps<P> = Omit<RespondDeps<P>, 'store' | 'asks'> & {
  amends: Pick<Amendments, 'get' | 'amend'>
}

const noChange = (): ValidationIssue => ({
  rule: 'no-change',
  message: 'The amendment changes no answer.',
  path: ['answer'],
  code: 'BAD_ANSWER',
})

function refused(code: keyof typeof AMEND_REFUSALS): Reply<AmendReceipt> {
  return {
    status: 200,
    body: { accepted: false, reason: 'refused', code, message: AMEND_REFUSALS[code] },
  }
}

/**
 * The fences of a JSON POST, as the respond route has them: method 405,
 * origin 403, content type 415, declared size 413, 401, body 413/408/400,
 * JSON 400, access to the body's `sessionId` 403. Gives the principal and
 * the parsed body, or the refusal.
 */
async function admitJsonPost<P>(
  deps: AmendRouteDeps<P>,
  request: HostRequest,
  readBody: BodyReader,
): Promise<{ principal: P; data: unknown } | { refusal: RefusalCode }> {
  if (request.method !== 'POST') return { refusal: 'METHOD_NOT_ALLOWED' }
  if (!originAllowed(request, deps.allowedOrigins)) return { refusal: 'ORIGIN_NOT_ALLOWED' }
  if (!isJsonContentType(request)) return { refusal: 'UNSUPPORTED_MEDIA_TYPE' }
  if (Number(request.headers.get('content-length') ?? '0') > deps.maxBodyBytes)
    return { refusal: 'BODY_TOO_LARGE' }
  const principal = await principalOf(deps, request)
  if (principal === null) return { refusal: 'NOT_AUTHENTICATED' }
  const text = await readBody(deps.maxBodyBytes, deps.bodyTimeoutMs)
  if (typeof text !== 'string') return { refusal: BODY_FAILURES[text.failed].body.code }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { refusal: 'BODY_NOT_JSON' }
  }
  const claimed = claimedSessionOf(data)
  if (claimed !== undefined && !mayAccess(deps, principal, claimed))
    return { refusal: 'SESSION_NOT_ACCESSIBLE' }
  return { principal, data }
}

/**
 * `POST amendPath`: the respond route's fences, then the body, the record
 * (unknown, or another principal's: `AMEND_UNKNOWN`), the session, the
 * questions' rules (`bad-response`), a real change (`no-change`), and the
 * window's verdict (closed, moved on, superseded, or accepted as the next
 * revision). Everything from lookup to decision runs in one turn.
 */
export async function handleAmend<P>(
  deps: AmendRouteDeps<P>,
  request: HostRequest,
  readBody: BodyReader,
): Promise<Reply<AmendReceipt>> {
  const admitted = await admitJsonPost(deps, request, readBody)
  if ('refusal' in admitted) return refuse(admitted.refusal)
  const parsed = parseAmendBody(admitted.data)
  if (!parsed.ok) return badResponse(parsed.issues)
  const { rpcId, sessionId, revision, answer } = parsed.value
  const record = deps.amends.get(rpcId)
  if (!record) return refused('AMEND_UNKNOWN')
  // Someone else's answer looks exactly like no answer: no existence oracle.
  if (record.sessionId !== sessionId)
    return mayAccess(deps, admitted.principal, record.sessionId)
      ? badResponse([sessionMismatch()])
      : refused('AMEND_UNKNOWN')
  if (record.closed) return refused(CLOSING_CODES[record.closed])
  const checked = checkAnswerRules({ questions: record.questions }, answer)
  if (!checked.ok) return badResponse(checked.issues)
  if (revision === record.revision && changedAnswers(record.answer, checked.answer).length === 0)
    return badResponse([noChange()])
  const verdict = deps.amends.amend(rpcId, revision, checked.answer)
  if (!verdict.accepted) return refused(verdict.code)
  return { status: 200, body: { accepted: true, revision: verdict.record.revision } }
}
