/**
 * What B5 reads in the page: when the DOM first shows something, the next
 * frame after it, and the layout shifts and long tasks Chromium reports.
 */

/** One measured sample, in ms of `performance.now()`. */
export interface PaintSample {
  /** The triggering event's `timeStamp` (a click, or a WebSocket message). */
  start: number
  /** The DOM shows it (the mutation observer's callback saw it). */
  shown: number
  /** The next `requestAnimationFrame` callback after that. */
  raf: number
  /** A task posted from that callback ran: the frame's style, layout and paint are done. */
  painted: number
}

export interface Shift {
  value: number
  startTime: number
  hadRecentInput: boolean
  /** The moved nodes, as `tag.class` or `tag[data-part]`. */
  sources: string[]
}

export interface LongTask {
  startTime: number
  duration: number
}

/** The time at the start of a task posted now (a message: unlike setTimeout, never clamped). */
export function nextTask(): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve(performance.now())
    }
    channel.port2.postMessage(null)
  })
}

/** The next frame: its rAF callback, and a task posted from there (after style, layout, paint). */
export function nextPaint(): Promise<{ raf: number; painted: number }> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const raf = performance.now()
      void nextTask().then((painted) => resolve({ raf, painted }))
    })
  })
}

/** The time at which `holds()` first is true, checked after every DOM change under `root`. */
export function whenDom(root: Node, holds: () => boolean): Promise<number> {
  if (holds()) return Promise.resolve(performance.now())
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!holds()) return
      observer.disconnect()
      resolve(performance.now())
    })
    observer.observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
  })
}

/** Rejects after `ms` with `what` in the message, so a sample that never shows fails the run. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** Waits for `start` (the event's timestamp), then the DOM, then the next paint. */
export async function measure(
  start: Promise<number>,
  root: Node,
  holds: () => boolean,
): Promise<PaintSample> {
  const [at, shown] = await within(Promise.all([start, whenDom(root, holds)]), 5000, 'paint sample')
  const { raf, painted } = await nextPaint()
  return { start: at, shown, raf, painted }
}

function nameOf(node: Node | null): string {
  if (!(node instanceof Element)) return node ? node.nodeName.toLowerCase() : '?'
  const part = node.getAttribute('data-part')
  const tag = node.tagName.toLowerCase()
  if (part) return `${tag}[data-part=${part}]`
  return node.classList.length > 0 ? `${tag}.${[...node.classList].join('.')}` : tag
}

interface LayoutShiftEntry extends PerformanceEntry {
  value: number
  hadRecentInput: boolean
  sources: { node: Node | null }[]
}

const shifts: Shift[] = []
const longTasks: LongTask[] = []
let recording = true

/** Stops recording (and forgets) shifts and long tasks: the heap run measures Parley, not B5. */
export function stopRecording(): void {
  recording = false
  shifts.length = 0
  longTasks.length = 0
}

/** Starts recording layout shifts and long tasks for the page's life. */
export function observePerformance(): void {
  new PerformanceObserver((list) => {
    if (!recording) return
    for (const entry of list.getEntries() as LayoutShiftEntry[])
      shifts.push({
        value: entry.value,
        startTime: entry.startTime,
        hadRecentInput: entry.hadRecentInput,
        sources: entry.sources.map((source) => nameOf(source.node)),
      })
  }).observe({ type: 'layout-shift', buffered: true })
  new PerformanceObserver((list) => {
    if (!recording) return
    for (const entry of list.getEntries())
      longTasks.push({ startTime: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
}

/**
 * Resolves once nothing is loading (no `[data-loading]`, the Markdown
 * fallback's mark) and `ms` passed without a new layout shift or DOM change.
 */
export async function settled(ms: number): Promise<void> {
  await within(
    whenDom(document.body, () => !document.querySelector('[data-loading]')),
    5000,
    'load',
  )
  let changed = performance.now()
  const observer = new MutationObserver(() => {
    changed = performance.now()
  })
  observer.observe(document.body, { subtree: true, childList: true, attributes: true })
  for (;;) {
    await nextPaint()
    const last = Math.max(changed, shifts.at(-1)?.startTime ?? 0)
    if (performance.now() - last >= ms) break
    await new Promise((resolve) => setTimeout(resolve, ms / 4))
  }
  observer.disconnect()
}

/** Shifts recorded since `t`; waits a frame first so the observer has delivered them. */
export async function shiftsSince(t: number): Promise<Shift[]> {
  await nextPaint()
  return shifts.filter((shift) => shift.startTime >= t)
}

/** Long tasks that started at or after `t`. */
export async function longTasksSince(t: number): Promise<LongTask[]> {
  await nextPaint()
  return longTasks.filter((task) => task.startTime >= t)
}
