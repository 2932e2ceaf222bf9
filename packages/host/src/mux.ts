import type { DownlinkFrame } from '@parley/seam/wire'
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
}

/** A live frame held while a replay runs: its text, and its rpcId if it asks a question. */
interface Held {
  readonly requested: string | undefined
  readonly text: string
}

interface Stream<P> {
  readonly sink: StreamSink
  readonly principal: P
  /** The sessions named with `?session=`, or `null` for every accessible one. */
  readonly sessions: ReadonlySet<string> | null
  /** Live frames that arrive while the replay runs; sent after `mux/ready`. */
  held: Held[] | null
}

interface HubDeps<P> {
  store: PendingStore
  canAccess(principal: P, sessionId: string): boolean
  maxBufferedBytes: number
}

const READY = JSON.stringify({ type: 'mux/ready' })

/**
 * The set of open downlinks. Replay, `mux/ready` and subscription happen in
 * one synchronous turn. A frame published while a replay runs (re-entrantly,
 * from a store or an observer) is held and sent after `mux/ready`, unless the
 * replay already carried that question: nothing slips, nothing doubles.
 */
export function createStreamHub<P>(deps: HubDeps<P>) {
  const streams = new Set<Stream<P>>()

  function sees(stream: Stream<P>, sessionId: string): boolean {
    if (stream.sessions) return stream.sessions.has(sessionId)
    try {
      return deps.canAccess(stream.principal, sessionId)
    } catch {
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

  function drop(stream: Stream<P>): void {
    if (!streams.delete(stream)) return
    stream.sink.terminate()
  }

  /** The pending entries `stream` may see, in global arrival order. */
  function pendingFor(stream: Stream<P>): readonly PendingEntry[] {
    const includes = (sessionId: string) => sees(stream, sessionId)
    if (deps.store.listSessions) return deps.store.listSessions(includes)
    return deps.store.list().filter((entry) => includes(entry.sessionId))
  }

  function replay(stream: Stream<P>): void {
    const replayed = new Set<string>()
    for (const entry of pendingFor(stream)) {
      replayed.add(entry.rpcId)
      deliver(stream, entry.frameText)
    }
    deliver(stream, READY)
    const held = stream.held ?? []
    stream.held = null
    for (const { requested, text } of held) {
      if (requested === undefined || !replayed.has(requested)) deliver(stream, text)
    }
  }

  return {
    /**
     * Replays every pending question the stream may see (global arrival
     * order), sends `mux/ready`, and subscribes it, in one synchronous turn
     * and, where the sink can, one write. Returns the unsubscribe.
     */
    open(sink: StreamSink, principal: P, sessions: ReadonlySet<string> | null): () => void {
      const stream: Stream<P> = { sink, principal, sessions, held: [] }
      streams.add(stream)
      if (sink.batch) sink.batch(() => replay(stream))
      else replay(stream)
      return () => {
        streams.delete(stream)
      }
    },
    /**
     * Sends a frame to every open stream that may see `sessionId`. `text` is
     * the frame's JSON when the caller already has it.
     */
    publish(sessionId: string, frame: DownlinkFrame, text = JSON.stringify(frame)): void {
      const requested = frame.type === 'question/requested' ? String(frame.rpcId) : undefined
      for (const stream of [...streams]) {
        if (!sees(stream, sessionId)) continue
        if (stream.held) stream.held.push({ requested, text })
        else deliver(stream, text)
      }
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
      for (const stream of [...streams]) {
        streams.delete(stream)
        stream.sink.end()
      }
    },
    get size(): number {
      return streams.size
    },
  }
}

export type StreamHub<P> = ReturnType<typeof createStreamHub<P>>
