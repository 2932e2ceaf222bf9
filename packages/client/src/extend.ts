/**
 * `@parley/client/extend`: more time for a pending question, through the
 * host's extend route (`POST /api/extend`), and whether that route is there.
 * Its own entry, so the client every page loads stays small.
 */
import { type DeadlineReason, type ExtendReceipt, parseExtendReceipt } from '@parley/seam/wire'
import type { QuestionClient } from './client.types.ts'

import { ROUTE_CHECK_ID, routeExists } from './route-check.ts'

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

/**
 * Whether the host serves the extend route at all (a page whose catch-all
 * route was never mounted answers 404): resolves `false` only then, asked
 * once per client, and says why once in the console. More time hides
 * itself on `false` instead of failing on click.
 */
export function extendRouteExists(
  client: Pick<QuestionClient, 'post'>,
  sessionId: string,
  options: ExtendDeadlineOptions = {},
): Promise<boolean> {
  const body = { rpcId: ROUTE_CHECK_ID, sessionId, reason: 'user' }
  return routeExists(client, options.path ?? '/api/extend', body)
}
