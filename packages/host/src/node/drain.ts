/** The part of a Node writable stream flow control needs. */
interface Drainable {
  readonly writableNeedDrain: boolean
  readonly destroyed: boolean
  once(event: 'drain' | 'close', listener: () => void): unknown
  off(event: 'drain' | 'close', listener: () => void): unknown
}

/** Resolves when `stream` no longer needs to drain (at once if it does not), or when it closes. */
export function whenDrained(stream: Drainable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done)
      stream.off('close', done)
      resolve()
    }
    stream.once('drain', done)
    stream.once('close', done)
  })
}
