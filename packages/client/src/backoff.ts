/** The first reconnect delay. */
export const BACKOFF_BASE_MS = 250
/** The longest reconnect delay. */
export const BACKOFF_MAX_MS = 10_000

/**
 * The delay before reconnect attempt `attempt` (0 for the first): exponential
 * from 250 ms, capped at 10 s, with jitter that keeps it within
 * [half, full] of the exponential step and never below 250 ms.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt))
  const jittered = step / 2 + (step / 2) * Math.min(1, Math.max(0, random()))
  return Math.round(Math.max(BACKOFF_BASE_MS, jittered))
}
