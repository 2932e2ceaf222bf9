/**
 * `tsx bench/markdown-cost.ts [sizes] [shapes]`: the CPU time micromark (with
 * the GFM extensions the detail uses) takes on each shape of
 * bench/lib/markdown-shapes.ts, raw and through the detail's limits, in Node.
 * A quick look for shapes and thresholds; the judged figure is B7, in Chromium.
 * Example: `tsx bench/markdown-cost.ts 4096,10000 prose,table,nestedImages`.
 */
import { markdownEnd } from '../packages/react/src/markdown/limits.ts'
import { parseMarkdown } from '../packages/react/src/markdown/parse.ts'
import { SHAPES } from './lib/markdown-shapes.ts'

const sizes = (process.argv[2] ?? '2048,4096,10000').split(',').map(Number)
const only = process.argv[3]?.split(',')

const cpu = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** Best of three (fewer when one run is already slow), ms of CPU. */
function cost(run: () => unknown): number {
  let best = Number.POSITIVE_INFINITY
  for (let round = 0; round < 3 && (round === 0 || best < 1000); round++) {
    const started = cpu()
    run()
    best = Math.min(best, cpu() - started)
  }
  return best
}

// Warm the parser up on every shape, so the first row does not pay for compilation.
for (const make of Object.values(SHAPES))
  parseMarkdown(make(2000).slice(0, markdownEnd(make(2000))))

console.log(`shape: raw ms / bounded ms (share parsed) at ${sizes.join(', ')} characters`)
for (const [name, make] of Object.entries(SHAPES)) {
  if (only && !only.includes(name)) continue
  const cells = sizes.map((size) => {
    const source = make(size)
    const end = markdownEnd(source)
    const raw =
      size > 8192 && !name.startsWith('bounded') && name !== 'prose'
        ? Number.NaN
        : cost(() => parseMarkdown(source))
    const bounded = cost(() => parseMarkdown(source.slice(0, end)))
    return `${raw.toFixed(0)} / ${bounded.toFixed(0)} (${Math.round((100 * end) / source.length)}%)`
  })
  console.log(`${name.padEnd(17)}${cells.join('   ')}`)
}
