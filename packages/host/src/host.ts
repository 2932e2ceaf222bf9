import type { UserQuestionProvider } from '@parley/seam'
import { type AppFrame, AppFrameSchema, parseWith } from '@parley/seam/wire'
import type { AuditStats } from './audit-trail.ts'
import { createHostCore, type HostCore } from './core.ts'
import { createFetchHandler } from './fetch-adapter.ts'
import type { PendingEntry } from './pending-table.ts'
import type { QuestionHostOptions } from './types.ts'

/**
 * The server side of Parley: a provider plus the mux and respond routes, as a
 * Fetch-API handler. For Node's `http` server and WebSockets, create it with
 * `createQuestionHost` from `@parley/host/node` instead.
 */
export interface QuestionHost<P = unknown> {
  /** Register with `service.registerProvider(host.provider)`. */
  readonly provider: UserQuestionProvider
  /**
   * Fetch-API handler for `POST respondPath`, the SSE `GET muxPath` and the
   * mux probe `POST muxPath` (WebSockets need `@parley/host/node`). Other
   * paths get 404. Uses only web-standard APIs: runs on Node, Deno, Bun,
   * workers and edge runtimes.
   */
  fetch(request: Request): Promise<Response>
  /**
   * Sends an application frame to every open stream of `sessionId`. The host
   * stamps `sessionId` on it. Throws a `TypeError` for a `question/` or
   * `mux/` type.
   */
  broadcast(sessionId: string, frame: AppFrame): void
  /**
   * Terminates the open downlinks (WebSocket and SSE) — every one, or those
   * of the principals `which` picks. Clients reconnect and get the replay;
   * for test APIs and deploys. Returns how many were dropped.
   */
  dropStreams(which?: (principal: P) => boolean): number
  /**
   * Settles every pending ask of `sessionId` `aborted` (their tabs get
   * `question/resolved`) and closes its answers to changes; for a session
   * that is deleted or evicted. Returns how many were pending.
   */
  abortSession(sessionId: string, cause?: unknown): number
  /** The pending questions, oldest first (in a cluster: those this node's agents await). */
  pending(): readonly PendingEntry[]
  /**
   * Settles every pending ask `aborted`, ends every stream, refuses new work.
   * Idempotent. In a cluster, durable asks (with a `resumeKey`) stay pending
   * for a re-attaching agent, and the node leaves the cluster: await `close()`
   * for that to finish.
   */
  dispose(): void
  /**
   * Resolves once the host joined its cluster (migrations applied, listening,
   * heartbeating); at once without a coordinator. Rejects when joining failed.
   * Asks wait for it by themselves; await it before taking traffic.
   */
  readonly ready: Promise<void>
  /**
   * Disposes the host and resolves once it left its cluster (at once without
   * one), its audit records went to the sink and its queued spans were written.
   */
  close(): Promise<void>
  /** The audit log's counters (records appended, failed) and `flush()`; `undefined` without `audit`. */
  readonly audit: AuditStats | undefined
}

/** Creates the host. See the package README for the routes and the options. */
export function createQuestionHost<P>(options: QuestionHostOptions<P>): QuestionHost<P> {
  return hostOn(createHostCore(options))
}

/** The host's public face over `core`; `onDispose` runs after the core is disposed. */
export function hostOn<P>(core: HostCore<P>, onDispose?: () => void): QuestionHost<P> {
  const fetch = createFetchHandler(core)
  const dispose = () => {
    if (core.disposed) return
    core.dispose()
    onDispose?.()
  }
  return {
    provider: { ask: (request) => core.ask(request) },
    ready: core.joined,
    fetch,
    broadcast(sessionId, frame) {
      const parsed = parseWith(AppFrameSchema, frame)
      if (!parsed.ok) throw new TypeError('An app frame needs a type outside question/ and mux/.')
      const stamped = { ...parsed.value, sessionId }
      const text = JSON.stringify(stamped)
      core.hub.publish(sessionId, stamped, text)
      core.coordinator?.broadcast(sessionId, text)
    },
    dropStreams: (which) => core.hub.dropAll(which),
    abortSession(sessionId, cause) {
      // The agent's session ended: its answers can no longer be changed either.
      core.amends.endSession(sessionId)
      return core.asks.abortSession(sessionId, cause)
    },
    pending: () => core.store.list(),
    audit: core.audit,
    dispose,
    close() {
      dispose()
      return core.left
    },
  }
}
