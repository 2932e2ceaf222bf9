import type { ComposerEvent } from '@parley/machine'

type Rejection = 'bad-response' | 'not-pending'

function rejectionOf(value: unknown): Rejection | null {
  if (typeof value !== 'object' || value === null || !('reason' in value)) return null
  const { reason } = value
  return reason === 'bad-response' || reason === 'not-pending' ? reason : null
}

/**
 * The event for a settled `onAnswer` / `onCancel` promise. A resolved value
 * shaped like a refused receipt (`{ accepted: false, reason }`) is a rejection;
 * any other resolved value is an accepted receipt.
 */
export function receiptEvent(value: unknown): ComposerEvent {
  const accepted =
    typeof value !== 'object' ||
    value === null ||
    !('accepted' in value) ||
    value.accepted !== false
  const reason = accepted ? null : rejectionOf(value)
  return reason ? { type: 'RECEIPT_REJECTED', reason } : { type: 'RECEIPT_ACCEPTED' }
}

/**
 * The event for a rejected `onAnswer` / `onCancel` promise: an error carrying
 * a receipt's `reason` is a rejected receipt; anything else a transport failure.
 */
export function failureEvent(error: unknown): ComposerEvent {
  const reason = rejectionOf(error)
  if (reason) return { type: 'RECEIPT_REJECTED', reason }
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : String(error)
  return { type: 'TRANSPORT_FAILED', message: message || 'Network error' }
}
