import type { HubDeps, Stream } from './mux-stream.ts'

/**
 * The hub's open streams and how a frame reaches one: only a stream that may
 * see the session gets it, and a stream that cannot take it (its send threw,
 * or it buffers past the cap) is dropped; the client reconnects.
 */
export function createStreamSet<P>(
  deps: Pick<HubDeps<P>, 'canAccess' | 'shown' | 'maxBufferedBytes' | 'report'>,
) {
  const streams = new Set<Stream<P>>()

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

  /**
   * Offers a frame of `sessionId` to every stream that may see it (`requested`
   * or `resolved`: the rpcId when it asks or ends a question): sent at once,
   * or held while the stream's replay runs; a question the replay carried is
   * not sent twice.
   */
  function offer(
    sessionId: string,
    requested: string | undefined,
    resolved: string | undefined,
    text: string,
  ): void {
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

  return { streams, sees, deliver, deliverQuestion, leave, drop, offer }
}
