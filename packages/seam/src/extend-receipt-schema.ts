/**
 * The extend receipt on its own: only the deadline add-on (the countdown's
 * "More time") reads it, so a browser bundle without it leaves this out.
 */
import * as v from 'valibot'

const epochMs = v.pipe(v.number(), v.finite())

/**
 * Why the host did not move a deadline: the question is not pending (or not
 * this session's), it has no deadline, it is as late as the host allows, the
 * host does not extend on activity, or it is not close enough to extend yet.
 */
export const ExtendRefusalSchema = v.picklist([
  'not-pending',
  'no-deadline',
  'at-limit',
  'activity-off',
  'not-due',
])
/** Why the host did not move a deadline (see {@link ExtendRefusalSchema}). */
export type ExtendRefusal = v.InferOutput<typeof ExtendRefusalSchema>

/** The host's reply to an extend POST: the new deadline, or why not (with the current one when there is one). */
export const ExtendReceiptSchema = v.variant('extended', [
  v.object({ extended: v.literal(true), deadlineAt: epochMs }),
  v.object({
    extended: v.literal(false),
    reason: ExtendRefusalSchema,
    deadlineAt: v.optional(epochMs),
  }),
])
/** The host's reply to an extend POST (see {@link ExtendReceiptSchema}). */
export type ExtendReceipt = v.InferOutput<typeof ExtendReceiptSchema>
