import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { UserQuestionProvider } from '@parley/seam'
import { type AppFrame, AppFrameSchema, parseWith } from '@parley/seam/wire'
import { createHostCore } from './core.ts'
import { createFetchHandler } from './fetch-adapter.ts'
import { type AttachOptions, createNodeAdapter } from './node-adapter.ts'
import type { PendingEntry } from './pending-table.ts'
import type { QuestionHostOptions } from './types.ts'

export type { AttachOptions } from './node-adapter.ts'

/** The server side of Parley: a provider plus the mux and respond routes. */
export interface QuestionHost<P = unknown> {
  /** Register with `service.registerProvider(host.provider)`. */
  readonly provider: UserQuestionProvider
  /**
   * Answers WebSocket upgrades on `server`: the mux path is admitted, a
   * target that does not parse is answered 400, and (by default) any other
   * path 404, each refused socket closed. Returns the detach function.
   */
  attach(server: Server, options?: AttachOptions): () => void
  /**
   * Handles one `upgrade` event yourself. Returns `false` (and touches
   * nothing) when the path is not the mux path; a target that does not
   * parse is answered 400 (and counts as handled).
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /**
   * Node `http` handler for `POST respondPath` and the SSE `GET muxPath`.
   * Other requests go to `next`, or get 404 without it. Mount it before any
   * body parser: it reads the respond body itself.
   */
  handleRequest(request: IncomingMessage, response: ServerResponse, next?: () => void): void
  /**
   * Fetch-API handler for `POST respondPath` and the SSE `GET muxPath`
   * (WebSockets need `attach`). Other paths get 404.
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
   * `question/resolved`); for a session that is deleted or evicted. Returns
   * how many were pending.
   */
  abortSession(sessionId: string, cause?: unknown): number
  /** The pending questions, oldest first. */
  pending(): readonly PendingEntry[]
  /** Settles every pending ask `aborted`, ends every stream, refuses new work. Idempotent. */
  dispose(): void
}

/** Creates the host. See the package README for the routes and the options. */
export function createQuestionHost<P>(options: QuestionHostOptions<P>): QuestionHost<P> {
  const core = createHostCore(options)
  const node = createNodeAdapter(core)
  const fetch = createFetchHandler(core)
  return {
    provider: { ask: (request) => core.asks.ask(request) },
    attach: node.attach,
    handleUpgrade: node.handleUpgrade,
    handleRequest: node.handleRequest,
    fetch,
    broadcast(sessionId, frame) {
      const parsed = parseWith(AppFrameSchema, frame)
      if (!parsed.ok) throw new TypeError('An app frame needs a type outside question/ and mux/.')
      core.hub.publish(sessionId, { ...parsed.value, sessionId })
    },
    dropStreams: (which) => core.hub.dropAll(which),
    abortSession: (sessionId, cause) => core.asks.abortSession(sessionId, cause),
    pending: () => core.store.list(),
    dispose() {
      if (core.disposed) return
      core.dispose()
      node.close()
    },
  }
}
