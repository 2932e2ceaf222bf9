import { changedAnswers, checkAnswerRules, type ValidationIssue } from '@parley/seam'
import { type AmendReceipt, parseAmendBody } from '@parley/seam/wire'
import { AMEND_REFUSALS, type Amendments, CLOSING_CODES } from './amend.ts'
import type { AskWatch } from './ask-watch.ts'
import { clientLabel } from './client-label.ts'
import { admitJsonPost, mayAccess } from './fences.ts'
import {
  type BodyReader,
  badResponse,
  RECEIPT_LIMIT,
  type Reply,
  type RespondDeps,
  refuse,
  sessionMismatch,
} from './respond.ts'
import type { HostRequest } from './types.ts'

/** What the amend route needs: the respond route's fences and limits, and the window. */
type AmendRouteDeps<P> = Omit<RespondDeps<P>, 'store' | 'asks'> & {
  amends: Pick<Amendments, 'get' | 'amend'>
  /** Hears each accepted amendment (the audit trail). */
  watch?: AskWatch | undefined
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
  const parsed = parseAmendBody(admitted.data, RECEIPT_LIMIT)
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
  const checked = checkAnswerRules({ questions: record.questions }, answer, RECEIPT_LIMIT)
  if (!checked.ok) return badResponse(checked.issues)
  if (revision === record.revision && changedAnswers(record.answer, checked.answer).length === 0)
    return badResponse([noChange()])
  const verdict = deps.amends.amend(rpcId, revision, checked.answer)
  if (!verdict.accepted) return refused(verdict.code)
  deps.watch?.amended({
    rpcId,
    sessionId,
    revision: verdict.record.revision,
    changed: changedAnswers(record.answer, checked.answer),
    questions: record.questions,
    answer: checked.answer,
    actor: { principal: admitted.principal },
    client: clientLabel(request.headers.get('user-agent')),
    at: deps.now(),
  })
  return { status: 200, body: { accepted: true, revision: verdict.record.revision } }
}
