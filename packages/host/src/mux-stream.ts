import type { MuxTransport, QuestionResolvedFrame } from '@parley/seam/wire'
import type { ShownOn } from './ask-watch.ts'
import type { PendingEntry, PendingStore } from './pending-table.ts'

/** One open downlink, as the hub sees it: a WebSocket or an SSE response. */
export interface StreamSink {
  /** Queues one frame (a JSON text). */
  send(text: string): void
  /** Bytes queued but not yet written to the network. */
  bufferedBytes(): number
  /** Ends the stream at once (overloaded or dead); the client reconnects. */
  terminate(): void
  /** Ends the stream politely (the host is shutting down). */
  end(): void
  /**
   * Runs `sendAll`, whose `send` calls may be written out together (one
   * socket write for a whole replay). Optional: without it each frame is
   * written as it is sent.
   */
  batch?(sendAll: () => void): void
  /**
   * Resolves once the queued bytes have gone out (or the stream closed).
   * Optional: with it a replay larger than a chunk is streamed under flow
   * control; without it a replay is sent in one go and a replay above the
   * send cap closes the stream.
   */
  drained?(): Promise<void>
  /** How the stream reaches the tab, for the audit log and telemetry. */
  readonly transport?: MuxTransport
}

/** A live frame held while a replay runs: its text, and its rpcId if it asks a question. */
interface Held {
  readonly requested: string | undefined
  readonly text: string
}

/** A reserved stream slot; released once, when the stream leaves the hub (or never opened). */
export interface StreamTicket {
  release(): void
}

export interface Stream<P> {
  readonly sink: StreamSink
  /** Where a question delivered on it was shown (the hub's node-local id of the stream). */
  readonly on: ShownOn
  readonly principal: P
  /** The sessions named with `?session=`, or `null` for every accessible one. */
  readonly sessions: ReadonlySet<string> | null
  readonly ticket: StreamTicket
  /** Live frames that arrive while the replay runs; sent after `mux/ready`. */
  held: Held[] | null
  heldBytes: number
  /**
   * With a shared snapshot only: the questions the replay carried, until they
   * resolve. Another node's doorbell for one of them can arrive after
   * `mux/ready`; it is not sent twice.
   */
  replayed: Set<string> | null
}

export interface HubDeps<P> {
  store: PendingStore
  /**
   * Reads the pending questions a stream may see from a shared source (a
   * cluster's coordinator) instead of `store`. Frames published while it
   * runs are held, and a held question the snapshot already carried is not
   * sent twice.
   */
  snapshot?:
    | ((
        includes: (sessionId: string) => boolean,
        sessions: ReadonlySet<string> | null,
      ) => Promise<readonly PendingEntry[]>)
    | undefined
  /**
   * Frames a stream also gets in its replay, after the pending questions and
   * before `mux/ready` (the standing answers that may still change), as
   * `[sessionId, text]`.
   */
  replayAlso?: (() => readonly (readonly [string, string])[]) | undefined
  canAccess(principal: P, sessionId: string): boolean
  maxBufferedBytes: number
  maxStreams: number
  maxStreamsPerPrincipal: number
  principalKey(principal: P): unknown
  /** Sees each `question/resolved` frame published (the host's `onResolved`). */
  resolved?: ((frame: QuestionResolvedFrame) => void) | undefined
  /** Sees each question frame delivered to a tab (live, held or replayed). */
  shown?: ((rpcId: string, on: ShownOn) => void) | undefined
  /** A `question/deadline` frame to send right after this question's replayed frame (its deadline moved). */
  deadlineFrame?(rpcId: string): string | undefined
  /** The host's clock, sent first on every stream (`mux/hello`). */
  now(): number
  /** This host's instance id, sent with it when the questions live in this process alone. */
  instance?: string | undefined
  report(error: unknown, where: string): void
}
