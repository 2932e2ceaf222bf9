import type { DownlinkFrame } from '@parley/seam/wire'

/**
 * Clocks closer than this are taken to agree, and a difference that moved
 * by less than this is kept: what a `mux/clock` frame measures also holds
 * the frame's trip, so a smaller change is noise, and a deadline never
 * jitters by a few milliseconds from one connection to the next.
 */
export const CLOCK_TOLERANCE_MS = 1_000

/** The host times a question frame may carry (`by.at` besides). */
const TIMES = ['requestedAt', 'deadlineAt', 'until'] as const

/**
 * The host's clock as this client sees it. Every time on the wire is host
 * time; a browser whose clock is off (a laptop a year behind, a phone set by
 * hand) would count a deadline down from the wrong moment: a card with a
 * minute to go shown as expired, or a wait of a year. Each connection's
 * `mux/clock` sets the difference; {@link HostClock.local} reads a frame's
 * times in this client's clock, so everything the store holds is local time.
 */
export interface HostClock {
  /** A `mux/clock` arrived: the host's `now`. */
  set(hostNow: number): void
  /** `frame` with its host times moved to this client's clock (the same object when they agree). */
  local(frame: DownlinkFrame): DownlinkFrame
}

export function createHostClock(now: () => number = Date.now): HostClock {
  let offset = 0
  return {
    set(hostNow) {
      const measured = now() - hostNow
      // Moves only by a second or more: each reconnect measures the trip anew.
      if (Math.abs(measured - offset) >= CLOCK_TOLERANCE_MS) offset = measured
      if (Math.abs(offset) < CLOCK_TOLERANCE_MS) offset = 0
    },
    local(frame) {
      // An app frame's fields are the app's own: only the host's frames are read.
      if (offset === 0 || !frame.type.startsWith('question/')) return frame
      const moved: Record<string, unknown> = { ...frame }
      for (const key of TIMES) {
        const time = moved[key]
        if (typeof time === 'number') moved[key] = time + offset
      }
      const by = moved.by as { at: number } | undefined
      if (by) moved.by = { ...by, at: by.at + offset }
      return moved as DownlinkFrame
    },
  }
}
