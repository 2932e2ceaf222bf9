/** Calls each listener with `value`; one that throws does not stop the others. */
export function emit<T>(listeners: Set<(value: T) => void>, value: T): void {
  for (const listener of [...listeners]) {
    try {
      listener(value)
    } catch {
      // A listener's failure must not break the downlink.
    }
  }
}
