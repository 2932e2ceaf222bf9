export type { Settlement } from './asks.ts'
export { MAX_TIMER_MS } from './asks.ts'
export { isAllowedOrigin } from './fences.ts'
export { type AttachOptions, createQuestionHost, type QuestionHost } from './host.ts'
export {
  createMemoryPendingStore,
  type PendingEntry,
  type PendingStore,
} from './pending-table.ts'
export { MAX_RECEIPT_ISSUES } from './respond.ts'
export type {
  HostRequest,
  HostTimers,
  MuxRefusal,
  QuestionHostOptions,
  RegisteredInfo,
} from './types.ts'
