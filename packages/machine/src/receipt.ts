/**
 * What a send's settled value says: `onAnswer` / `onCancel` return a promise
 * (or any thenable) whose value is read with the respond receipt's schema.
 */
import { respondReceiptOf } from '@parley/seam/wire'
import type { ComposerEvent, RejectedIssue } from './composer.types.ts'
import type { SendAttempt } from './endings.ts'

/** What a send's resolved value says. Plain data. */
type ReceiptReading =
  | { type: 'accepted' }
  | { type: 'refused'; reason: 'not-pending' }
  | { type: 'refused'; reason: 'bad-response'; issues: readonly RejectedIssue[] }
  /** It says `accepted: false` but is not a receipt: never an accept. */
  | { type: 'bad-receipt' }

function claimsRefusal(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Reflect.get(value, 'accepted') === false
}

/**
 * A value that parses as a refused `RespondReceipt` is a refusal; anything
 * else (an accepted receipt, `undefined`, AI SDK's `addToolOutput` result)
 * is accepted, except a value that claims a refusal and is no receipt.
 */
function readReceipt(value: unknown): ReceiptReading {
  if (!claimsRefusal(value)) return { type: 'accepted' }
  // An app's own transport may refuse without the host's reasons: `issues` defaults to none.
  const receipt = respondReceiptOf({ issues: [], ...value })
  if (receipt === null) return { type: 'bad-receipt' }
  if (receipt.accepted) return { type: 'accepted' }
  if (receipt.reason === 'not-pending') return { type: 'refused', reason: 'not-pending' }
  const issues = receipt.issues
    .filter((issue) => issue.message.length > 0)
    .map(({ message, questionId }) =>
      questionId === undefined ? { message } : { message, questionId },
    )
  return { type: 'refused', reason: 'bad-response', issues }
}

/** The composer event for a send's resolved value. */
export function receiptEvent(value: unknown): ComposerEvent {
  const reading = readReceipt(value)
  switch (reading.type) {
    case 'accepted':
      return { type: 'RECEIPT_ACCEPTED' }
    case 'refused':
      return reading.reason === 'bad-response' && reading.issues.length > 0
        ? { type: 'RECEIPT_REJECTED', reason: 'bad-response', issues: reading.issues }
        : { type: 'RECEIPT_REJECTED', reason: reading.reason }
    case 'bad-receipt':
      return {
        type: 'TRANSPORT_FAILED',
        message: 'The host sent a receipt that is not one.',
        failure: { kind: 'bad-receipt' },
      }
  }
}

/** How the host took a send, for its card's ending: from its resolved value. */
export function receiptStatus(value: unknown): Exclude<SendAttempt['status'], 'in-flight'> {
  const reading = readReceipt(value)
  if (reading.type === 'accepted') return 'accepted'
  if (reading.type === 'bad-receipt') return 'failed'
  return reading.reason === 'not-pending' ? 'not-pending' : 'refused'
}
