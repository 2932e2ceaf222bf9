import type { DownlinkFrame, MuxTransport, QuestionResolvedFrame } from '@parley/seam/wire'
import type { ShownOn } from './ask-watch.ts'
import type { PendingEntry, PendingStore } from './pending-table.ts'
import { type Refusal, refusal } from './refusals.ts'

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

interface Stream<P> {
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

interface HubDeps<P> {
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
  report(error: unknown, where: string): void
}

const READY = JSON.stringify({ type: 'mux/ready' })
const MIN_CHUNK_BYTES = 64 * 1024

/**
 * The set of open downlinks. A replay that fits in one chunk (a quarter of
 * the send cap) is sent with `mux/ready` and the subscription in one
 * synchronous turn; a larger one is streamed chunk by chunk as the sink
 * drains. Either way, a frame published while the replay runs is held and
 * sent after `mux/ready`, unless the replay already carried that question:
 * nothing slips, nothing doubles.
 */
/** How many resolved questions a cluster node's hub remembers. */
const RECENTLY_RESOLVED = 4_096

export function createStreamHub<P>(deps: HubDeps<P>) {
  const streams = new Set<Stream<P>>()
  const perPrincipal = new Map<unknown, number>()
  let reserved = 0
  /**
   * The latest questions resolved here, kept in a cluster (where the
   * snapshot is shared): a question that reaches this node after its
   * ending (read late, or its doorbell queued behind a claim made here) is
   * never shown, for its card would never retire.
   */
  const clustered = deps.snapshot !== undefined
  const recentlyResolved = new Set<string>()
  const chunkBytes = Math.max(MIN_CHUNK_BYTES, Math.floor(deps.maxBufferedBytes / 4))
  let opened = 0

  /** Delivers a question's frame; tells `shown` when the stream took it. */
  function deliverQuestion(stream: Stream<P>, rpcId: string, text: string): void {
    deliver(stream, text)
    if (deps.shown && streams.has(stream)) deps.shown(rpcId, stream.on)
  }

  function sees(stream: Stream<P>, sessionId: string): boolean {
    // A narrowed stream is still asked about every frame: access can be revoked.
    if (stream.sessions && !stream.sessions.has(sessionId)) return false
    try {
      return deps.canAccess(stream.principal, sessionId) === true
    } catch (error) {
      deps.report(error, 'canAccess')
      return false
    }
  }

  function deliver(stream: Stream<P>, text: string): void {
    if (!streams.has(stream)) return
    try {
      stream.sink.send(text)
    } catch {
      drop(stream)
      return
    }
    if (stream.sink.bufferedBytes() > deps.maxBufferedBytes) drop(stream)
  }

  function leave(stream: Stream<P>): boolean {
    if (!streams.delete(stream)) return false
    stream.ticket.release()
    return true
  }

  function drop(stream: Stream<P>): void {
    if (leave(stream)) stream.sink.terminate()
  }

  function batch(stream: Stream<P>, sendAll: () => void): void {
    if (stream.sink.batch) stream.sink.batch(sendAll)
    else sendAll()
  }

  /** The pending entries `stream` may see, in global arrival order. */
  function pendingFor(
    stream: Stream<P>,
  ): readonly PendingEntry[] | Promise<readonly PendingEntry[]> {
    const includes = (sessionId: string) => sees(stream, sessionId)
    if (deps.snapshot) return deps.snapshot(includes, stream.sessions)
    if (deps.store.listSessions) return deps.store.listSessions(includes)
    return deps.store.list().filter((entry) => includes(entry.sessionId))
  }

  async function replay(stream: Stream<P>): Promise<void> {
    // Taken before anything else: a frame published from here on is held and
    // follows mux/ready, so the replay never says again what the held frames say
    // (a recent ending before its own question/requested, held meanwhile).
    const also = deps.replayAlso?.() ?? []
    const found = pendingFor(stream)
    const entries = found instanceof Promise ? await found : found
    if (!streams.has(stream)) return
    const replayed = new Set<string>()
    const streamed = stream.sink.drained !== undefined
    let next = 0
    let chunks = 0
    const sendChunk = () => {
      chunks += 1
      const start = stream.sink.bufferedBytes()
      while (next < entries.length && streams.has(stream)) {
        const entry = entries[next++] as PendingEntry
        // Settled while an earlier chunk drained: its resolved frame is held.
        if (chunks > 1 && !deps.snapshot && deps.store.get(entry.rpcId) === undefined) continue
        replayed.add(entry.rpcId)
        deliverQuestion(stream, entry.rpcId, entry.frameText)
        const moved = deps.deadlineFrame?.(entry.rpcId)
        if (moved !== undefined) deliver(stream, moved)
        if (streamed && stream.sink.bufferedBytes() - start >= chunkBytes) return
      }
    }
    for (;;) {
      batch(stream, sendChunk)
      if (!streams.has(stream)) return
      if (next >= entries.length) break
      await stream.sink.drained?.()
      if (!streams.has(stream)) return
    }
    if (deps.snapshot) stream.replayed = replayed
    batch(stream, () => {
      for (const [sessionId, text] of also) if (sees(stream, sessionId)) deliver(stream, text)
      deliver(stream, READY)
      const held = stream.held ?? []
      stream.held = null
      stream.heldBytes = 0
      for (const { requested, text } of held) {
        if (requested === undefined) deliver(stream, text)
        else if (!replayed.has(requested)) deliverQuestion(stream, requested, text)
      }
    })
  }

  function publish(sessionId: string, frame: DownlinkFrame, text = JSON.stringify(frame)): void {
    const requested = frame.type === 'question/requested' ? String(frame.rpcId) : undefined
    const resolved = frame.type === 'question/resolved' ? String(frame.rpcId) : undefined
    // App frames never use a `question/` type (reserved), so this is the host's own frame.
    if (resolved !== undefined) deps.resolved?.(frame as QuestionResolvedFrame)
    if (resolved !== undefined && clustered) {
      recentlyResolved.add(resolved)
      if (recentlyResolved.size > RECENTLY_RESOLVED) {
        const oldest = recentlyResolved.values().next().value
        if (oldest !== undefined) recentlyResolved.delete(oldest)
      }
    }
    for (const stream of [...streams]) {
      if (!sees(stream, sessionId)) continue
      if (stream.replayed) {
        if (requested !== undefined && stream.replayed.has(requested)) continue
        if (resolved !== undefined) stream.replayed.delete(resolved)
      }
      if (!stream.held) {
        if (requested === undefined) deliver(stream, text)
        else deliverQuestion(stream, requested, text)
        continue
      }
      stream.held.push({ requested, text })
      stream.heldBytes += text.length
      // A replay stalled behind a client that does not read: stop holding for it.
      if (stream.heldBytes > deps.maxBufferedBytes) drop(stream)
    }
  }

  /** The refusal `reserve` would give `principal` now, or `null` when a slot is free. */
  function capacityFor(principal: P): Refusal | null {
    if (reserved >= deps.maxStreams) return refusal('HOST_FULL')
    const mine = perPrincipal.get(deps.principalKey(principal)) ?? 0
    return mine >= deps.maxStreamsPerPrincipal ? refusal('TOO_MANY_STREAMS') : null
  }

  return {
    capacityFor,
    /**
     * Reserves a stream slot for `principal`, or refuses: 429 above
     * `maxStreamsPerPrincipal`, 503 above `maxStreams`. Pass the ticket to
     * `open`, or release it if the stream never opens.
     */
    reserve(principal: P): StreamTicket | Refusal {
      const full = capacityFor(principal)
      if (full) return full
      const key = deps.principalKey(principal)
      const mine = perPrincipal.get(key) ?? 0
      reserved += 1
      perPrincipal.set(key, mine + 1)
      let released = false
      return {
        release() {
          if (released) return
          released = true
          reserved -= 1
          const left = (perPrincipal.get(key) ?? 1) - 1
          if (left > 0) perPrincipal.set(key, left)
          else perPrincipal.delete(key)
        },
      }
    },
    /**
     * Replays every pending question the stream may see (global arrival
     * order), sends `mux/ready`, and subscribes it (see the hub's comment for
     * when that is one synchronous turn). Returns the unsubscribe.
     */
    open(
      sink: StreamSink,
      principal: P,
      sessions: ReadonlySet<string> | null,
      ticket: StreamTicket,
    ): () => void {
      opened += 1
      const stream: Stream<P> = {
        sink,
        on: { stream: `s${opened}`, transport: sink.transport },
        principal,
        sessions,
        ticket,
        held: [],
        heldBytes: 0,
        replayed: null,
      }
      streams.add(stream)
      replay(stream).catch((error: unknown) => {
        deps.report(error, 'replay')
        drop(stream)
      })
      return () => {
        leave(stream)
      }
    },
    /**
     * Sends a frame to every open stream that may see `sessionId`. `text` is
     * the frame's JSON when the caller already has it.
     */
    publish,
    /**
     * Publishes a question another node registered once `load` read it,
     * unless it was already resolved here: its `question/resolved` went out
     * first, and a card sent after it would never retire.
     */
    async publishLoaded(
      sessionId: string,
      load: () => Promise<PendingEntry | undefined>,
    ): Promise<PendingEntry | undefined> {
      const entry = await load()
      const late = entry !== undefined && recentlyResolved.has(entry.rpcId)
      if (!entry || late) return undefined
      publish(sessionId, entry.frame, entry.frameText)
      return entry
    },
    /** Terminates every stream (or those of the principals `which` picks); clients reconnect and get the replay. */
    dropAll(which?: (principal: P) => boolean): number {
      let dropped = 0
      for (const stream of [...streams]) {
        if (which && !which(stream.principal)) continue
        drop(stream)
        dropped += 1
      }
      return dropped
    },
    /** Ends every stream (dispose). */
    endAll(): void {
      for (const stream of [...streams]) if (leave(stream)) stream.sink.end()
    },
    /** True when some open stream may see `sessionId`. */
    watches(sessionId: string): boolean {
      for (const stream of streams) if (sees(stream, sessionId)) return true
      return false
    },
    get size(): number {
      return streams.size
    },
  }
}

export type StreamHub<P> = ReturnType<typeof createStreamHub<P>>
