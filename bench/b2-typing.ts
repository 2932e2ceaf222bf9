/**
 * B2: typing cost in real Chromium (see bench/README.md for the method).
 * (a) the composer's custom answer on question 25 of 50 (8 options each),
 * (b) a bare controlled <textarea>; same page, same React, alternating rounds.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { type CDPSession, chromium, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts'
import { type Entry, entry } from './lib/results.ts'
import { median } from './lib/stats.ts'
import type { CommitRecord } from './page/hook.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}bench/.out/page`

const TEXT =
  'the quick brown fox jumps over the lazy dog while we wait for the rollout window to open '

async function buildPage(): Promise<string> {
  await build({
    entryPoints: [`${root}bench/page/main.tsx`],
    absWorkingDir: root,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    outfile: `${out}/main.js`,
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'css' },
    logLevel: 'error',
  })
  writeFileSync(
    `${out}/index.html`,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parley B2</title>
<link rel="stylesheet" href="${root}packages/react/src/styles.css"></head>
<body><main style="display:grid;gap:24px;max-width:720px;margin:24px auto">
<div id="composer"></div><div id="bare"></div></main>
<script src="main.js"></script></body></html>`,
  )
  return `file://${out}/index.html`
}

async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  return metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? Number.NaN
}

/** Types `count` characters into `selector`, one CDP key event at a time; returns ms of script per key. */
async function typeMeasured(page: Page, cdp: CDPSession, selector: string, count: number) {
  await page.fill(selector, '')
  await page.focus(selector)
  const costs: number[] = []
  for (let i = 0; i < count; i++) {
    const char = TEXT[i % TEXT.length] ?? 'x'
    const before = await scriptSeconds(cdp)
    await page.keyboard.type(char)
    costs.push(((await scriptSeconds(cdp)) - before) * 1000)
  }
  const value = await page.inputValue(selector)
  if (value.length !== count)
    throw new Error(`${selector} holds ${value.length}/${count} characters`)
  return costs
}

const COMPOSER_INPUT = '#composer [data-part="custom-input"]'
const BARE_INPUT = '#bare textarea'

export async function runTyping(quick: boolean): Promise<Entry[]> {
  const chars = quick ? 60 : 300
  const rounds = quick ? 2 : 4
  const url = await buildPage()
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const page = await browser.newPage()
    page.on('pageerror', (error) => {
      throw error
    })
    await page.goto(url)
    await page.locator('#composer [data-part="marker"]').nth(24).click()
    await page.waitForSelector('#composer [data-part="pager"]')
    const position = await page.locator('#composer [data-part="title"]').textContent()
    if (!position?.includes('Question 25 ')) throw new Error(`not on question 25: ${position}`)
    const cdp = await page.context().newCDPSession(page)
    // threadTicks: CPU time of the renderer's main thread, not wall time.
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })

    // Warm-up round (JIT, first-keystroke state changes), not recorded.
    await typeMeasured(page, cdp, COMPOSER_INPUT, 30)
    await typeMeasured(page, cdp, BARE_INPUT, 30)
    const composer: number[] = []
    const bare: number[] = []
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) {
        composer.push(...(await typeMeasured(page, cdp, COMPOSER_INPUT, chars)))
        bare.push(...(await typeMeasured(page, cdp, BARE_INPUT, chars)))
      } else {
        bare.push(...(await typeMeasured(page, cdp, BARE_INPUT, chars)))
        composer.push(...(await typeMeasured(page, cdp, COMPOSER_INPUT, chars)))
      }
    }

    // Counting pass: which components render per keystroke.
    await page.fill(COMPOSER_INPUT, 'x')
    await page.focus(COMPOSER_INPUT)
    await page.evaluate(() => {
      window.__bench.commits = []
      window.__bench.counting = true
    })
    const counted = quick ? 20 : 50
    const perKey: CommitRecord[][] = []
    for (let i = 0; i < counted; i++) {
      await page.evaluate(() => {
        window.__bench.commits = []
      })
      await page.keyboard.type(TEXT[i % TEXT.length] ?? 'x')
      perKey.push(await page.evaluate(() => window.__bench.commits))
    }
    await page.evaluate(() => {
      window.__bench.counting = false
    })
    const renderers = await page.evaluate(() => window.__bench.renderers)
    if (renderers < 1) throw new Error('the DevTools hook was not injected')
    const outside = perKey.map((commits) =>
      commits.flatMap((commit) => commit.components.filter((c) => !c.inQuestion)),
    )
    const inside = perKey.map((commits) =>
      commits.flatMap((commit) => commit.components.filter((c) => c.inQuestion)),
    )
    const worst = outside.reduce((max, list) => (list.length > max.length ? list : max), [])
    const names = [...new Set(worst.map((c) => c.name))].join(', ')
    const a = median(composer)
    const b = median(bare)
    return [
      entry({
        name: 'B2.typing.script-per-key',
        value: a,
        unit: 'ms',
        baseline: b,
        budget: 1.5,
        budgetOnRatio: true,
        note: `median renderer-main-thread script time per keystroke: composer custom answer on Q25/50 vs bare controlled textarea; ${rounds}×${chars} keys each`,
      }),
      entry({
        name: 'B2.typing.rerenders-outside-question',
        value: worst.length,
        unit: 'components',
        budget: 0,
        note: `most components outside the active question rendered by one keystroke (of ${counted})${names ? `: ${names}` : ''}; inside it: median ${median(inside.map((l) => l.length))}`,
      }),
    ]
  } finally {
    await browser.close()
  }
}
