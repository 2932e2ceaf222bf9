import type { HubDeps, Stream } from './mux-stream.ts'
import type { PendingEntry } from './pending-table.ts'

const READY = JSON.stringify({ type: 'mux/ready' })
const MIN_CHUNK_BYTES = 64 * 1024

/** The first frame of every stream: the host's clock, and its instance when it has one. */
const hello = <P>({ now, instance }: HubDeps<P>) =>
  JSON.stringify({ type: 'mux/hello', now: now(), ...(instance !== undefined && { instance }) })

/** What a replay works with: the hub's deps and how it reaches its streams. */
export interface ReplayContext<P> {
  readonly deps: HubDeps<P>
  /** Is `stream` still open? */
  isOpen(stream: Stream<P>): boolean
  sees(stream: Stream<P>, sessionId: string): boolean
  deliver(stream: Stream<P>, text: string): void
  /** Delivers a question's frame; tells `shown` when the stream took it. */
  deliverQuestion(stream: Stream<P>, rpcId: string, text: string): void
}

function batch<P>(stream: Stream<P>, sendAll: () => void): void {
  if (stream.sink.batch) stream.sink.batch(sendAll)
  else sendAll()
}

/** The pending entries `stream` may see, in global arrival order. */
function pendingFor<P>(
  { deps, sees }: ReplayContext<P>,
  stream: Stream<P>,
): readonly PendingEntry[] | Promise<readonly PendingEntry[]> {
  const includes = (sessionId: string) => sees(stream, sessionId)
  if (deps.snapshot) return deps.snapshot(includes, stream.sessions)
  if (deps.store.listSessions) return deps.store.listSessions(includes)
  return deps.store.list().filter((entry) => includes(entry.sessionId))
}

/**
 * Sends the host's clock (`mux/hello`), then replays every pending question
 * `stream` may see (global arrival order), then the frames a connecting tab also gets, `mux/ready`, and the live
 * frames held meanwhile. A replay that fits in one chunk (a quarter of the
 * send cap) goes out in one synchronous turn; a larger one chunk by chunk
 * as the sink drains. A held question the replay already carried is not
 * sent twice: nothing slips, nothing doubles.
 */
export async function replay<P>(context: ReplayContext<P>, stream: Stream<P>): Promise<void> {
  const { deps, sees, deliver, deliverQuestion } = context
  const chunkBytes = Math.max(MIN_CHUNK_BYTES, Math.floor(deps.maxBufferedBytes / 4))
  // Taken before anything else: a frame published from here on is held and
  // follows mux/ready, so the replay never says again what the held frames say
  // (a recent ending before its own question/requested, held meanwhile).
  const also = deps.replayAlso?.() ?? []
  const found = pendingFor(context, stream)
  const entries = found instanceof Promise ? await found : found
  if (!context.isOpen(stream)) return
  const replayed = new Set<string>()
  const streamed = stream.sink.drained !== undefined
  let next = 0
  let chunks = 0
  const sendChunk = () => {
    chunks += 1
    // First of all, the host's clock (every time the replay carries is host time) and instance.
    if (chunks === 1) deliver(stream, hello(deps))
    const start = stream.sink.bufferedBytes()
    while (next < entries.length && context.isOpen(stream)) {
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
    if (!context.isOpen(stream)) return
    if (next >= entries.length) break
    await stream.sink.drained?.()
    if (!context.isOpen(stream)) return
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
