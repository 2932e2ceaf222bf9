/**
 * The amend receipt on its own: only the amend add-on (changing a sent
 * answer) reads it, so a browser bundle without it leaves this out.
 */
import * as v from 'valibot'
import { BadResponseReceiptSchema } from './receipt-schema.ts'
import { revision } from './revision.ts'

/**
 * Why an amendment was refused (`reason: 'refused'`), as a stable code:
 * the window passed (`AMEND_WINDOW_CLOSED`), the agent moved on or its
 * session ended (`AMEND_MOVED_ON`), another tab's change came first
 * (`AMEND_SUPERSEDED`), or the host has no changeable answer by that id
 * (`AMEND_UNKNOWN`: never answered here, not yours, or forgotten).
 */
export const AmendRefusalCodeSchema = v.picklist([
  'AMEND_WINDOW_CLOSED',
  'AMEND_MOVED_ON',
  'AMEND_SUPERSEDED',
  'AMEND_UNKNOWN',
])
/** Why an amendment was refused, as a stable code (see {@link AmendRefusalCodeSchema}). */
export type AmendRefusalCode = v.InferOutput<typeof AmendRefusalCodeSchema>

/** The host's reply to an amend POST. */
export const AmendReceiptSchema = v.variant('accepted', [
  v.object({ accepted: v.literal(true), revision }),
  v.variant('reason', [
    v.object({
      accepted: v.literal(false),
      reason: v.literal('refused'),
      code: AmendRefusalCodeSchema,
      message: v.string(),
    }),
    BadResponseReceiptSchema,
  ]),
])
/** The host's reply to an amend POST (see {@link AmendReceiptSchema}). */
export type AmendReceipt = v.InferOutput<typeof AmendReceiptSchema>
