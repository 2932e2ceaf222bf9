import { ParleyError } from '@parley/seam'

/**
 * Why a `respond` or `cancel` did not produce a receipt.
 *
 * - `RESPOND_NETWORK`: the request did not reach the host (offline, DNS, CORS).
 * - `RESPOND_HTTP`: the host refused it with a status other than 200 (`status` says which:
 *   401, 403, 413, 415, 400, …).
 * - `RESPOND_BAD_RECEIPT`: the host answered 200 with a body that is not a receipt.
 * - `TRANSPORT_UNAVAILABLE` (to `onError`): no `WebSocket` / `EventSource` in the runtime and
 *   none was given, so the downlink stays `closed` (server rendering).
 */
export type QuestionClientErrorCode =
  | 'RESPOND_NETWORK'
  | 'RESPOND_HTTP'
  | 'RESPOND_BAD_RECEIPT'
  | 'TRANSPORT_UNAVAILABLE'

/** A respond or cancel failed before a receipt arrived (safe to retry), or the downlink cannot start. */
export class QuestionClientError extends ParleyError {
  declare readonly code: QuestionClientErrorCode
  /** The HTTP status, for `RESPOND_HTTP`. */
  readonly status: number | undefined

  constructor(
    message: string,
    code: QuestionClientErrorCode,
    options?: ErrorOptions & { status?: number },
  ) {
    super(message, code, options)
    this.name = 'QuestionClientError'
    this.status = options?.status
  }
}
