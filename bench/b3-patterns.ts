/**
 * B3.hostile-pattern-answer: what validating one typed answer costs when its
 * question's `input.pattern` is one that backtracks exponentially in a
 * backtracking engine (overlapping alternations under one star), against a
 * plain pattern measured in the same run. Each sample times a batch of
 * `validateAnswer` calls (answers of 30 and 4,000 characters that end in a
 * character the pattern refuses, the worst case for backtracking); patterns
 * alternate sample by sample, after a warm-up. The figure is the worst
 * hostile pattern's median, the baseline the plain pattern's.
 */
import { validateAnswer } from '../packages/seam/src/index.ts'
import { type Entry, entry } from './lib/results.ts'
import { median, now } from './lib/stats.ts'

const PLAIN = '^[a-z]+$'
const HOSTILE = ['^(\\w|\\w)*$', '^(?:a|a)*$', '^([a-z]|[a-z0-9])*$']
const LENGTHS = [30, 4_000]
const BATCH = 50

function sample(pattern: string, text: string): number {
  const request = { questions: [{ id: 'w', question: 'Word?', input: { pattern } }] }
  const answer = { answers: [{ id: 'w', selected: [], custom: text }] }
  const started = now()
  for (let i = 0; i < BATCH; i++)
    if (validateAnswer(request, answer).ok) throw new Error(`${pattern} matched ${text}`)
  return (now() - started) / BATCH
}

export async function runPatterns(quick: boolean): Promise<Entry[]> {
  const samples = quick ? 40 : 200
  const warmup = quick ? 10 : 40
  const patterns = [PLAIN, ...HOSTILE]
  let worst = { ratio: 0, value: 0, baseline: 0, pattern: '', length: 0 }
  for (const length of LENGTHS) {
    const text = `${'a'.repeat(length - 1)}!`
    const times = new Map<string, number[]>(patterns.map((pattern) => [pattern, []]))
    for (let round = 0; round < warmup + samples; round++)
      for (const pattern of patterns) {
        const ms = sample(pattern, text)
        if (round >= warmup) times.get(pattern)?.push(ms)
      }
    const baseline = median(times.get(PLAIN) ?? [])
    for (const pattern of HOSTILE) {
      const value = median(times.get(pattern) ?? [])
      if (value / baseline > worst.ratio)
        worst = { ratio: value / baseline, value, baseline, pattern, length }
    }
  }
  return [
    entry({
      name: 'B3.hostile-pattern-answer.p50',
      value: worst.value * 1000,
      baseline: worst.baseline * 1000,
      unit: 'µs',
      budget: 2,
      budgetOnRatio: true,
      note: `worst of ${HOSTILE.join(', ')} at 30 and 4,000 characters: ${worst.pattern} at ${worst.length}; baseline ${PLAIN}, same answer; ${samples} samples of ${BATCH} answers each`,
    }),
  ]
}
