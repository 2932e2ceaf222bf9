import type { WebSocket } from './host.ts'

export type Frame = { type: string; rpcId?: string; sessionId?: string; [key: string]: unknown }

/**
 * Reads a socket's frames and lets a caller wait for the next one that
 * matches. Frames nobody waits for are kept in `frames`.
 */
export class FrameReader {
  readonly frames: Frame[] = []
  private waiters: { test: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = []

  constructor(socket: WebSocket, onFrame?: (frame: Frame, text: string) => void) {
    socket.on('message', (data) => {
      const text = String(data)
      const frame = JSON.parse(text) as Frame
      onFrame?.(frame, text)
      const index = this.waiters.findIndex((waiter) => waiter.test(frame))
      if (index >= 0) {
        const [waiter] = this.waiters.splice(index, 1)
        waiter?.resolve(frame)
      } else this.frames.push(frame)
    })
  }

  /** The next frame (from now on) that passes `test`. */
  next(test: (frame: Frame) => boolean): Promise<Frame> {
    return new Promise((resolve) => this.waiters.push({ test, resolve }))
  }
}

/** Resolves when the socket is open; rejects on an error first. */
export function opened(socket: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
}
