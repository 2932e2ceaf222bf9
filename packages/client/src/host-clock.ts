import type { DownlinkFrame, MuxHelloFrame } from '@parley/seam/wire'

/**
 * Clocks closer than this are taken to agree, and a difference that moved
 * by less than this is kept: what a `mux/hello` frame measures also holds
 * the frame's trip, so a smaller change is noise, and a deadline never
 * jitters by a few milliseconds from one connection to the next.
 */
const CLOCK_TOLERANCE_MS = 1_000

/** The host times a question frame may carry (`by.at` besides). */
const TIMES = ['requestedAt', 'deadlineAt', 'until'] as const

/**
 * The host's clock as this client sees it, and which host instance it last reached. Every time on the wire is host
 * time; a browser whose clock is off (a laptop a year behind, a phone set by
 * hand) would count a deadline down from the wrong moment: a card with a
 * minute to go shown as expired, or a wait of a year. Each connection's
 * `mux/hello` sets the difference; {@link HostClock.local} reads a frame's
 * times in this client's clock, so everything the store holds is local time.
 */
export interface HostClock {
  /**
   * A `mux/hello` arrived: sets the difference from its `now`, and says
   * whether the host is another instance than the one this client last
   * reached (it restarted, and what it held is gone).
   */
  set(hello: MuxHelloFrame): boolean
  /** `frame` with its host times moved to this client's clock (the same object when they agree). */
  local(frame: DownlinkFrame): DownlinkFrame
}

export function createHostClock(now: () => number = Date.now): HostClock {
  let offset = 0
  let instance: string | undefined
  return {
    set(hello) {
      const restarted = instance !== undefined && hello.instance !== instance
      instance = hello.instance
      const measured = now() - hello.now
      // Moves only by a second or more: each reconnect measures the trip anew.
      if (Math.abs(measured - offset) >= CLOCK_TOLERANCE_MS) offset = measured
      if (Math.abs(offset) < CLOCK_TOLERANCE_MS) offset = 0
      return restarted
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
