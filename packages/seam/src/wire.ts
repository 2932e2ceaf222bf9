/**
 * The host ↔ browser wire contract (see docs/protocol.md): downlink frames on
 * the mux, the respond body and its receipt. The zod schemas are the source
 * of the types (and of the host's respond body parser); `parseDownlinkFrame`
 * and `parseRespondReceipt` are their zod-free, tested-equivalent twins, so a
 * browser bundle that only parses frames and receipts carries no zod.
 */
export {
  isAppFrameType,
  parseDownlinkFrame,
  parseRespondReceipt,
  type WireParse,
} from './wire-parse.ts'
export {
  type AppFrame,
  AppFrameSchema,
  type DownlinkFrame,
  type MuxReadyFrame,
  MuxReadyFrameSchema,
  parseRespondBody,
  type QuestionOutcome,
  QuestionOutcomeSchema,
  type QuestionRequestedFrame,
  QuestionRequestedFrameSchema,
  type QuestionResolvedFrame,
  QuestionResolvedFrameSchema,
  type RespondBody,
  RespondBodySchema,
  type RespondReceipt,
  RespondReceiptSchema,
  type RespondRejection,
} from './wire-schemas.ts'
