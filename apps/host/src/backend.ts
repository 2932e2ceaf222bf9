import { createMemoryAuditSink, type MemoryAuditSink, type QuestionCoordinator } from '@parley/host'
import type { PostgresAuditSink } from '@parley/host-postgres'
import { type AuditReader, auditReader } from './admin/audit-reader.ts'
import { createLocalBus, type DemoBus } from './cluster/bus.ts'
import { createLocalStatus, type SessionStatusSource } from './session-status.ts'
import { createMemorySessions } from './stores/sessions.memory.ts'
import { createMemorySettings } from './stores/settings.ts'
import { createMemoryTestAsks } from './stores/test-asks.memory.ts'
import { createMemoryTranscripts } from './stores/transcripts.memory.ts'
import type {
  SessionLimits,
  SessionRecord,
  SessionStore,
  SettingsStore,
  TestAskLedger,
  TranscriptStore,
} from './stores/types.ts'

/** What the demo server is told by the stores it runs on. */
interface BackendHooks {
  /** A bound pushed this session out (here; the other nodes hear it over the bus). */
  evicted(session: SessionRecord): void
}

/**
 * Everything the demo keeps outside one request: in this process's memory,
 * or (cluster mode) in PostgreSQL with a coordinator and a bus to the other
 * nodes.
 */
interface DemoBackend {
  /** Other nodes share it: the server then needs the cluster's shared secret. */
  readonly clustered: boolean
  sessions: SessionStore
  transcripts: TranscriptStore
  testAsks: TestAskLedger
  /** Each chat's settings (`/subagents`). */
  settings: SettingsStore
  bus: DemoBus
  /** The cluster's coordinator, for `createQuestionHost`; none in one process. */
  coordinator?: QuestionCoordinator | undefined
  /**
   * Whether the coordinator relays an app frame of this JSON to the other
   * nodes (it carries them only up to a size). Always in one process.
   */
  relays?: ((frameText: string) => boolean) | undefined
  /**
   * The audit log: one record per question and per amendment (see
   * docs/observability.md). In memory in one process; in a cluster the
   * shared `parley_audit` table, each question recorded once.
   */
  audit: MemoryAuditSink | PostgresAuditSink
  /** The audit log read newest first, for the operator's view (`/api/admin`). */
  auditLog: AuditReader
  /** Where a session's status (waiting, plan review) comes from. */
  status(changed: (sessionId: string) => void): SessionStatusSource
  /** Releases what the backend holds (after the host left its cluster). */
  close(): Promise<void>
}

/** Makes the backend with the server's hooks. */
export type BackendFactory = (hooks: BackendHooks) => DemoBackend

/** One process: the in-memory demo, with no connection to anything. */
export function memoryBackend(limits: SessionLimits = {}): BackendFactory {
  return (hooks) => {
    const sessions = createMemorySessions({
      ...limits,
      onEvict(session) {
        transcripts.drop(session.id)
        settings.drop(session.id)
        hooks.evicted(session)
      },
    })
    const settings = createMemorySettings()
    const audit = createMemoryAuditSink()
    const transcripts = createMemoryTranscripts({
      maxEvents: limits.maxEvents,
      exists: (id) => sessions.has(id),
    })
    return {
      clustered: false,
      sessions,
      transcripts,
      testAsks: createMemoryTestAsks(),
      settings,
      bus: createLocalBus(),
      audit,
      auditLog: auditReader(audit),
      status: createLocalStatus,
      async close() {},
    }
  }
}
