import fc from 'fast-check'
import {
  type AskUserQuestionAnswer,
  changedAnswers,
  validateAnswer,
} from '../packages/seam/src/index.ts'
import { parseAmendBody } from '../packages/seam/src/wire.ts'
import { QUESTIONS } from './demo.ts'
import {
  encodeCase,
  fenceVerdict,
  mutation,
  type RespondCase,
  respondCase,
  type Target,
} from './respond-cases.ts'

/** A changed answer to the suite's questions (the red one, where the asks are answered blue). */
export const CHANGED_ANSWER: AskUserQuestionAnswer = {
  answers: [
    { id: 'color', selected: ['Red'] },
    { id: 'extras', selected: ['Olives'] },
    { id: 'note', selected: [], custom: 'Changed' },
  ],
}

/** One generated amend request: mutations of a valid amendment, its framing and content type. */
export type AmendCase = Omit<RespondCase, 'base'>

/** The generator of amend requests: the respond fuzzer's mutations, framings and content types. */
export const amendCase: fc.Arbitrary<AmendCase> = respondCase.chain((base) =>
  fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => ({
    mutations,
    framing: base.framing,
    topLevel: base.topLevel,
    contentType: base.contentType,
  })),
)

/** An answered question whose answer may change: its revision and the answer that stands. */
export interface AmendTarget extends Target {
  askId: string
  revision: number
  answer: AskUserQuestionAnswer
}

/** The bytes and headers of a case aimed at `target` (a valid change based on its revision). */
export function buildAmendRequest(testCase: AmendCase, target: AmendTarget) {
  return encodeCase(testCase, {
    rpcId: target.rpcId,
    sessionId: target.sessionId,
    revision: target.revision,
    answer: CHANGED_ANSWER,
  })
}

/** What the amend route must answer: a status, or the receipt's verdict (a refusal with its code). */
export type AmendVerdict = 'accepted' | 'bad-response' | `refused ${string}` | 400 | 403 | 413 | 415

/**
 * The oracle (docs/protocol.md, "Amend"): the verdict for these bytes with
 * `target` open, and `own` the principal's sessions.
 */
export function expectedAmendVerdict(
  request: { body: Uint8Array; contentType: string | null },
  target: AmendTarget,
  own: readonly string[],
): AmendVerdict {
  const fenced = fenceVerdict(request, own)
  if (typeof fenced === 'number') return fenced
  const parsed = parseAmendBody(fenced.data)
  if (!parsed.ok) return 'bad-response'
  const { rpcId, sessionId, revision, answer } = parsed.value
  if (rpcId !== target.rpcId) return 'refused AMEND_UNKNOWN'
  if (sessionId !== target.sessionId) return 'bad-response'
  const checked = validateAnswer({ questions: QUESTIONS }, answer)
  if (!checked.ok) return 'bad-response'
  if (revision === target.revision && changedAnswers(target.answer, checked.answer).length === 0)
    return 'bad-response'
  return revision === target.revision ? 'accepted' : 'refused AMEND_SUPERSEDED'
}

/** The verdict the host gave. */
export function amendVerdictOf(status: number, body: unknown): AmendVerdict | `status ${number}` {
  if (status === 200) {
    const receipt = body as { accepted?: unknown; reason?: unknown; code?: unknown }
    if (receipt.accepted === true) return 'accepted'
    if (receipt.reason === 'bad-response') return 'bad-response'
    if (receipt.reason === 'refused') return `refused ${String(receipt.code)}`
    return 'status 200'
  }
  if (status === 400 || status === 403 || status === 413 || status === 415) return status
  return `status ${status}`
}
