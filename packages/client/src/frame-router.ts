import type { AppFrame, DownlinkFrame } from '@parley/seam/wire'
import { isFrame } from './frames.ts'
import { createHostClock } from './host-clock.ts'
import { emit } from './listeners.ts'
import type { SessionStore } from './session-store.ts'

/** Where each valid downlink frame goes: the session store, or the app's listeners. */
export interface FrameRouter {
  /** One frame, tagged with whether `mux/ready` came yet on this socket. */
  onFrame(frame: DownlinkFrame, live: boolean): void
  /** A new socket is being opened: its replay starts from scratch. */
  onSocket(): void
}

/**
 * Routes frames into `sessions`, with host times read in this client's clock,
 * and reconciles the store with each replay once `mux/ready` ends it.
 */
export function createFrameRouter(
  sessions: SessionStore,
  appListeners: Set<(frame: AppFrame) => void>,
): FrameRouter {
  // The requests this socket's replay carried: what the store holds beyond them is gone.
  let replayed = new Set<string>()
  // Host times are read in this client's clock, so the store holds local time.
  const hostClock = createHostClock()
  // This connection reached another host instance than the last: what the replay lacks is lost.
  let restarted = false
  return {
    onFrame(received, live) {
      const frame = hostClock.local(received)
      if (isFrame(frame, 'mux/hello')) restarted = hostClock.set(frame)
      else if (isFrame(frame, 'question/requested')) {
        if (!live) replayed.add(frame.rpcId)
        sessions.request(frame)
      } else if (isFrame(frame, 'question/resolved')) {
        const { outcome, by, answer, reason } = frame
        sessions.retire(frame.sessionId, frame.rpcId, { outcome, by, answer, because: reason })
      } else if (isFrame(frame, 'question/deadline')) {
        sessions.moveDeadline(frame.sessionId, frame.rpcId, frame.deadlineAt)
      } else if (isFrame(frame, 'question/answer')) {
        sessions.answer(frame)
      } else if (frame.type === 'mux/ready') {
        sessions.reconcile(replayed, restarted)
        replayed = new Set()
        restarted = false
      } else emit(appListeners, frame)
    },
    onSocket() {
      replayed = new Set()
    },
  }
}
