/** The demo chat's vocabulary: one set of schemas shared with the demo host. */
export type {
  ChatFrame,
  MessageEvent,
  SessionDetail,
  SessionStatus,
  SessionSummary,
  ToolEvent,
  TranscriptEvent,
} from '@parley/demo-chat'
