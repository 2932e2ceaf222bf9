import type { QuestionClientErrorCode } from '@parley/client'
import type { ComposerEvent, RejectedIssue, TransportFailure } from '@parley/machine'

type Rejection = 'bad-response' | 'not-pending'

function rejectionOf(value: unknown): Rejection | null {
  if (typeof value !== 'object' || value === null || !('reason' in value)) return null
  const { reason } = value
  return reason === 'bad-response' || reason === 'not-pending' ? reason : null
}

/** The host's reasons in a `bad-response` receipt: each issue's message and question, read by shape. */
function issuesOf(value: unknown): RejectedIssue[] {
  const listed = typeof value === 'object' && value !== null ? Reflect.get(value, 'issues') : null
  if (!Array.isArray(listed)) return []
  return listed.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null) return []
    const message: unknown = Reflect.get(issue, 'message')
    const questionId: unknown = Reflect.get(issue, 'questionId')
    if (typeof message !== 'string' || message.length === 0) return []
    return [typeof questionId === 'string' ? { message, questionId } : { message }]
  })
}

/** Why a resolved value refuses (`{ accepted: false, reason }`); `null`: it accepts. */
export function refusalOf(value: unknown): Rejection | null {
  const accepted =
    typeof value !== 'object' ||
    value === null ||
    !('accepted' in value) ||
    value.accepted !== false
  return accepted ? null : rejectionOf(value)
}

/**
 * The event for a settled `onAnswer` / `onCancel` promise. A resolved value
 * shaped like a refused receipt (`{ accepted: false, reason }`) is a rejection;
 * any other resolved value is an accepted receipt.
 */
export function receiptEvent(value: unknown): ComposerEvent {
  const reason = refusalOf(value)
  if (!reason) return { type: 'RECEIPT_ACCEPTED' }
  const issues = reason === 'bad-response' ? issuesOf(value) : []
  return issues.length > 0
    ? { type: 'RECEIPT_REJECTED', reason, issues }
    : { type: 'RECEIPT_REJECTED', reason }
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
