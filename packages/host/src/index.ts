export type { Settlement } from './asks.ts'
export { createQuestionHost, type QuestionHost } from './host.ts'
export {
  createMemoryPendingStore,
  type PendingEntry,
  type PendingStore,
} from './pending-table.ts'
export type { HostRequest, HostTimers, QuestionHostOptions, RegisteredInfo } from './types.ts'
