/**
 * Reads a Chromium trace (the `toplevel` category, from
 * `browser.startTracing`): the tasks the renderer's main thread ran, with
 * their wall time and their thread (CPU) time.
 */

interface TraceEvent {
  ph: string
  name: string
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

export interface MainThreadTask {
  /** Wall time, ms. */
  wall: number
  /** Time the thread ran on a CPU, ms: what a task costs on a machine nobody else uses. */
  cpu: number
}

/** Every top-level task of every renderer main thread (`CrRendererMain`) in the trace. */
export function rendererTasks(trace: Buffer): MainThreadTask[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? [])
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  return events
    .filter(
      (e) =>
        e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && main.has(`${e.pid}:${e.tid}`),
    )
    .map((e) => ({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 }))
}
