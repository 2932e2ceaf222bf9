/**
 * B7: the Markdown detail in real Chromium (see bench/README.md for the method).
 * Each hostile shape of bench/lib/markdown-shapes.ts, at the documented size
 * limit and at 5× it, is shown as a question's detail; the main thread's
 * tasks are traced (long task: over 100 ms of thread CPU time), and the CPU
 * time of showing each is compared with prose of the same size, interleaved.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { type CDPSession, chromium, type Page } from 'playwright'
import { MARKDOWN_LIMITS } from '../packages/react/src/markdown/limits.ts'
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts'
import { SHAPES, type ShapeName } from './lib/markdown-shapes.ts'
import { type Entry, entry } from './lib/results.ts'
import { median } from './lib/stats.ts'
import { rendererTasks } from './lib/trace.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}bench/.out/b7`
/**
 * A long task: over 100 ms of main-thread CPU, on a machine where prose of
 * the documented size shows in at most 100 / PROSE_SHARE ms. On a slower run
 * (other tenants on the cores stretch CPU time too) the bar is that many
 * times this run's prose median instead, so the count judges the detail, not
 * the machine's load (bench/README.md, B7).
 */
const LONG_TASK_MS = 100
const PROSE_SHARE = 8

async function buildPage(): Promise<string> {
  await build({
    entryPoints: [`${root}bench/page/b7/main.tsx`],
    absWorkingDir: root,
    bundle: true,
    format: 'iife',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    outfile: `${out}/main.js`,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  })
  writeFileSync(
    `${out}/index.html`,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parley B7</title>
<link rel="stylesheet" href="${root}packages/react/src/styles.css"></head>
<body><main style="max-width:720px;margin:24px auto"><div id="card"></div></main>
<script src="main.js"></script></body></html>`,
  )
  return `file://${out}/index.html`
}

/** Main-thread CPU time (script, style, layout) of the renderer so far, ms. */
async function mainThreadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const of = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0
  return (of('ScriptDuration') + of('RecalcStyleDuration') + of('LayoutDuration')) * 1000
}

/** CPU ms of showing `source` as a detail, from a page without a card. */
async function showCost(page: Page, cdp: CDPSession, source: string): Promise<number> {
  await page.evaluate(() => window.__b7.clear())
  const before = await mainThreadMs(cdp)
  await page.evaluate((text) => window.__b7.show(text), source)
  return (await mainThreadMs(cdp)) - before
}

const HOSTILE = (Object.keys(SHAPES) as ShapeName[]).filter((name) => name !== 'prose')

export async function runMarkdown(quick: boolean): Promise<Entry[]> {
  const samples = quick ? 3 : 7
  const size = MARKDOWN_LIMITS.characters
  const url = await buildPage()
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const page = await browser.newPage()
    const errors: Error[] = []
    page.on('pageerror', (error) => errors.push(error))
    await page.goto(url)
    await page.evaluate(() => window.__b7.ready)
    const cdp = await page.context().newCDPSession(page)
    // threadTicks: CPU time of the renderer's main thread, not wall time.
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
    // The page's first detail, cold: what the first card a person sees costs (a report).
    const coldMs = await showCost(page, cdp, SHAPES.prose(size))
    // Warm-up at the sizes measured: the first show of each shape at full size
    // pays for V8 compiling its paths (prose 152 ms, then 14–17 ms, in one probe).
    for (const name of ['prose', ...HOSTILE] as ShapeName[])
      for (const bytes of [size, size * 5]) await showCost(page, cdp, SHAPES[name](bytes))

    const ratios: [ShapeName, number, number][] = []
    /** Per shape, the longest task of each round. */
    const traces: [ShapeName, number[]][] = []
    let tasks = 0
    const prose = SHAPES.prose(size)
    for (const name of HOSTILE) {
      const hostile = [SHAPES[name](size), SHAPES[name](size * 5)]
      const a: number[] = []
      const b: number[] = []
      const longest: number[] = []
      for (let round = 0; round < samples; round++) {
        const first = round % 2 === 0
        await browser.startTracing(page, { categories: ['toplevel'] })
        if (first) a.push(await showCost(page, cdp, hostile[0] ?? ''))
        b.push(await showCost(page, cdp, prose))
        if (!first) a.push(await showCost(page, cdp, hostile[0] ?? ''))
        await showCost(page, cdp, hostile[1] ?? '')
        const traced = rendererTasks(await browser.stopTracing())
        tasks += traced.length
        longest.push(Math.max(0, ...traced.map((task) => task.cpu)))
      }
      traces.push([name, longest])
      ratios.push([name, median(a), median(b)])
    }
    if (errors.length > 0) throw errors[0]
    const proseMs = median(ratios.map(([, , base]) => base))
    const longMs = Math.max(LONG_TASK_MS, PROSE_SHARE * proseMs)
    const worstTask = Math.max(0, ...traces.flatMap(([, cpu]) => cpu))
    // A shape has a long task when the median of its rounds' longest tasks is
    // over the bar: one stall (a major GC, another tenant) is not the shape's.
    const offenders = traces.filter(([, longest]) => median(longest) > longMs)
    const long = offenders.length
    const over = offenders.map(
      ([name, cpu]) => `${name} ${cpu.map((ms) => ms.toFixed(0)).join('/')} ms`,
    )
    ratios.sort((x, y) => y[1] / y[2] - x[1] / x[2])
    const [worst] = ratios
    const list = ratios
      .map(([name, cost, base]) => `${name} ${(cost / base).toFixed(2)}× (${cost.toFixed(0)} ms)`)
      .join(', ')
    return [
      entry({
        name: 'B7.detail-long-tasks',
        value: long,
        unit: 'shapes',
        budget: 0,
        note: `shapes whose rounds' longest main-thread task has a median over ${longMs.toFixed(0)} ms of CPU (${LONG_TASK_MS} ms, or ${PROSE_SHARE}× prose's median of ${proseMs.toFixed(1)} ms when more) while showing ${HOSTILE.length} hostile shapes at ${size} and ${size * 5} characters and prose (${tasks} tasks traced, n=${samples} each); the longest took ${worstTask.toFixed(0)} ms, and the page's first detail (prose, cold) ${coldMs.toFixed(0)} ms (reports)${over.length > 0 ? `; over: ${over.join(', ')}` : ''}`,
      }),
      entry({
        name: 'B7.detail-worst-shape',
        value: worst?.[1] ?? Number.NaN,
        unit: 'ms',
        baseline: worst?.[2] ?? Number.NaN,
        budget: 4,
        budgetOnRatio: true,
        note: `main-thread CPU (script, style, layout) of showing a ${size}-character detail, medians, vs prose of the same size interleaved; worst first: ${list}`,
      }),
    ]
  } finally {
    await browser.close()
  }
}
