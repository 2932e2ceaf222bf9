import { ParleyError } from '@parley/seam'

/**
 * Why the downlink cannot open:
 * - `unauthorized`: the host does not know who this is (401; sign in again).
 * - `forbidden-origin`: the host refused this page's origin (403 `ORIGIN_NOT_ALLOWED`;
 *   usually a proxy that rewrites `Host`, or a missing `allowedOrigins` entry).
 * - `forbidden`: this user may not see a session the client asked for (403).
 * - `not-found`: nothing answers the mux path (404, 405): a wrong `muxPath` or base URL.
 * - `busy`: too many open tabs for this user (429) or for the host (503).
 * - `unreachable`: the host did not answer, or a gateway failed (network error, 5xx).
 * - `protocol`: something answered, but not as a Parley host (an HTML page, a 400, a
 *   WebSocket upgrade that fails while the host admits the page).
 * - `no-transport`: this runtime has no `WebSocket` / `EventSource` (server rendering).
 */
export type ConnectionReason =
  | 'unauthorized'
  | 'forbidden-origin'
  | 'forbidden'
  | 'not-found'
  | 'busy'
  | 'unreachable'
  | 'protocol'
  | 'no-transport'

/**
 * Why a `respond` or `cancel` did not produce a receipt.
 *
 * - `RESPOND_NETWORK`: the request did not reach the host (offline, DNS, CORS).
 * - `RESPOND_HTTP`: the host refused it with a status other than 200 (`status` says which:
 *   401, 403, 413, 415, 400, …).
 * - `RESPOND_BAD_RECEIPT`: the host answered 200 with a body that is not a receipt.
 * - `CONNECTION_FAILED` (to `onError`): the downlink cannot open; `reason` says why
 *   (`unauthorized`, `forbidden-origin`, `forbidden`, `not-found`, `busy`, `unreachable`,
 *   `protocol`) and `status` is the probe's HTTP status, when there was one.
 * - `TRANSPORT_UNAVAILABLE` (to `onError`): `start()` found no `WebSocket` / `EventSource` in the
 *   runtime and none was given, so the downlink stays `closed` (`reason`: `no-transport`).
 */
export type QuestionClientErrorCode =
  | 'RESPOND_NETWORK'
  | 'RESPOND_HTTP'
  | 'RESPOND_BAD_RECEIPT'
  | 'CONNECTION_FAILED'
  | 'TRANSPORT_UNAVAILABLE'

/** A respond or cancel failed before a receipt arrived (safe to retry), or the downlink cannot open. */
export class QuestionClientError extends ParleyError {
  declare readonly code: QuestionClientErrorCode
  /** The HTTP status, for `RESPOND_HTTP` (and `CONNECTION_FAILED` when the probe got one). */
  readonly status: number | undefined
  /** Why the downlink cannot open, for `CONNECTION_FAILED` and `TRANSPORT_UNAVAILABLE`. */
  readonly reason: ConnectionReason | undefined

  constructor(
    message: string,
    code: QuestionClientErrorCode,
    options?: ErrorOptions & { status?: number; reason?: ConnectionReason },
  ) {
    super(message, code, options)
    this.name = 'QuestionClientError'
    this.status = options?.status
    this.reason = options?.reason
  }
}
