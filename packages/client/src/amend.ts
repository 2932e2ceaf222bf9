/**
 * `@parley/client/amend`: changing an answer after it was sent. The client
 * keeps the host's standing answers (`selectAnswers`, from `question/answer`
 * frames); this POSTs the user's change. Its own entry, so a page that never
 * amends does not load it.
 */
import type { AskUserQuestionAnswer } from '@parley/seam'
import { type AmendReceipt, parseAmendReceipt } from '@parley/seam/wire'
import type { QuestionClient } from './client.types.ts'
import { ROUTE_CHECK_ID, routeExists } from './route-check.ts'

/** What {@link amendAnswer} sends: the changed answer, based on the standing answer's revision. */
export interface AmendRequest {
  rpcId: string
  sessionId: string
  /** The `revision` of the standing answer the user changed (the first change based on it wins). */
  revision: number
  /** The whole answer as the user now gives it. */
  answer: AskUserQuestionAnswer
}

/** Options of {@link amendAnswer}. */
export interface AmendOptions {
  /** The host's amend route. @default '/api/amend' */
  amendPath?: string
}

/**
 * POSTs an amendment through `client` (its base URL, credentials and
 * headers) and resolves with the host's receipt: `{ accepted: true,
 * revision }`, `{ accepted: false, reason: 'refused', code, message }`
 * (`AMEND_WINDOW_CLOSED`, `AMEND_MOVED_ON`, `AMEND_SUPERSEDED`,
 * `AMEND_UNKNOWN`) or `bad-response` with the issues. Rejects with
 * `QuestionClientError` (`RESPOND_NETWORK`, `RESPOND_HTTP`,
 * `RESPOND_BAD_RECEIPT`), like `respond`. An accepted change reaches every
 * tab as the host's next `question/answer` frame.
 */
export function amendAnswer(
  client: Pick<QuestionClient, 'post'>,
  request: AmendRequest,
  options: AmendOptions = {},
): Promise<AmendReceipt> {
  const { rpcId, sessionId, revision, answer } = request
  const body = { rpcId, sessionId, revision, answer }
  return client.post(options.amendPath ?? '/api/amend', body, parseAmendReceipt)
}

export type { AmendReceipt, AmendRefusalCode } from '@parley/seam/wire'

/**
 * Whether the host serves the amend route at all: resolves `false` only when
 * it answers 404 (a route never mounted), asked once per client, and says
 * why once in the console. Change hides itself on `false`.
 */
export function amendRouteExists(
  client: Pick<QuestionClient, 'post'>,
  sessionId: string,
  options: AmendOptions = {},
): Promise<boolean> {
  const body = { rpcId: ROUTE_CHECK_ID, sessionId, revision: 0, answer: { answers: [] } }
  return routeExists(client, options.amendPath ?? '/api/amend', body)
}
