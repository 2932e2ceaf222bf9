import type { QuestionTransport } from './client.types.ts'
import type { Downlinks } from './downlinks.ts'
import type { ProblemReport } from './problems.ts'
import type { SessionStore } from './session-store.ts'

/** What the lifecycle drives: the connection that keeps one downlink open. */
interface Connection {
  start(): void
  reconnect(): void
  stop(): void
}

/** `idle` until started, `started` until disposed; a disposed client never starts again. */
export interface Lifecycle {
  start(): void
  reconnect(): void
  dispose(): void
}

/**
 * Starts the connection once, or says why it cannot (no `WebSocket` /
 * `EventSource` here), reconnects it on demand and stops it for good.
 */
export function createLifecycle(
  connection: Connection,
  downlinks: Downlinks,
  sessions: SessionStore,
  problems: ProblemReport,
  transport: QuestionTransport | undefined,
): Lifecycle {
  let phase: 'idle' | 'started' | 'disposed' = 'idle'
  function start(): void {
    if (phase !== 'idle') return
    phase = 'started'
    if (downlinks.available()) {
      connection.start()
      return
    }
    sessions.setConnection('closed')
    const missing = transport === 'sse' ? 'EventSource' : 'WebSocket'
    const message = `No ${missing} in this runtime: start the client in the browser, or pass one.`
    problems.set({ reason: 'no-transport', message }, 'TRANSPORT_UNAVAILABLE')
  }
  return {
    start,
    reconnect() {
      if (phase === 'idle') return start()
      if (phase === 'started' && downlinks.available()) connection.reconnect()
    },
    dispose() {
      if (phase === 'disposed') return
      const wasStarted = phase === 'started'
      phase = 'disposed'
      if (wasStarted) connection.stop()
      else sessions.setConnection('closed')
    },
  }
}
