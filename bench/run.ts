/**
 * `pnpm bench [--quick] [--only B1,B3]`: runs the benchmarks, writes
 * bench/results.json and bench/RESULTS.md, exits 1 when a figure misses its budget.
 */

import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import { runBundle } from './b1-bundle.ts'
import { runTyping } from './b2-typing.ts'
import { runLatency } from './b3-latency.ts'
import { runPatterns } from './b3-patterns.ts'
import { runScale } from './b4-scale.ts'
import { runFeel } from './b5-feel.ts'
import { runCluster } from './b6-cluster.ts'
import { runMarkdown } from './b7-markdown.ts'
import { runObserved } from './b8-observed.ts'
import { type Entry, failed } from './lib/results.ts'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const onlyArg = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
const only = onlyArg ? new Set(onlyArg.split(',')) : null

const suites: [string, string, () => Promise<Entry[]>][] = [
  ['B1', 'bundle', () => runBundle()],
  ['B2', 'typing cost in Chromium', () => runTyping(quick)],
  ['B3', 'host latency against the wire', () => runLatency(quick)],
  ['B3', 'answers to hostile patterns', () => runPatterns(quick)],
  ['B4', 'host scale', () => runScale(quick)],
  ['B5', 'what the user feels, in Chromium', () => runFeel(quick)],
  ['B6', 'host cluster on PostgreSQL', () => runCluster(quick)],
  ['B7', 'the Markdown detail in Chromium', () => runMarkdown(quick)],
  ['B8', 'audit log and telemetry overhead', () => runObserved(quick)],
]

const entries: Entry[] = []
const started = Date.now()
for (const [id, title, run] of suites) {
  if (only && !only.has(id)) continue
  const t0 = Date.now()
  process.stdout.write(`${id} ${title}… `)
  try {
    entries.push(...(await run()))
  } catch (error) {
    entries.push(failed(`${id}.error`, error))
    console.error(error)
  }
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`)
}

const meta = {
  date: new Date().toISOString(),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
  quick,
  durationSeconds: Number(((Date.now() - started) / 1000).toFixed(1)),
}

const fmt = (value: number | undefined) =>
  value === undefined || Number.isNaN(value)
    ? '—'
    : Math.abs(value) >= 100
      ? value.toFixed(0)
      : value.toFixed(Math.abs(value) >= 10 ? 1 : 2)

function budgetText(entry: Entry): string {
  if (entry.budget === null) return 'report'
  const op = entry.direction === 'max' ? '≤' : '≥'
  return entry.onRatio ? `ratio ${op} ${entry.budget}` : `${op} ${entry.budget} ${entry.unit}`
}

export function markdownTable(list: Entry[]): string {
  const rows = list.map(
    (entry) =>
      `| ${entry.name} | ${fmt(entry.value)} ${entry.unit} | ${entry.baseline === undefined ? '—' : `${fmt(entry.baseline)} ${entry.unit}`} | ${entry.ratio === undefined ? '—' : fmt(entry.ratio)} | ${budgetText(entry)} | ${entry.budget === null ? '—' : entry.pass ? 'pass' : '**miss**'} |`,
  )
  return [
    '| figure | value | baseline | ratio | budget | result |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n')
}

const notes = entries
  .filter((entry) => entry.note)
  .map((entry) => `- **${entry.name}**: ${entry.note}`)
  .join('\n')
const markdown = `# Benchmark results

${markdownTable(entries)}

${meta.quick ? 'Quick run' : 'Full run'} on ${meta.date.slice(0, 10)}: Node ${meta.node}, ${meta.cpus} × ${meta.cpuModel}, ${meta.memoryGiB} GiB, ${meta.durationSeconds} s. Method: bench/README.md.

${notes}
`

const dir = fileURLToPath(new URL('.', import.meta.url))
writeFileSync(`${dir}results.json`, `${JSON.stringify({ meta, entries }, null, 2)}\n`)
writeFileSync(`${dir}RESULTS.md`, markdown)
console.log(`\n${markdownTable(entries)}\n`)
const missed = entries.filter((entry) => !entry.pass)
console.log(
  missed.length === 0
    ? `all ${entries.length} figures within budget`
    : `${missed.length} of ${entries.length} figures missed: ${missed.map((e) => e.name).join(', ')}`,
)
process.exitCode = missed.length === 0 ? 0 : 1
