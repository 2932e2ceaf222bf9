/**
 * The host ↔ browser wire contract (see docs/protocol.md): downlink frames on
 * the mux, the respond body and its receipt, the mux probe's reply and the
 * host's refusals. The valibot schemas are the one
 * source of the types; `parseDownlinkFrame`, `parseQuestionRequestedFrame`,
 * `parseRespondBody` and `parseRespondReceipt` run them and return Parley
 * issues (`parseWith` does the same for any schema).
 */
export {
  isAppFrameType,
  parseAmendBody,
  parseAmendReceipt,
  parseDownlinkFrame,
  parseQuestionAnswerFrame,
  parseQuestionRequestedFrame,
  parseRespondBody,
  parseRespondReceipt,
  parseWith,
  type WireParse,
} from './wire-parse.ts'
export {
  type AmendBody,
  AmendBodySchema,
  type AmendReceipt,
  AmendReceiptSchema,
  type AmendRefusalCode,
  AmendRefusalCodeSchema,
  type AppFrame,
  AppFrameSchema,
  type DownlinkFrame,
  type HostRefusal,
  HostRefusalSchema,
  type MuxProbeReply,
  MuxProbeReplySchema,
  type MuxReadyFrame,
  MuxReadyFrameSchema,
  type MuxTransport,
  MuxTransportSchema,
  type QuestionAnswerFrame,
  QuestionAnswerFrameSchema,
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
