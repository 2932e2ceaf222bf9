import type { QuestionClientErrorCode } from '@parley/client'
import type { ComposerEvent, TransportFailure } from '@parley/machine'

type Rejection = 'bad-response' | 'not-pending'

/** An error that carries a receipt's `reason` (an app's own transport may throw one). */
function rejectionOf(error: unknown): Rejection | null {
  if (typeof error !== 'object' || error === null) return null
  const reason: unknown = Reflect.get(error, 'reason')
  return reason === 'bad-response' || reason === 'not-pending' ? reason : null
}

/** A fetch that never reached the server: Chromium, Firefox and Safari word it so. */
const FETCH_FAILED = /failed to fetch|networkerror|load failed|network request failed/i

const NETWORK: QuestionClientErrorCode = 'RESPOND_NETWORK'
const BAD_RECEIPT: QuestionClientErrorCode = 'RESPOND_BAD_RECEIPT'

function statusOf(error: object): number | null {
  const status = 'status' in error ? error.status : undefined
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status < 600
    ? status
    : null
}

/**
 * What kind of failure `error` is, read by shape: `@parley/client`'s
 * `QuestionClientError` codes (`RESPOND_NETWORK`, `RESPOND_HTTP` with its
 * `status`, `RESPOND_BAD_RECEIPT`), a browser's own failed `fetch` (a
 * `TypeError`), any other error carrying an HTTP `status`; anything else is
 * `unknown`. The UI shows the kind translated, never the raw text.
 */
function failureOf(error: unknown): TransportFailure {
  if (typeof error !== 'object' || error === null) return { kind: 'unknown' }
  const code = 'code' in error ? error.code : undefined
  if (code === NETWORK) return { kind: 'network' }
  if (code === BAD_RECEIPT) return { kind: 'bad-receipt' }
  const status = statusOf(error)
  if (status !== null) return { kind: 'http', status }
  if (error instanceof TypeError && FETCH_FAILED.test(error.message)) return { kind: 'network' }
  return { kind: 'unknown' }
}

/**
 * The event for a rejected `onAnswer` / `onCancel` promise: an error carrying
 * a receipt's `reason` is a rejected receipt; anything else a transport
 * failure, whose kind the status region shows translated. The raw error
 * stays in the state (`feedback.text`) and goes to `console.warn`, for
 * developers.
 */
export function failureEvent(error: unknown): ComposerEvent {
  const reason = rejectionOf(error)
  if (reason) return { type: 'RECEIPT_REJECTED', reason }
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : String(error)
  console.warn('Parley: the answer or cancel could not be sent.', error)
  return {
    type: 'TRANSPORT_FAILED',
    message: message || 'Network error',
    failure: failureOf(error),
  }
}
