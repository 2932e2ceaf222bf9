/** The periodic tasks of one node (heartbeat, re-check), stoppable so none writes after leaving. */
export interface Ticker {
  /** Runs `task` every `ms`; its errors are reported under `where`. */
  every(ms: number, task: () => Promise<void>, where: string): void
  /** Stops every task, then waits for the ticks still running. */
  stop(): Promise<void>
}

export function createTicker(report: (error: unknown, where: string) => void): Ticker {
  let timers: ReturnType<typeof setInterval>[] = []
  /** Ticks still running: stopping waits for them. */
  const ticking = new Set<Promise<void>>()
  return {
    every(ms, task, where) {
      const handle = setInterval(() => {
        const tick: Promise<void> = task()
          .catch((error: unknown) => report(error, where))
          .finally(() => ticking.delete(tick))
        ticking.add(tick)
      }, ms)
      handle.unref?.()
      timers.push(handle)
    },
    async stop() {
      for (const handle of timers) clearInterval(handle)
      timers = []
      await Promise.all(ticking)
    },
  }
}
