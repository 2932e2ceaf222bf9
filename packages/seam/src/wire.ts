/**
 * The host ↔ browser wire contract (see docs/protocol.md): downlink frames on
 * the mux, the respond body and its receipt. The zod schemas are the source
 * of the types; `parseDownlinkFrame`, `parseQuestionRequestedFrame`,
 * `parseRespondBody` and `parseRespondReceipt` are their zod-free,
 * tested-equivalent twins, so a browser bundle that only parses frames and
 * receipts carries no zod, and the host's hot paths run without it.
 */
export {
  isAppFrameType,
  parseDownlinkFrame,
  parseQuestionRequestedFrame,
  parseRespondBody,
  parseRespondReceipt,
  type WireParse,
} from './wire-parse.ts'
export {
  type AppFrame,
  AppFrameSchema,
  type DownlinkFrame,
  type MuxReadyFrame,
  MuxReadyFrameSchema,
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
