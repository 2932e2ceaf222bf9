/**
 * `@parley/client/extend`: more time for a pending question, through the
 * host's extend route (`POST /api/extend`), and `routeExists`, which tells
 * a feature whose route was never mounted to hide itself (More time, Change).
 * Its own entry, so the client every page loads stays small.
 */
import { type DeadlineReason, type ExtendReceipt, parseExtendReceipt } from '@parley/seam/wire'
import type { QuestionClient } from './client.ts'

export { routeExists } from './route-check.ts'
export type { DeadlineReason, ExtendReceipt }

/** Options of {@link extendDeadline}. */
export interface ExtendDeadlineOptions {
  /** The host's extend route. @default '/api/extend' */
  path?: string | undefined
}

/**
 * Asks the host for more time for question `rpcId` (`reason: 'user'`: the
 * person pressed "More time"), or tells it the person is typing or choosing
 * (`'activity'`: the host extends only when its policy says so). Resolves
 * with the receipt: `{ extended: true, deadlineAt }`, or `{ extended: false,
 * reason }` (`not-pending`, `no-deadline`, `at-limit`, `activity-off`,
 * `not-due`). Every tab of the session, this one included, then gets the new
 * deadline from the host's `question/deadline` broadcast. Rejects with
 * `QuestionClientError` (`RESPOND_NETWORK`, `RESPOND_HTTP`, `RESPOND_BAD_RECEIPT`).
 */
export function extendDeadline(
  client: Pick<QuestionClient, 'post'>,
  rpcId: string,
  sessionId: string,
  reason: DeadlineReason,
  options: ExtendDeadlineOptions = {},
): Promise<ExtendReceipt> {
  const body = { rpcId, sessionId, reason }
  return client.post(options.path ?? '/api/extend', body, parseExtendReceipt)
}
