#!/usr/bin/env node
// Prints the minified + gzipped size of the browser code a chat app adds:
// @parley/react (with @parley/machine and the parts of @parley/seam it uses),
// its lazily loaded chunks (Markdown, RE2, the zh-CN and ja dictionaries), and
// @parley/client (every chunk but RE2's, which has its own budget), and judges each against its budget (exit 1 when one is
// over). Peers are external. "Eager" is what the entry chunk pulls in through
// static imports; a chunk reached only by a dynamic import() is lazy.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const external = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'zustand',
  'zustand/*',
  '@tanstack/react-query',
]
// 20.2 kB: 20 kB until the RE2 engine became a lazy chunk (issue 27): esbuild then puts its
// split-out runtime helper (__export, 0.17 kB gzip) in the eager file.
// 20.9 kB: issue 26's fixes — Enter submits a complete batch, a card that ends under the user's
// keystrokes keeps its question, the user's own Stop, digits from the title, the region named
// after who asks, Skip said (0.70 kB; bench/README.md). The ended card's view went to a lazy
// chunk (issue 26, item 6, with the answer that counted: 20.82 → 20.71 kB); the plan-review body
// goes next, and this comes back down.
// 21.1 kB (2026-12-02): the approval intent's card and option previews (issue 30) took what the
// plan-review body's lazy chunk won back (20.90 kB on their own), and layout effects that stand
// down where there is no DOM, so React 18's server rendering prints no warning (0.02 kB), came
// with the merge at 21.00 kB. Next down: the intent words and typed constraints out of the eager
// chunk (issue 28).
// 21.3 kB (2026-12-02): the chat-input takeover as the machine's pure rule, and the slot tracking
// an open IME composition in the chat input so the card never covers a candidate (0.12 kB, issue
// 28); a card whose server stopped or restarted says so and keeps the drafts (0.12 kB, issue 27).
// 21.5 kB (2026-12-02): an approval's edit decision (issue 31), checked in every browser before
// it is sent, like every other answer rule: `validateAnswer` reads the edit label and parses the
// arguments' JSON (approval-edit.ts, 0.17 kB; 21.44 kB measured).
// 21.52 kB (2026-12-03): a lazily loaded view keeps the component type it mounted with, so a card
// shown before its chunk arrived does not remount (and close its open Deny reason or Edit form)
// on its next render: a bug fix in three eager files (0.005 kB; 21.505 kB measured).
// 21.6 kB (2026-12-03): ComposerSlot split into the slot and its takeover hook (slot-takeover.ts) for
// issue 28's rule of no function over 120 lines (it was 226): the hook's arguments and returned
// tuple cost 0.09 kB gzip (21.592 kB measured). Next down: the typed constraints out of the eager
// chunk, loaded with the first request that has them (issue 28).
// 24.7 kB (2026-12-03): the machine reads every receipt with the seam's schema (`v.safeParse` of
// RespondReceiptSchema) where React had a hand-written reader (a twin, issue 28): valibot is in
// the eager chunk for the first time (2.5 kB), and the card endings moved from React into the
// machine (endings.store.ts, 0.45 kB); 24.61 kB measured. See bench/README.md.
const BUDGET_KB = 24.7
// 25.5 kB: 24.5 kB measured before the detail's limits (limits.ts, about 0.6 kB gzip),
// the linear pre-scan that keeps hostile Markdown from freezing the tab (issue 27).
const MARKDOWN_BUDGET_KB = 25.5
// The RE2 engine `input.pattern` is matched with: a lazy chunk of the composer and the client (one file in an app).
const RE2_BUDGET_KB = 47
// B1.client.gzip in bench/b1-bundle.ts: every chunk of the client build counts.
// 10.4 kB (2026-12-02, issue 27): the host's clock (`mux/hello`) read into every stored time, so a
// browser whose clock is off counts a deadline down rightly (0.20 kB), and the host's instance,
// so a reconnect to a restarted host records what it lost as `server-gone` (0.19 kB).
// 10.7 kB (2026-12-02, issue 28): the hand-written twins are gone: the respond receipt is parsed
// by its own schema (valibot's `variant` and `union` come with it) and an app frame by its
// `looseObject`, where hand-written copies matched them for 0.32 kB (10.63 kB measured).
const CLIENT_BUDGET_KB = 10.7

const kb = (bytes) => (bytes / 1000).toFixed(2)
const gz = (contents) => gzipSync(contents, { level: 9 }).length

