import type { DownlinkFrame, QuestionResolvedFrame } from '@parley/seam/wire'
import { createStreamSet } from './mux-delivery.ts'
import { replay } from './mux-replay.ts'
import { createStreamSlots } from './mux-slots.ts'
import type { HubDeps, Stream, StreamSink, StreamTicket } from './mux-stream.ts'
import type { PendingEntry } from './pending-table.ts'

export type { StreamSink, StreamTicket } from './mux-stream.ts'

/** How many resolved questions a cluster node's hub remembers. */
const RECENTLY_RESOLVED = 4_096

/** Adds `rpcId` to `set`, forgetting the oldest past {@link RECENTLY_RESOLVED}. */
function remember(set: Set<string>, rpcId: string): void {
  set.add(rpcId)
  const oldest = set.values().next()
  if (set.size > RECENTLY_RESOLVED && !oldest.done) set.delete(oldest.value)
}

/**
 * The set of open downlinks. A replay that fits in one chunk (a quarter of
 * the send cap) is sent with `mux/ready` and the subscription in one
 * synchronous turn; a larger one is streamed chunk by chunk as the sink
 * drains (`mux-replay.ts`). Either way, a frame published while the replay
 * runs is held and sent after `mux/ready`, unless the replay already carried
 * that question: nothing slips, nothing doubles.
 */
export function createStreamHub<P>(deps: HubDeps<P>) {
  const slots = createStreamSlots(deps)
  /**
   * The latest questions resolved here, kept in a cluster (where the
   * snapshot is shared): a question that reaches this node after its
   * ending (read late, or its doorbell queued behind a claim made here) is
   * never shown, for its card would never retire.
   */
  const clustered = deps.snapshot !== undefined
  const recentlyResolved = new Set<string>()
  let opened = 0

  const { streams, sees, deliver, deliverQuestion, leave, drop, offer } = createStreamSet(deps)

  function publish(sessionId: string, frame: DownlinkFrame, text = JSON.stringify(frame)): void {
    const requested = frame.type === 'question/requested' ? String(frame.rpcId) : undefined
    const resolved = frame.type === 'question/resolved' ? String(frame.rpcId) : undefined
    // App frames never use a `question/` type (reserved), so this is the host's own frame.
    if (resolved !== undefined) deps.resolved?.(frame as QuestionResolvedFrame)
    if (resolved !== undefined && clustered) remember(recentlyResolved, resolved)
    offer(sessionId, requested, resolved, text)
  }

  const context = {
    deps,
    isOpen: (stream: Stream<P>) => streams.has(stream),
    sees,
    deliver,
    deliverQuestion,
  }

  return {
    capacityFor: slots.capacityFor,
    reserve: slots.reserve,
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
      replay(context, stream).catch((error: unknown) => {
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
