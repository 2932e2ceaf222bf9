/**
 * Faults B5 can inject to prove each figure can miss (`B5_INJECT=<fault>
 * pnpm bench --only=B5`, see bench/README.md): work on the measured path
 * only, never on a baseline's.
 */

export type Fault = 'slow-choice' | 'slow-card' | 'shift' | 'long-task' | 'leak'

const FAULTS: readonly string[] = ['slow-choice', 'slow-card', 'shift', 'long-task', 'leak']

/** The fault named by the page's `?inject=`, or null. */
export const fault: Fault | null = (() => {
  const name = new URLSearchParams(location.search).get('inject')
  if (name === null) return null
  if (!FAULTS.includes(name)) throw new Error(`unknown fault ${name}`)
  return name as Fault
})()

let sink = 0
function spin(iterations: number): void {
  for (let i = 0; i < iterations; i++) sink = (sink * 31 + i) % 1_000_003
}

/**
 * Iterations of `spin` per ms on this CPU: the fastest of many 1 ms windows,
 * so a window in which the renderer was descheduled does not count.
 */
const perMs = (() => {
  if (fault === null) return 0
  let best = 0
  for (let window = 0; window < 30; window++) {
    const start = performance.now()
    let iterations = 0
    while (performance.now() - start < 1) {
      spin(1000)
      iterations += 1000
    }
    best = Math.max(best, iterations / (performance.now() - start))
  }
  return best
})()

/** Keeps the main thread busy with `ms` of CPU work (longer in wall time on a loaded machine). */
export function busy(ms: number): void {
  spin(Math.round(ms * perMs))
}

const CARD = '[data-scope="question-composer"][data-part="root"]'

/** Installs the page-wide faults (`shift`, `long-task`, `leak`); the others sit on their paths. */
export function injectPageFaults(): void {
  if (fault === 'shift') {
    // Each new card's content moves down 40 px a moment after it is painted.
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          const card =
            node instanceof HTMLElement ? (node.closest(CARD) ?? node.querySelector(CARD)) : null
          if (card instanceof HTMLElement && !card.style.paddingTop)
            setTimeout(() => {
              card.style.paddingTop = '40px'
            }, 100)
        }
    }).observe(document.body, { subtree: true, childList: true })
  }
  if (fault === 'long-task') {
    let keys = 0
    document.addEventListener('keydown', () => {
      if (++keys % 40 === 0) busy(80)
    })
  }
  if (fault === 'leak') {
    // Every removed subtree (each unmounted card among them) stays reachable.
    const kept: Node[] = []
    Object.assign(window, { __b5kept: kept })
    new MutationObserver((records) => {
      for (const record of records) kept.push(...record.removedNodes)
    }).observe(document.body, { subtree: true, childList: true })
  }
}
