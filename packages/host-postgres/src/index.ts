/**
 * `@parley/host-postgres`: the PostgreSQL coordinator of a multi-node
 * `@parley/host`. One table is the source of truth per question; a claim is
 * one `UPDATE … WHERE state = 'pending'` committed with its `NOTIFY`; nodes
 * heartbeat, and the questions of a node that stopped end on every tab.
 */
export {
  CorruptAuditRowError,
  createPostgresAuditSink,
  type PostgresAuditSink,
  type PostgresAuditSinkOptions,
} from './audit.ts'
export {
  createPostgresCoordinator,
  type PostgresCoordinator,
  type PostgresCoordinatorOptions,
} from './coordinator.ts'
export { SecretMismatchError } from './fingerprint.ts'
export { MIGRATIONS, migrate } from './migrations.ts'
export { MAX_PAYLOAD_BYTES } from './notifications.ts'
export { CorruptRowError } from './rows.ts'
export { INLINE_FRAME_BYTES } from './sql.ts'
