/** The q-quantile (0..1) of `values`, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank] ?? Number.NaN
}

export const median = (values: readonly number[]) => quantile(values, 0.5)

/** Milliseconds since an arbitrary origin, sub-microsecond resolution. */
export const now = () => Number(process.hrtime.bigint()) / 1e6

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
