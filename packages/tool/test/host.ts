// The tool's tests run the real host (its test helpers, as the client's do) with manual timers.
import type { RegisteredInfo } from '../../host/src/index.ts'
import { manualTimers, startHost, type TestHost } from '../../host/test/helpers.ts'

export interface HostWithClock {
  running: TestHost
  clock: ReturnType<typeof manualTimers>
  /** Resolves with the first ask the host registers (its deadline is armed by then). */
  registered: Promise<RegisteredInfo>
}

/** A real host whose timers the test fires by hand. Close it with `running.close()`. */
export async function hostWithClock(): Promise<HostWithClock> {
  const clock = manualTimers()
  let onRegistered: (info: RegisteredInfo) => void = () => {}
  const registered = new Promise<RegisteredInfo>((resolve) => {
    onRegistered = resolve
  })
  const running = await startHost({ timers: clock.timers, onRegistered })
  return { running, clock, registered }
}
