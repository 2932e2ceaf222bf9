import { expect } from 'vitest'

type Figure = [string, number | string]

/**
 * The figures and failures of one part of the suite. Each test opens a
 * `verdict`, records its checks, and ends with `verdict.settle()`, which fails
 * the test with every broken check and what the host actually did.
 */
export function createLedger() {
  const figures: Figure[] = []
  let failures = 0

  return {
    figures,
    get failures() {
      return failures
    },
    /** Records a measured value (not a check). */
    figure(name: string, value: number | string) {
      figures.push([name, value])
    },
    verdict() {
      const broken: string[] = []
      return {
        /**
         * Records a check of one or more cases as a `passed/total` figure;
         * `observed` says what the host did, for the failure message.
         */
        hold(name: string, results: boolean | boolean[], observed?: unknown): boolean {
          const cases = Array.isArray(results) ? results : [results]
          const passed = cases.filter(Boolean).length
          figures.push([name, `${passed}/${cases.length}`])
          failures += cases.length - passed
          const held = passed === cases.length
          if (!held) broken.push(`${name}: ${render(observed)}`)
          return held
        },
        /** Fails the test with every check that did not hold. */
        settle() {
          expect(broken).toEqual([])
        },
      }
    },
  }
}

function render(value: unknown): string {
  if (value === undefined) return 'did not hold'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 600 ? `${text.slice(0, 600)}…` : text
}

export type Ledger = ReturnType<typeof createLedger>

/** Counts of each value, as `a×3, b×1` (for status figures). */
export function countsOf(values: readonly (string | number | null)[]): string {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1)
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value, count]) => `${value}×${count}`)
    .join(', ')
}