async function bundle(entry) {
  const outdir = mkdtempSync(join(tmpdir(), 'parley-size-'))
  try {
    const result = await build({
      entryPoints: [join(root, entry)],
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outdir,
      write: false,
      metafile: true,
      external,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    })
    const chunks = result.outputFiles
      .filter((file) => file.path.endsWith('.js'))
      .map((file) => {
        const meta =
          result.metafile.outputs[relative(process.cwd(), file.path)] ??
          Object.entries(result.metafile.outputs).find(([path]) => file.path.endsWith(path))?.[1]
        return {
          path: relative(process.cwd(), file.path),
          name: relative(outdir, file.path),
          // esbuild marks dynamic-import targets as entry points too: match the real entry.
          entry:
            meta?.entryPoint !== undefined &&
            join(process.cwd(), meta.entryPoint) === join(root, entry),
          inputs: Object.keys(meta?.inputs ?? {}),
          imports: (meta?.imports ?? []).filter((i) => !i.external),
          raw: file.contents.length,
          gzip: gz(file.contents),
        }
      })
    return chunks
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

/** Chunks the entry loads up front: the entry and its static imports, transitively. */
function eagerChunks(chunks) {
  const byPath = new Map(chunks.map((chunk) => [chunk.path, chunk]))
  const eager = new Set()
  const visit = (chunk) => {
    if (!chunk || eager.has(chunk)) return
    eager.add(chunk)
    for (const imported of chunk.imports)
      if (imported.kind === 'import-statement') visit(byPath.get(imported.path))
  }
  for (const chunk of chunks) if (chunk.entry) visit(chunk)
  return eager
}

const isRe2 = (chunk) => chunk.inputs.some((input) => input.includes('/re2js/'))

function lazyLabel(chunk) {
  if (chunk.inputs.some((input) => input.includes('/markdown/'))) return 'Markdown'
  if (isRe2(chunk)) return 'RE2'
  if (chunk.inputs.some((input) => input.endsWith('/settled-view.tsx'))) return 'ended card'
  const locale = chunk.inputs
    .map((input) => /\/locales\/([\w-]+)\.ts$/.exec(input)?.[1])
    .find(Boolean)
  return locale ? `${locale} dictionary` : 'lazy'
}

function report(label, chunks) {
  const eagerSet = eagerChunks(chunks)
  const eager = chunks.filter((chunk) => eagerSet.has(chunk))
  const lazy = chunks.filter((chunk) => !eagerSet.has(chunk))
  const sum = (list, key) => list.reduce((total, chunk) => total + chunk[key], 0)
  const eagerGzip = sum(eager, 'gzip')
  console.log(`${label}: ${kb(sum(eager, 'raw'))} kB min, ${kb(eagerGzip)} kB gzip`)
  for (const chunk of lazy)
    console.log(
      `  lazy chunk ${chunk.name} (${lazyLabel(chunk)}): ${kb(chunk.raw)} kB min, ${kb(chunk.gzip)} kB gzip`,
    )
  const zod = chunks.some((chunk) => chunk.inputs.some((input) => input.includes('/zod/')))
  if (zod) console.log('  note: zod is in this bundle')
  const markdownGzip = sum(
    lazy.filter((chunk) => lazyLabel(chunk) === 'Markdown'),
    'gzip',
  )
  const re2Gzip = sum(lazy.filter(isRe2), 'gzip')
  const withoutRe2 = sum(
    chunks.filter((chunk) => !isRe2(chunk)),
    'gzip',
  )
  return { eagerGzip, markdownGzip, re2Gzip, totalGzip: withoutRe2 }
}

const composer = await bundle('packages/react/src/index.ts')
const {
  eagerGzip: composerGzip,
  markdownGzip,
  re2Gzip,
} = report('@parley/react (composer, eager)', composer)
const client = await bundle('packages/client/src/index.ts').catch((error) => {
  console.log(`@parley/client: not measured (${error.message.split('\n')[0]})`)
  return null
})
const clientGzip = client ? report('@parley/client', client).totalGzip : null

const over = composerGzip / 1000 > BUDGET_KB
console.log(
  `budget: composer ${kb(composerGzip)} kB / ${BUDGET_KB} kB gzip — ${over ? 'OVER' : 'ok'}`,
)
const markdownOver = markdownGzip / 1000 > MARKDOWN_BUDGET_KB
console.log(
  `budget: Markdown (lazy) ${kb(markdownGzip)} kB / ${MARKDOWN_BUDGET_KB} kB gzip — ${markdownOver ? 'OVER' : 'ok'}`,
)
const re2Over = re2Gzip / 1000 > RE2_BUDGET_KB
console.log(
  `budget: RE2 (lazy) ${kb(re2Gzip)} kB / ${RE2_BUDGET_KB} kB gzip — ${re2Over ? 'OVER' : 'ok'}`,
)
const clientOver = clientGzip === null || clientGzip / 1000 > CLIENT_BUDGET_KB
console.log(
  `budget: client ${clientGzip === null ? 'not measured' : `${kb(clientGzip)} kB`} / ${CLIENT_BUDGET_KB} kB gzip — ${clientOver ? 'OVER' : 'ok'}`,
)
if (over || markdownOver || re2Over || clientOver) process.exitCode = 1
