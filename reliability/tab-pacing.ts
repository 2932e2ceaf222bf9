import type { TabLinks } from './tab-links.ts'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Runs callbacks in order; while the tab is slow (or something is still held
 * back) each one waits a few ms first.
 */
export function createPacer(links: TabLinks, random: () => number) {
  const slow = () => links.slow
  let queue = Promise.resolve()
  let held = 0
  return {
    run(callback: () => void | Promise<void>): void {
      if (!slow() && held === 0) {
        void callback()
        return
      }
      held += 1
      if (slow()) links.paced += 1
      const wait = Math.floor(random() * 3)
      queue = queue
        .then(() => (slow() ? sleep(wait) : undefined))
        .then(callback)
        .finally(() => {
          held -= 1
        })
    },
  }
}

export type Pacer = ReturnType<typeof createPacer>
