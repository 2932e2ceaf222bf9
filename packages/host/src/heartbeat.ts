import type { HostTimers } from './types.ts'

/**
 * One interval for every open stream's health check. It runs only while some
 * stream is registered, so an idle host keeps no timer alive.
 */
export function createHeartbeat(timers: HostTimers, intervalMs: number) {
  const beats = new Set<() => void>()
  let handle: unknown
  function tick(): void {
    for (const beat of [...beats]) {
      try {
        beat()
      } catch {
        // One broken stream must not stop the others' checks.
      }
    }
  }
  return {
    /** Calls `beat` every interval until the returned function is called. */
    add(beat: () => void): () => void {
      beats.add(beat)
      if (handle === undefined) {
        handle = timers.setInterval(tick, intervalMs)
        ;(handle as { unref?: () => void }).unref?.()
      }
      return () => {
        beats.delete(beat)
        if (beats.size === 0 && handle !== undefined) {
          timers.clearInterval(handle)
          handle = undefined
        }
      }
    },
    stop(): void {
      beats.clear()
      if (handle !== undefined) timers.clearInterval(handle)
      handle = undefined
    },
  }
}

export type Heartbeat = ReturnType<typeof createHeartbeat>
