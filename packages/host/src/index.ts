/**
 * `@parley/host`: the runtime-neutral host — the pending table, replay, the
 * respond route and the SSE mux behind a `fetch(Request) → Response` handler.
 * It imports no Node module; WebSockets and Node's `http` live in
 * `@parley/host/node`.
 */
export { AMEND_REFUSALS, DEFAULT_AMEND_WINDOW_MS } from './amend.ts'
export {
  type AmendStore,
  type AnswerClosing,
  type AnswerRecord,
  createMemoryAmendStore,
  type MemoryAmendStoreLimits,
} from './amend-store.ts'
export {
  type AuditPage,
  type AuditPageQuery,
  type AuditPlaceKey,
  type AuditQuery,
  AuditQueryError,
  auditCursor,
  auditRecordedAt,
  DEFAULT_AUDIT_PAGE,
  MAX_AUDIT_PAGE,
  matchesAuditQuery,
  type ParsedAuditPageQuery,
  parseAuditPageQuery,
} from './audit-query.ts'
export {
  AUDIT_RECORD_VERSION,
  type AuditActor,
  AuditActorSchema,
  type AuditAmendmentRecord,
  AuditAmendmentRecordSchema,
  type AuditAnswer,
  AuditAnswerSchema,
  type AuditPlace,
  AuditPlaceSchema,
  type AuditQuestionRecord,
  AuditQuestionRecordSchema,
  type AuditRecord,
  AuditRecordSchema,
  parseAuditRecord,
} from './audit-record.ts'
export { type AuditRedactInfo, keepSelections } from './audit-redact.ts'
export {
  type AuditSink,
  auditJsonLines,
  createMemoryAuditSink,
  DEFAULT_MEMORY_AUDIT_RECORDS,
  type MemoryAuditSink,
  writeAuditJsonLines,
} from './audit-sink.ts'
export type { AuditOptions, AuditStats } from './audit-trail.ts'
export { clientLabel } from './client-label.ts'
export type {
  ClaimOutcome,
  CoordinatedEntry,
  CoordinatedNode,
  CoordinatedSettlement,
  QuestionCoordinator,
  ReapedQuestion,
  RegisterOutcome,
} from './coordinator.ts'
export {
  DEFAULT_DEADLINE_POLICY,
  type DeadlinePolicy,
  type DeadlinePolicyOption,
  MAX_TIMER_MS,
} from './deadlines.ts'
export { appRouteRefusal, isAllowedOrigin } from './fences.ts'
export { createQuestionHost, type QuestionHost } from './host.ts'
export { isAllowedHost, LOOPBACK_HOSTS } from './hosts.ts'
export {
  createMemoryPendingStore,
  type PendingEntry,
  type PendingStore,
} from './pending-table.ts'
export { REFUSALS, type Refusal, type RefusalCode } from './refusals.ts'
export { MAX_RECEIPT_ISSUES } from './respond.ts'
export type { Settlement } from './settlement.ts'
export { TELEMETRY_NAMES } from './telemetry.ts'
export type {
  TelemetryAttributes,
  TelemetryMeter,
  TelemetryObservation,
  TelemetryOptions,
  TelemetrySpan,
  TelemetryTracer,
} from './telemetry-api.ts'
export type {
  HostRequest,
  HostTimers,
  MuxRefusal,
  QuestionHostOptions,
  RegisteredInfo,
  ResolvedInfo,
} from './types.ts'
