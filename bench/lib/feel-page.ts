/**
 * Builds the B5 page (production React, ESM with code splitting, so the
 * Markdown chunk loads over the network the way the demo's build loads it)
 * and serves it with the real host; opens it in Debian's Chromium.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { type Browser, chromium, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { type FeelServer, startFeelServer } from './feel-server.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const out = `${root}bench/.out/b5`

/** Which page: `choose` (plain, the composer's stylesheet) or `demo` (the demo's layout and CSS). */
type FeelPage = 'choose' | 'demo'

const STYLES: Record<FeelPage, string[]> = {
  choose: ['/css/parley.css'],
  demo: ['/css/app.css', '/css/parley.css'],
}

async function buildPage(): Promise<void> {
  await build({
    entryPoints: [`${root}bench/page/b5/main.tsx`],
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: process.env.B5_MINIFY !== '0',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    outdir: out,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  })
  for (const page of ['choose', 'demo'] as const)
    writeFileSync(
      `${out}/${page}.html`,
      `<!doctype html><html lang="en" data-page="${page}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Parley B5</title>
${STYLES[page].map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}</head>
<body><script type="module" src="/b5/main.js"></script></body></html>`,
    )
}

export interface FeelHarness {
  server: FeelServer
  browser: Browser
  /** A new page (its own context) showing `which`, ready for its API. */
  open(which: FeelPage, viewport?: { width: number; height: number }): Promise<Page>
  close(): Promise<void>
}

export async function startFeelHarness(): Promise<FeelHarness> {
  await buildPage()
  const server = await startFeelServer(out, {
    '/css/app.css': `${root}apps/web/src/app.css`,
    '/css/parley.css': `${root}packages/react/src/styles.css`,
  })
  let browser: Browser
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  } catch (error) {
    await server.close()
    throw error
  }
  return {
    server,
    browser,
    async open(which, viewport = { width: 1280, height: 720 }) {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      const errors: Error[] = []
      page.on('pageerror', (error) => errors.push(error))
      // B5_INJECT names a fault (bench/page/b5/inject.ts) that must make a figure miss.
      const inject = process.env.B5_INJECT ? `?inject=${process.env.B5_INJECT}` : ''
      await page.goto(`${server.origin}/b5/${which}.html${inject}`)
      await page.waitForFunction((name) => name in window, `__b5${which}`)
      if (errors.length > 0) throw errors[0]
      return page
    },
    async close() {
      await browser.close()
      await server.close()
    },
  }
}
